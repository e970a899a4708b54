/**
 * E-mail attachments: queuePlainMails keeps them in the outbox (base64) and the sender delivers
 * them to a real SMTP server; an .ics invitation also goes as the message's calendar part.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { queuePlainMails } from '../src/modules/notifications/notifications.outbox.ts';
import { sendDueMail, transportFor } from '../src/modules/notifications/notifications.sender.ts';
import { mailOutbox } from '../src/modules/notifications/notifications.tables.ts';
import { buildCalendar } from '../src/platform/ical.ts';
import type { RequestContext } from '../src/platform/context.ts';
import { eq } from 'drizzle-orm';
import { mailById, smtpConfig, startSmtp, type SmtpSink } from './notifications-support.ts';
import { createTestApp, type TestApp } from './support.ts';

let t: TestApp;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtp();
  t = await createTestApp({ smtp: smtpConfig(sink.port) });
});
afterAll(async () => {
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
