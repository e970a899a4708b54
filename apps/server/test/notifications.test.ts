/**
 * Notifications: what a booking, its cancellation, an approval decision and a sign-in queue (in
 * the change's transaction, as each resource's settings say), the outbox sender delivering each
 * e-mail exactly once to a real SMTP server (retries, give-up, lease, concurrent senders), and the
 * signed-in user's in-app notifications.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTenant, type Database, type Db } from '../src/db/client.ts';
import { appointments } from '../src/modules/booking/booking.tables.ts';
import {
  findUserByAccount,
  insertDepartment,
  insertPosition,
  insertPost,
  insertUser,
} from '../src/modules/directory/directory.repository.ts';
import { notifyBookings, type BookingEvent } from '../src/modules/notifications/notifications.outbox.ts';
import { claimDueMails, insertMails } from '../src/modules/notifications/notifications.repository.ts';
import { MAIL_LEASE_MS, MAIL_MAX_ATTEMPTS } from '../src/modules/notifications/notifications.rules.ts';
import {
  MAIL_POLL_MS,
  mailOutboxJob,
  sendDueMail,
  transportFor,
} from '../src/modules/notifications/notifications.sender.ts';
import { mailOutbox, notifications } from '../src/modules/notifications/notifications.tables.ts';
import type { RequestContext } from '../src/platform/context.ts';
import { runExclusively } from '../src/platform/jobs.ts';
import {
  expectDeliveredOnce,
  mailById,
  mailsOf,
  notificationsAbout,
  smtpConfig,
  startSmtp,
  uniqueName,
  type SmtpSink,
} from './notifications-support.ts';
import { CANCEL, makeResource as makeFixtureResource, NOW, ZONE } from './booking-fixtures.ts';
import { createTestApp, freshDatabase, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

const DAY = '2030-01-03';

const SAVE_ALL = `mutation($model: InputAppointmentInformation!, $timeSlotIdList: [String]) {
  saveAppointmentInformationAll(model: $model, timeSlotIdList: $timeSlotIdList) { code messages ids auditStatus } }`;
const APPROVE = `mutation($id: ID!, $reason: String) { approveAppointment(id: $id, reason: $reason) { errcode msg } }`;
const REJECT = `mutation($id: ID!, $reason: String!) { rejectAppointment(id: $id, reason: $reason) { errcode msg } }`;
const MINE = `query($first: Int, $offset: Int, $after: String, $filter: NotificationFilterMap) {
  findNotificationAllForAccount(first: $first, offset: $offset, after: $after, filter: $filter) {
    edges { node { id event audience appointment_id appointment_count resources_id resources_name resources_name_en
      title title_en content content_en state read_time create_time } cursor }
    pageInfo { hasNextPage endCursor } totalCount unreadCount } }`;
const UNREAD = `{ findNotificationUnreadCount }`;
const MARK = `mutation($id: ID, $state: String) { updateNotificationState(id: $id, state: $state) { errcode msg msg_en ids } }`;
const READ_ALL = `mutation { readNotificationAll { errcode msg ids } }`;
const MAILS = `query($filter: NotificationMailFilterMap) { findNotificationMailAll(first: 50, filter: $filter) {
  edges { node { id notification_id recipient subject status attempts last_error transport next_attempt_time sent_time
    message_id } } totalCount } }`;
const RESEND = `mutation($ids: [String]) { resendNotificationMail(ids: $ids) { errcode msg msg_en ids } }`;

let t: TestApp;
let sink: SmtpSink;
let admin: string;
let student: string;
let approver: string;
let typeId: string;
let deptCode: string;
let studentCtx: RequestContext;

/** Notification settings that tell everything by e-mail too. */
const NOTIFY_ALL = {
  is_notification_push: '1',
  notifiy_channels: 'email',
  success_notification_push: '1',
  cancel_notification_push: '1',
};

