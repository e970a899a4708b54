/**
 * E-mail attachments: queuePlainMails keeps them in the outbox (base64) and the sender delivers
 * them to a real SMTP server; an .ics invitation also goes as the message's calendar part.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { queuePlainMails } from '../src/modules/notifications/notifications.outbox.ts';
import { sendDueMail, transportFor } from '../src/modules/notifications/notifications.sender.ts';
import { mailOutbox } from '../src/modules/notifications/notifications.tables.ts';
import { buildCalendar } from '../src/platform/ical.ts';
import type { RequestContext } from '../src/platform/context.ts';
import { eq } from 'drizzle-orm';
import { invitationKindOf, personOf } from '../src/modules/calendar/calendar.mail.ts';
import { CANCEL, NOW, badmintonType, makeResource, submit } from './booking-fixtures.ts';
import {
  mailById,
  mailsOf,
  notificationsAbout,
  smtpConfig,
  startSmtp,
  type OutboxRow,
  type SmtpSink,
} from './notifications-support.ts';
import { createTestApp, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtp();
  t = await createTestApp({ smtp: smtpConfig(sink.port) });
}, 300_000);
afterAll(async () => {
  bookingClock.now = () => Date.now();
  await t?.close();
  await sink?.close();
});

function ctx(): RequestContext {
  return { config: t.config, db: t.database.db, log: t.app.log, tenant: null, user: null, ip: '127.0.0.1' };
}

/** The decoded body of the MIME part whose headers match. */
function part(raw: string, header: RegExp): string | undefined {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((m) => m[1]!);
  for (const b of boundaries) {
    for (const chunk of raw.split(`--${b}`)) {
      const [head, ...rest] = chunk.split('\r\n\r\n');
      if (!head || !header.test(head)) continue;
      const body = rest.join('\r\n\r\n').trim();
      if (/Content-Transfer-Encoding:\s*base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
      if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(head)) {
        return Buffer.from(
          body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8');
      }
      return body;
    }
  }
  return undefined;
}

describe('mail attachments', () => {
  it('queues attachments as base64 and the sender delivers them, an invitation also as the calendar part', async () => {
    const ics = buildCalendar({
      timeZone: 'Asia/Shanghai',
      method: 'REQUEST',
      events: [
        {
          uid: 'mail-test@yy.test',
          sequence: 0,
          start: new Date('2026-05-04T01:30:00Z'),
          end: new Date('2026-05-04T02:30:00Z'),
          summary: '第一会议室 / Room 1',
          status: 'CONFIRMED',
          organizer: { name: 'Yuyue', email: 'no-reply@yy.test' },
          lastModified: new Date('2026-05-01T00:00:00Z'),
        },
      ],
    });
    const bytes = Uint8Array.from([0, 1, 2, 250, 255]);
    const queued = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      queuePlainMails(tx, ctx(), t.demoTenantId, [
        {
          recipient: 'attach@example.org',
          subject: '预约成功 / Booked',
          body: '正文 body',
          attachments: [
            { filename: 'booking.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: ics },
            { filename: 'da"ta\r\n.bin', contentType: 'application/octet-stream', content: bytes },
          ],
        },
        { recipient: 'plain@example.org', subject: 'No files', body: 'x' },
      ]),
    );
    expect(queued).toBe(2);
    const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'attach@example.org'));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.attachments).toEqual([
      {
        filename: 'booking.ics',
        contentType: 'text/calendar; charset=utf-8; method=REQUEST',
        content: Buffer.from(ics).toString('base64'),
      },
      { filename: 'da_ta__.bin', contentType: 'application/octet-stream', content: 'AAEC+v8=' },
    ]);
    const [plain] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'plain@example.org'));
    expect(plain!.attachments).toEqual([]);

    for (let i = 0; i < 50 && (await mailById(t.database.db, row.id)).status !== 'sent'; i++) {
      await sendDueMail(t.database.db, { transport: transportFor(t.config.smtp, t.app.log), from: t.config.smtp.from });
    }
    expect((await mailById(t.database.db, row.id)).status).toBe('sent');
    const got = sink.received.find((m) => m.outboxId === row.id)!;
    expect(got).toBeDefined();
    // The .ics as a file, byte for byte.
    expect(part(got.raw, /filename="?booking\.ics/i)).toBe(ics);
    // And as the message's calendar part, with its method, for clients that show invitations.
    expect(part(got.raw, /Content-Type:\s*text\/calendar;[^]*method=REQUEST(?![^]*filename)/i)?.trim()).toBe(
      ics.trim(),
    );
    expect(got.raw).toMatch(/filename="?da_ta__\.bin/);
    expect(part(got.raw, /filename="?da_ta__\.bin/)).toBeDefined();
  });
});

/** The unfolded lines of an iCalendar text. */
const icsLines = (text: string) =>
  text
    .split('\r\n')
    .reduce<string[]>((acc, l) => {
      if (l.startsWith(' ')) acc[acc.length - 1] += l.slice(1);
      else acc.push(l);
      return acc;
    }, [])
    .filter(Boolean);
/** A property of the calendar (METHOD) or of its first event. */
const icsProp = (text: string, name: string) => {
  const all = icsLines(text);
  return all
    .slice(name === 'METHOD' ? 0 : all.indexOf('BEGIN:VEVENT'))
    .find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`))
    ?.replace(/^[^:]*:/, '');
};

async function sendAll(rows: OutboxRow[]) {
  for (let i = 0; i < 50; i++) {
    await sendDueMail(t.database.db, { transport: transportFor(t.config.smtp, t.app.log), from: t.config.smtp.from });
    const states = await Promise.all(rows.map((r) => mailById(t.database.db, r.id)));
    if (states.every((m) => m.status === 'sent')) return;
  }
  throw new Error('not sent');
}

describe('booking e-mails carry the booking’s .ics', () => {
  it('a confirmation an invitation (REQUEST), its cancellation a CANCEL with the same UID and a higher SEQUENCE', async () => {
    const admin = await t.tokenFor('admin');
    const student = await t.tokenFor('student');
    bookingClock.now = () => NOW;
    const resource = await makeResource(t, admin, await badmintonType(t, admin), {
      resources_name_en: 'Calendar court',
      is_notification_push: '1',
      notifiy_channels: 'email',
      success_notification_push: '1',
      cancel_notification_push: '1',
    });
    const address = `cal-${Date.now()}@example.org`;
    const saved = await submit(t, student, {
      model: { resources_id: resource.id, appointment_date: '2030-01-03', theme: '日历测试', email: address },
      timeSlotIdList: [resource.slots[0]!.id],
    });
    expect(saved.code, JSON.stringify(saved)).toBe('0');
    const id = saved.ids[0] as string;

    const booked = (
      await mailsOf(
        t.database.db,
        (await notificationsAbout(t.database.db, [id])).map((n) => n.id),
      )
    ).filter((m) => m.recipient === address);
    expect(booked).toHaveLength(1);
    expect(booked[0]!.attachments).toHaveLength(1);
    const invite = booked[0]!.attachments[0]!;
    expect(invite).toMatchObject({
      filename: 'invite.ics',
      contentType: 'text/calendar; charset=utf-8; method=REQUEST',
    });
    const request = Buffer.from(invite.content, 'base64').toString('utf8');
    expect(icsProp(request, 'METHOD')).toBe('REQUEST');
    expect(icsProp(request, 'UID')).toMatch(new RegExp(`^${id}@`));
    expect(icsProp(request, 'STATUS')).toBe('CONFIRMED');
    expect(icsProp(request, 'DTSTART')).toBe('20300103T090000');
    expect(icsLines(request)).toContain('TZID:Asia/Shanghai');
    expect(icsLines(request).find((l) => l.startsWith('ORGANIZER'))).toBe(
      'ORGANIZER;CN="Yuyue":mailto:no-reply@yy.test',
    );
    expect(icsLines(request).find((l) => l.startsWith('ATTENDEE'))).toContain(`mailto:${address}`);

    bookingClock.now = () => NOW + 5000;
    const res = await t.gql('apps_yy_sys', CANCEL, { token: student, variables: { id, reason: '有事' } });
    expect(res.body.data?.updateAppointmentInformationState?.errcode, JSON.stringify(res.body)).toBe('0');
    const all = (
      await mailsOf(
        t.database.db,
        (await notificationsAbout(t.database.db, [id])).map((n) => n.id),
      )
    ).filter((m) => m.recipient === address);
    const cancelMail = all.find((m) => m.id !== booked[0]!.id)!;
    expect(cancelMail.attachments[0]).toMatchObject({
      filename: 'cancel.ics',
      contentType: 'text/calendar; charset=utf-8; method=CANCEL',
    });
    const cancel = Buffer.from(cancelMail.attachments[0]!.content, 'base64').toString('utf8');
    expect(icsProp(cancel, 'METHOD')).toBe('CANCEL');
    expect(icsProp(cancel, 'UID')).toBe(icsProp(request, 'UID'));
    expect(icsProp(cancel, 'STATUS')).toBe('CANCELLED');
    expect(Number(icsProp(cancel, 'SEQUENCE'))).toBeGreaterThan(Number(icsProp(request, 'SEQUENCE')));

    // Both reach the SMTP server with the calendar part.
    await sendAll(all);
    const raw = sink.received.find((m) => m.outboxId === cancelMail.id)!.raw;
    expect(raw).toMatch(/text\/calendar; charset=utf-8; method=CANCEL/i);
  });

  it('which events carry one, and the organizer from the sender address', () => {
    const b = {
      id: 'x',
      resources_name: '',
      resources_name_en: '',
      theme: '',
      theme_en: '',
      appointment_user: '',
      appointment_user_name: '',
      starts_at: new Date(),
      ends_at: new Date(),
      state: '0',
      audit_status: '0',
      appointment_state: '0',
      remark: '',
      cancel_reason: '',
      cancel_time: null,
      create_time: new Date(),
      update_time: new Date(),
    };
    expect(invitationKindOf('booked', b)).toBe('request');
    expect(invitationKindOf('booked', { ...b, audit_status: '1' })).toBeNull(); // awaiting approval
    expect(invitationKindOf('approved', { ...b, audit_status: '2' })).toBe('request');
    expect(invitationKindOf('rejected', { ...b, audit_status: '3' })).toBeNull();
    expect(invitationKindOf('cancelled', { ...b, state: '1' })).toBe('cancel');
    expect(invitationKindOf('signed_in', b)).toBeNull();
    expect(personOf('Yuyue <no-reply@yy.test>')).toEqual({ name: 'Yuyue', email: 'no-reply@yy.test' });
    expect(personOf('"预约 系统" <a@b.cn>')).toEqual({ name: '预约 系统', email: 'a@b.cn' });
    expect(personOf('a@b.cn')).toEqual({ name: '', email: 'a@b.cn' });
    expect(personOf('nobody')).toBeNull();
  });
});