async function makeResource(extra: Record<string, unknown> = {}): Promise<{ id: string; slots: string[] }> {
  const r = await makeFixtureResource(t, admin, typeId, { resources_name_en: 'Notify court', ...extra });
  return { id: r.id, slots: r.slots.map((s) => s.id) };
}

async function book(token: string, resourcesId: string, slotIds: string[], model: Record<string, unknown> = {}) {
  const res = await t.gql('apps_yy_sys', SAVE_ALL, {
    token,
    variables: {
      model: { resources_id: resourcesId, appointment_date: DAY, theme: '通知测试', ...model },
      timeSlotIdList: slotIds,
    },
  });
  const out = res.body.data?.saveAppointmentInformationAll as { code: string; ids: string[]; auditStatus: string };
  expect(out?.code, JSON.stringify(res.body)).toBe('0');
  return out;
}

async function call(token: string, doc: string, variables: Record<string, unknown> = {}) {
  const res = await t.gql('apps_yy_sys', doc, { token, variables });
  expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
  return Object.values(res.body.data!)[0] as { errcode: string; msg: string; msg_en: string; ids?: string[] };
}

const sendNow = () =>
  sendDueMail(t.database.db, { transport: transportFor(t.config.smtp, t.app.log), from: t.config.smtp.from });

/**
 * Sends until every row is sent. The app's own sender job runs in the background too (every
 * MAIL_POLL_MS), so a row may be in its hands for a moment: both together must still deliver
 * each e-mail once.
 */
async function drain(rows: { id: string }[]) {
  for (let i = 0; i < 100; i++) {
    await sendNow();
    const states = await Promise.all(rows.map((r) => mailById(t.database.db, r.id)));
    if (states.every((m) => m.status === 'sent')) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the outbox was not drained');
}

/** Queues an e-mail directly in the outbox (as notifyBookings would). */
async function queue(db: Db, tenantId: string, recipient: string) {
  const id = randomUUID();
  await insertMails(db, tenantId, [
    { id, notification_id: null, recipient, subject: '测试 / Test', body: '正文 body', message_id: `<${id}@yy.test>` },
  ]);
  return mailById(db, id);
}

async function rowsOf(id: string) {
  return t.database.db.select().from(appointments).where(eq(appointments.id, id));
}

beforeAll(async () => {
  sink = await startSmtp();
  t = await createTestApp({ smtp: smtpConfig(sink.port) });
  admin = await t.tokenFor('admin');
  student = await t.tokenFor('student');
  const tenantId = t.demoTenantId;
  deptCode = `NTF${Date.now().toString(36)}`;
  const me = await withTenant(t.database.db, tenantId, async (tx) => {
    const dept = await insertDepartment(tx, tenantId, { name: '场馆中心', code: deptCode });
    const post = await insertPost(tx, tenantId, { name: '场馆管理员', code: `${deptCode}-P` });
    const a = await insertUser(tx, tenantId, {
      account: 'venue-admin',
      name: '场馆管理员',
      email: 'venue@demo.edu.cn',
    });
    await insertPosition(tx, tenantId, { user_id: a.id, dept_id: dept.id, post_id: post.id, active: true });
    await insertUser(tx, tenantId, { account: 'no-mail', name: '没有邮箱' });
    return findUserByAccount(tx, tenantId, 'student');
  });
  approver = await t.tokenFor('venue-admin');
  studentCtx = {
    config: t.config,
    db: t.database.db,
    log: t.app.log,
    ip: '127.0.0.1',
    tenant: { id: tenantId, key: 'demo', timeZone: ZONE, isSuper: true },
    user: { id: me!.id, account: 'student', name: me!.name, role: 'user', tenantId },
  };
  const types = (await t.gql('apps_yy_sys', `{ findResourcesTypeAll { id resources_name } }`, { token: admin })).body
    .data!.findResourcesTypeAll as { id: string; resources_name: string }[];
  typeId = types.find((x) => x.resources_name === '羽毛球场')!.id;
}, 60_000);

afterAll(async () => {
  bookingClock.now = () => Date.now();
  await t?.close();
  await sink?.close();
});

beforeEach(() => {
  bookingClock.now = () => NOW;
  sink.refuse = null;
});

describe('notifyBookings and the sender, directly', () => {
  it('queues one in-app notification and one e-mail in the caller transaction; the job sends it once', async () => {
    const r = await makeResource(NOTIFY_ALL);
    const { ids } = await book(student, r.id, [r.slots[0]!]);
    const before = await notificationsAbout(t.database.db, ids);
    const rows = await rowsOf(ids[0]!);
    await withTenant(t.database.db, t.demoTenantId, (tx) => notifyBookings(tx, studentCtx, 'booked', rows));
    const after = await notificationsAbout(t.database.db, ids);
    const added = after.filter((n) => !before.some((b) => b.id === n.id));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      recipient: 'student',
      event: 'booked',
      audience: 'booker',
      appointment_count: 1,
      title: '预约成功',
      title_en: 'Booking confirmed',
      read_time: null,
    });
    expect(added[0]!.content).toContain('2030-01-03（周四）09:00-10:00');
    expect(added[0]!.content_en).toContain('Notify court');
    const [mail] = await mailsOf(t.database.db, [added[0]!.id]);
    expect(mail).toMatchObject({ recipient: 'student@demo.edu.cn', last_error: '' });
    expect(mail!.message_id).toBe(`<${mail!.id}@yy.test>`);
    expect(mail!.subject).toBe('预约成功 / Booking confirmed');

    await drain([mail!]);
    await sendNow();
    expectDeliveredOnce(sink, [mail!]);
    expect(await mailById(t.database.db, mail!.id)).toMatchObject({ status: 'sent', transport: 'smtp', attempts: 1 });
    const got = sink.received.find((m) => m.outboxId === mail!.id)!;
    expect(got.from).toBe('no-reply@yy.test');
    expect(got.raw).toMatch(/^Subject: /m);
  });

  it('nothing is queued when the change rolls back', async () => {
    const r = await makeResource(NOTIFY_ALL);
    const { ids } = await book(student, r.id, [r.slots[1]!]);
    const before = await notificationsAbout(t.database.db, ids);
    const rows = await rowsOf(ids[0]!);
    await expect(
      withTenant(t.database.db, t.demoTenantId, async (tx) => {
        await notifyBookings(tx, studentCtx, 'cancelled', rows);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await notificationsAbout(t.database.db, ids)).toHaveLength(before.length);
  });

  it("follows the resource's settings: off, in-app only, own texts, directory e-mail, administrators", async () => {
    // The rows are read before the transaction: PGlite has one connection, busy with it.
    const notify = async (ctx: RequestContext, event: BookingEvent, id: string) => {
      const rows = await rowsOf(id);
      await withTenant(t.database.db, t.demoTenantId, (x) => notifyBookings(x, ctx, event, rows));
    };
    // notifications off: nothing
    const off = await makeResource({ ...NOTIFY_ALL, is_notification_push: '0' });
    const a = await book(student, off.id, [off.slots[0]!]);
    await withTenant(t.database.db, t.demoTenantId, (x) => notifyBookings(x, studentCtx, 'cancelled', []));
    await notify(studentCtx, 'booked', a.ids[0]!);
    expect(await notificationsAbout(t.database.db, a.ids)).toEqual([]);

    // in-app only (no e-mail channel), with the resource's own texts
    const inapp = await makeResource({
      ...NOTIFY_ALL,
      notifiy_channels: 'sms',
      cancel_notification_rule_apply: '{name}，您在{resource}的预约（{date} {start}-{end}）已取消：{reason}',
    });
    const b = await book(student, inapp.id, [inapp.slots[0]!]);
    expect((await call(student, CANCEL, { id: b.ids[0], reason: '临时有事' })).errcode).toBe('0');
    const cancelled = (await notificationsAbout(t.database.db, b.ids)).filter((n) => n.event === 'cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.content).toMatch(/^.+，您在场地 \w+的预约（2030-01-03 09:00-10:00）已取消：临时有事$/);
    expect(await mailsOf(t.database.db, [cancelled[0]!.id])).toEqual([]);

    // a booker without an e-mail on the booking falls back to the directory; none at all: in-app only
    const mailed = await makeResource({ ...NOTIFY_ALL, cancel_notification_rule_admin: '1', admin_dept: deptCode });
    const c = await book(student, mailed.id, [mailed.slots[2]!], { email: '' });
    const noMail = await t.tokenFor('no-mail');
    const d = await book(noMail, mailed.id, [mailed.slots[3]!], { email: '' });
    const cRows = await notificationsAbout(t.database.db, c.ids);
    const dRows = await notificationsAbout(t.database.db, d.ids);
    expect(
      (
        await mailsOf(
          t.database.db,
          cRows.map((n) => n.id),
        )
      ).map((m) => m.recipient),
    ).toEqual(cRows.map(() => 'student@demo.edu.cn'));
    expect(
      await mailsOf(
        t.database.db,
        dRows.map((n) => n.id),
      ),
    ).toEqual([]);

    // a cancellation with an administrator text tells the resource's administrators too (not the one who cancelled)
    await notify(studentCtx, 'cancelled', c.ids[0]!);
    const told = (await notificationsAbout(t.database.db, c.ids)).filter((n) => n.event === 'cancelled');
    expect(told.map((n) => [n.audience, n.recipient]).sort()).toEqual([
      ['admin', 'venue-admin'],
      ['booker', 'student'],
    ]);
    const adminMail = (
      await mailsOf(
        t.database.db,
        told.map((n) => n.id),
      )
    ).find((m) => m.recipient === 'venue@demo.edu.cn');
    expect(adminMail?.subject).toBe('预约被取消 / A booking was cancelled');
    const adminCtx = { ...studentCtx, user: { ...studentCtx.user!, account: 'venue-admin' } };
    const e = await book(student, mailed.id, [mailed.slots[1]!]);
    await notify(adminCtx, 'cancelled', e.ids[0]!);
    expect(
      (await notificationsAbout(t.database.db, e.ids)).filter((n) => n.event === 'cancelled').map((n) => n.recipient),
    ).toEqual(['student']);
  });

  it('sign-in notifications follow the rule template of a resource that uses one', async () => {
    const tpl = await t.gql(
      'apps_yy_sys',
      `mutation($model: InputResourcesRuleTemplate!) { saveResourcesRuleTemplate(model: $model) { errcode msg ids } }`,
      {
        token: admin,
        variables: {
          model: {
            template_name: uniqueName('签到通知模板'),
            appointment_date_rule: '1',
            appointment_date_days: 7,
            days_rule_refresh_time: '21:00',
            time_slot_rule: '1',
            config: { signin_rule: '1', signin_notification_push: '1', signin_notification_rule: '请于结束时签退' },
            resourcesTimeSlot: [{ kssj: '09:00', jssj: '10:00' }],
          },
        },
      },
    );
    expect(tpl.body.data?.saveResourcesRuleTemplate.errcode, JSON.stringify(tpl.body)).toBe('0');
    const r = await makeResource({
      ...NOTIFY_ALL,
      success_notification_push: '0',
      rule_source: '1',
      rule_template_id: tpl.body.data!.saveResourcesRuleTemplate.ids[0],
    });
    const { ids } = await book(student, r.id, [r.slots[0]!]);
    expect(await notificationsAbout(t.database.db, ids)).toEqual([]);
    const rows = await rowsOf(ids[0]!);
    await withTenant(t.database.db, t.demoTenantId, (x) => notifyBookings(x, studentCtx, 'signed_in', rows));
    const [n] = await notificationsAbout(t.database.db, ids);
    expect(n).toMatchObject({ event: 'signed_in', title: '签到成功', title_en: 'Signed in' });
    expect(n!.content).toMatch(/^您已签到：场地 \w+，2030-01-03（周四）09:00-10:00。请于结束时签退$/);
  });

  it('a failed e-mail is listed for administrators, who may queue it again (all or nothing)', async () => {
    const failed = await queue(t.database.db, t.demoTenantId, 'gone@demo.edu.cn');
    const sent = await queue(t.database.db, t.demoTenantId, 'fine@demo.edu.cn');
    await t.database.db
      .update(mailOutbox)
      .set({ status: 'failed', attempts: 1, last_error: '550 No such mailbox' })
      .where(eq(mailOutbox.id, failed.id));
    await t.database.db.update(mailOutbox).set({ status: 'sent', attempts: 1 }).where(eq(mailOutbox.id, sent.id));
    const listed = await t.gql('apps_yy_sys', MAILS, {
      token: admin,
      variables: { filter: { status: { eq: 'failed' }, recipient: { eq: 'gone@demo.edu.cn' } } },
    });
    expect(listed.body.errors).toBeUndefined();
    expect(listed.body.data!.findNotificationMailAll.edges.map((e: { node: unknown }) => e.node)).toEqual([
      expect.objectContaining({
        id: failed.id,
        recipient: 'gone@demo.edu.cn',
        status: 'failed',
        attempts: 1,
        last_error: '550 No such mailbox',
        next_attempt_time: '',
        sent_time: '',
        message_id: failed.message_id,
      }),
    ]);
    expect((await t.gql('apps_yy_sys', MAILS, { token: student })).body.errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    expect(await call(admin, RESEND, { ids: [failed.id, sent.id] })).toMatchObject({
      errcode: '500',
      msg: '只能重新发送发送失败的邮件（fine@demo.edu.cn 的邮件不是失败状态）',
    });
    expect(await call(admin, RESEND, { ids: ['not-an-id'] })).toMatchObject({ errcode: '500', msg: '邮件记录不存在' });
    expect(await call(admin, RESEND, { ids: [] })).toMatchObject({ errcode: '500' });
    expect((await mailById(t.database.db, failed.id)).status).toBe('failed');
    expect(await call(admin, RESEND, { ids: [failed.id] })).toMatchObject({ errcode: '0', ids: [failed.id] });
    expect(await mailById(t.database.db, failed.id)).toMatchObject({ status: 'pending', attempts: 0 });
    await drain([failed]);
    expectDeliveredOnce(sink, [failed]);
  });
});

describe("the app's own sender job", () => {
  it(`sends queued e-mail by itself within a poll (every ${MAIL_POLL_MS / 1000} s)`, async () => {
    await t.app.ready();
    const mail = await queue(t.database.db, t.demoTenantId, 'background@demo.edu.cn');
    for (let i = 0; i < 150 && (await mailById(t.database.db, mail.id)).status !== 'sent'; i++) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await mailById(t.database.db, mail.id)).toMatchObject({ status: 'sent', transport: 'smtp' });
    expectDeliveredOnce(sink, [mail]);
  }, 40_000);
});

describe('the outbox sender (a database of its own: no app, no background job)', () => {
  let own: Database;
  const tenantId = randomUUID();
  beforeAll(async () => {
    own = await freshDatabase();
  });
  afterAll(() => own?.close());
  const send = (now?: () => number) =>
    sendDueMail(own.db, {
      transport: transportFor(smtpConfig(sink.port), t.app.log),
      from: 'x@yy.test',
      now,
      log: t.app.log,
    });

  it('retries a refused e-mail with backoff and sends it once when due', async () => {
    const mail = await queue(own.db, tenantId, 'later@demo.edu.cn');
    const base = Date.now() + 1000;
    sink.refuse = (to) => (to === 'later@demo.edu.cn' ? 451 : null);
    expect(await send(() => base)).toEqual({ sent: 0, retrying: 1, failed: 0, unrecorded: 0 });
    const row = await mailById(own.db, mail.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: '451 Try again later' });
    expect(row.next_attempt_at.getTime()).toBe(base + 60_000);
    sink.refuse = null;
    // not due yet: nothing happens
    expect((await send(() => base + 30_000)).sent).toBe(0);
    expect(sink.count(mail.id)).toBe(0);
    // due: sent once, and not again
    expect((await send(() => base + 61_000)).sent).toBe(1);
    expect((await send(() => base + 3_600_000)).sent).toBe(0);
    expectDeliveredOnce(sink, [mail]);
    expect(await mailById(own.db, mail.id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      last_error: '',
      transport: 'smtp',
    });
  });

  it('gives up at once on a permanent refusal', async () => {
    const mail = await queue(own.db, tenantId, 'gone@demo.edu.cn');
    sink.refuse = (to) => (to === 'gone@demo.edu.cn' ? 550 : null);
    expect(await send(() => Date.now() + 1000)).toMatchObject({ failed: 1 });
    expect(await mailById(own.db, mail.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: '550 No such mailbox',
    });
    sink.refuse = null;
    await send(() => Date.now() + 86_400_000);
    expect(sink.count(mail.id)).toBe(0);
  });

  it(`gives up after ${MAIL_MAX_ATTEMPTS} attempts`, async () => {
    const mail = await queue(own.db, tenantId, 'busy@demo.edu.cn');
    sink.refuse = (to) => (to === 'busy@demo.edu.cn' ? 421 : null);
    let clock = Date.now() + 1000;
    for (let i = 1; i <= MAIL_MAX_ATTEMPTS; i++) {
      await send(() => clock);
      const row = await mailById(own.db, mail.id);
      expect(row.attempts).toBe(i);
      expect(row.status).toBe(i < MAIL_MAX_ATTEMPTS ? 'pending' : 'failed');
      clock = row.next_attempt_at.getTime() + 1;
    }
    sink.refuse = null;
    await send(() => clock + 86_400_000);
    expect(sink.count(mail.id)).toBe(0);
  });

  it('a claimed e-mail is not taken again before its lease ends (a sender that died); then it is sent once', async () => {
    const mail = await queue(own.db, tenantId, 'lease@demo.edu.cn');
    const base = Date.now() + 1000;
    const claimed = await claimDueMails(own.db, {
      now: new Date(base),
      leaseUntil: new Date(base + MAIL_LEASE_MS),
      limit: 1000,
    });
    expect(claimed.map((m) => m.id)).toContain(mail.id);
    await send(() => base + MAIL_LEASE_MS - 1000);
    expect(sink.count(mail.id)).toBe(0);
    await send(() => base + MAIL_LEASE_MS + 1);
    expectDeliveredOnce(sink, [mail]);
    expect(await mailById(own.db, mail.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('two senders at once deliver each e-mail exactly once; the job runs once at a time', async () => {
    const mails = await Promise.all(
      Array.from({ length: 12 }, (_, i) => queue(own.db, tenantId, `many${i}@demo.edu.cn`)),
    );
    const now = () => Date.now() + 1000;
    const [a, b] = await Promise.all([send(now), send(now)]);
    expect(a.sent + b.sent).toBe(12);
    expectDeliveredOnce(sink, mails);
    // The job holds its lock until the other run has tried (else the two runs might not overlap).
    const job = mailOutboxJob({ smtp: smtpConfig(sink.port) }, t.app.log);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = {
      ...job,
      run: async (db: typeof own.db) => {
        await gate;
        return job.run(db);
      },
    };
    const both = [runExclusively(own.db, held), runExclusively(own.db, held)];
    expect(await Promise.race(both)).toBe(false);
    release();
    expect((await Promise.all(both)).filter(Boolean)).toHaveLength(1);
  });

  it('with SMTP_HOST empty the e-mail is written to the log and counted as sent there', async () => {
    const mail = await queue(own.db, tenantId, 'log@demo.edu.cn');
    const logged: unknown[] = [];
    const log = { ...t.app.log, info: (obj: unknown) => void logged.push(obj) } as unknown as typeof t.app.log;
    const report = await sendDueMail(own.db, {
      transport: transportFor({ ...smtpConfig(sink.port), host: '' }, log),
      from: 'x@yy.test',
      now: () => Date.now() + 1000,
    });
    expect(report.sent).toBe(1);
    expect(await mailById(own.db, mail.id)).toMatchObject({ status: 'sent', transport: 'log' });
    expect(logged).toContainEqual({
      mail: expect.objectContaining({ to: 'log@demo.edu.cn', messageId: mail.message_id, subject: mail.subject }),
    });
    expect(sink.count(mail.id)).toBe(0);
  });
});

describe('through the API: booking, cancellation, approval', () => {
  it('a booking, its cancellation and an approval each give exactly one e-mail at the SMTP server', async () => {
    const plain = await makeResource(NOTIFY_ALL);
    const booked = await book(student, plain.id, [plain.slots[0]!]);
    expect(booked.auditStatus).toBe('0');
    expect((await call(student, CANCEL, { id: booked.ids[0], reason: '不去了' })).errcode).toBe('0');

    const approval = await makeResource({ ...NOTIFY_ALL, need_approve: '1', admin_dept: deptCode });
    const submitted = await book(student, approval.id, [approval.slots[0]!]);
    expect(submitted.auditStatus).toBe('1');
    expect((await call(approver, APPROVE, { id: submitted.ids[0], reason: '同意' })).errcode).toBe('0');
    const rejected = await book(student, approval.id, [approval.slots[1]!]);
    expect((await call(approver, REJECT, { id: rejected.ids[0], reason: '场地检修' })).errcode).toBe('0');

    const ns = await notificationsAbout(t.database.db, [...booked.ids, ...submitted.ids, ...rejected.ids]);
    const events = (id: string) =>
      ns
        .filter((n) => n.appointment_id === id)
        .map((n) => `${n.audience}:${n.event}`)
        .sort();
    expect(events(booked.ids[0]!)).toEqual(['booker:booked', 'booker:cancelled']);
    expect(events(submitted.ids[0]!)).toEqual(['booker:approved', 'booker:booked']);
    expect(events(rejected.ids[0]!)).toEqual(['booker:booked', 'booker:rejected']);
    expect(ns.find((n) => n.appointment_id === submitted.ids[0] && n.event === 'booked')?.title).toBe(
      '预约已提交，等待审批',
    );
    expect(ns.find((n) => n.event === 'cancelled')?.content).toContain('原因：不去了');
    expect(ns.find((n) => n.event === 'rejected')?.content).toContain('原因：场地检修');

    const mails = await mailsOf(
      t.database.db,
      ns.map((n) => n.id),
    );
    expect(mails).toHaveLength(6);
    expect(new Set(mails.map((m) => m.recipient))).toEqual(new Set(['student@demo.edu.cn']));
    await drain(mails);
    await sendNow();
    expectDeliveredOnce(sink, mails);
  });
});

describe('in-app notifications of the signed-in user', () => {
  it('lists, pages, filters, counts unread, marks read and unread, marks all read; only the recipient', async () => {
    const r = await makeResource(NOTIFY_ALL);
    for (const slot of r.slots.slice(0, 3)) await book(student, r.id, [slot]);
    const first = await t.gql('apps_yy_sys', MINE, { token: student, variables: { first: 2 } });
    expect(first.body.errors).toBeUndefined();
    const page = first.body.data!.findNotificationAllForAccount;
    expect(page.edges).toHaveLength(2);
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(page.unreadCount).toBeGreaterThanOrEqual(3);
    expect(page.totalCount).toBeGreaterThanOrEqual(3);
    const newest = page.edges[0].node;
    expect(newest).toMatchObject({
      event: 'booked',
      audience: 'booker',
      state: '0',
      read_time: '',
      resources_id: r.id,
    });
    expect(newest.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const next = await t.gql('apps_yy_sys', MINE, {
      token: student,
      variables: { first: 2, after: page.pageInfo.endCursor },
    });
    expect(next.body.data!.findNotificationAllForAccount.edges[0].node.id).not.toBe(newest.id);

    const unreadBefore = (await t.gql('apps_yy_sys', UNREAD, { token: student })).body.data!
      .findNotificationUnreadCount;
    expect(unreadBefore).toBe(page.unreadCount);
    expect(await call(student, MARK, { id: newest.id, state: '1' })).toMatchObject({ errcode: '0', ids: [newest.id] });
    expect((await t.gql('apps_yy_sys', UNREAD, { token: student })).body.data!.findNotificationUnreadCount).toBe(
      unreadBefore - 1,
    );
    const read = await t.gql('apps_yy_sys', MINE, { token: student, variables: { filter: { state: { eq: '1' } } } });
    const readNodes = read.body.data!.findNotificationAllForAccount.edges.map((e: { node: { id: string } }) => e.node);
    expect(readNodes.map((n: { id: string }) => n.id)).toContain(newest.id);
    expect(readNodes[0].read_time).toMatch(/^\d{4}-/);
    // marking again changes nothing and is fine; unread again
    expect((await call(student, MARK, { id: newest.id, state: '1' })).errcode).toBe('0');
    expect((await call(student, MARK, { id: newest.id, state: '0' })).errcode).toBe('0');
    expect((await t.gql('apps_yy_sys', UNREAD, { token: student })).body.data!.findNotificationUnreadCount).toBe(
      unreadBefore,
    );

    // someone else's notification, a bad id or state: refused, nothing changes
    expect(await call(admin, MARK, { id: newest.id, state: '1' })).toMatchObject({ errcode: '500', msg: '通知不存在' });
    expect(await call(student, MARK, { id: 'nope', state: '1' })).toMatchObject({ errcode: '500', msg: '通知不存在' });
    expect(await call(student, MARK, { id: newest.id, state: '7' })).toMatchObject({
      errcode: '500',
      msg: '通知状态无效：7（0 未读，1 已读）',
      msg_en: 'Invalid notification state "7": 0 unread, 1 read',
    });
    const badFilter = await t.gql('apps_yy_sys', MINE, {
      token: student,
      variables: { filter: { event: { eq: 'x' } } },
    });
    expect(badFilter.body.errors?.[0]?.message ?? JSON.stringify(badFilter.body)).toMatch(/event/);
    const foreign = await t.createOtherTenant(`ntf${Date.now().toString(36)}`);
    const stranger = await t.tokenFor('admin', foreign);
    expect(await call(stranger, MARK, { id: newest.id, state: '1' })).toMatchObject({ errcode: '500' });
    const strangerList = await t.gql('apps_yy_sys', MINE, { token: stranger });
    expect(strangerList.body.data!.findNotificationAllForAccount.totalCount).toBe(0);
    expect((await t.gql('apps_yy_sys', UNREAD)).body.errors?.[0]?.message).toBe('UNAUTHENTICATED');

    const all = await call(student, READ_ALL);
    expect(all.errcode).toBe('0');
    expect(all.ids).toHaveLength(unreadBefore);
    expect((await t.gql('apps_yy_sys', UNREAD, { token: student })).body.data!.findNotificationUnreadCount).toBe(0);
    const stored = await t.database.db.select().from(notifications).where(eq(notifications.recipient, 'student'));
    expect(stored.every((n) => n.read_time !== null)).toBe(true);
    expect((await call(student, READ_ALL)).ids).toEqual([]);
  });
});
