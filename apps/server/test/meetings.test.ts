/**
 * Cloud meetings follow bookings: created when a booking of a meeting-enabled type that asks for
 * one is confirmed, moved with it, cancelled with it; the provider calls are made by the worker
 * (here run by hand with a clock of its own) against a local Tencent Meeting stand-in or the
 * built-in Jitsi provider. A provider outage keeps the booking and retries with backoff.
 */
import { createHmac } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { mailOutbox } from '../src/modules/notifications/notifications.tables.ts';
import { onlineMeetings } from '../src/modules/meetings/meetings.tables.ts';
import { runDueMeetings } from '../src/modules/meetings/meetings.worker.ts';
import { meetingClock } from '../src/modules/meetings/meetings.rules.ts';
import { CANCEL, NOW, makeResource, makeType, model, submit } from './booking-fixtures.ts';
import { STANDIN_CREDENTIALS, startWemeetStandIn, type WemeetStandIn } from './meetings-standin.ts';
import { createTestApp, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

const CHANGE = `mutation($id: ID!, $appointment_date: Date!, $timeSlotId: String) {
  updateAppointmentTime(id: $id, appointment_date: $appointment_date, timeSlotId: $timeSlotId) { errcode msg msg_en } }`;
const APPROVE = `mutation($id: ID!) { approveAppointment(id: $id) { errcode msg } }`;
const REJECT = `mutation($id: ID!) { rejectAppointment(id: $id, reason: "不行") { errcode msg } }`;
const BY_APPOINTMENT = `query($id: String!) { findCloudMeetingByAppointment(appointmentId: $id) {
  id appointment_id provider state code join_url password last_error pending_sync start_at end_at } }`;
const SAVE_SETTINGS = `mutation($model: InputCloudMeetingSettings!) { saveCloudMeetingSettings(model: $model) { errcode msg msg_en } }`;
const SETTINGS = `{ findCloudMeetingSettings { provider app_id sdk_id secret_id userid secret_set callback_token_set callback_url } }`;
const TEST = `mutation { testCloudMeetingConnection { errcode msg msg_en } }`;
const RETRY = `mutation($id: ID!) { retryCloudMeeting(id: $id) { errcode msg msg_en } }`;
const MINE = `query($filter: AppointmentInformationFilterMap) { findAppointmentInformationAllForAccount(first: 50, filter: $filter) {
  edges { node { id conference_number onlineMeeting { state code join_url } } } } }`;

vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
let standIn: WemeetStandIn;
let admin: string;
let student: string;
let meetingType: string;
let plainType: string;
let clock = 0;

const worker = () =>
  runDueMeetings(t.database.db, { config: t.config, now: () => meetingClock.now() + clock, random: () => 0.5 });

async function meetingRow(appointmentId: string) {
  const [row] = await withTenant(t.database.db, t.demoTenantId, (tx) =>
    tx
      .select()
      .from(onlineMeetings)
      .where(and(eq(onlineMeetings.tenant_id, t.demoTenantId), eq(onlineMeetings.appointment_id, appointmentId))),
  );
  return row;
}

async function op(token: string, doc: string, variables: Record<string, unknown> = {}) {
  const res = await t.gql('apps_yy_sys', doc, { token, variables });
  expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
  return Object.values(res.body.data!)[0] as Record<string, string>;
}

async function bookMeeting(resourceId: string, slotId: string, wemeet: unknown = '1', date = '2030-01-03') {
  const r = await submit(t, student, {
    model: model(resourceId, date, { wemeet_enable: wemeet }),
    timeSlotIdList: [slotId],
  });
  expect(r.code, JSON.stringify(r)).toBe('0');
  return r.ids[0] as string;
}

async function useWemeet() {
  const c = STANDIN_CREDENTIALS;
  const saved = await op(admin, SAVE_SETTINGS, {
    model: {
      provider: 'wemeet',
      app_id: c.appId,
      sdk_id: c.sdkId,
      secret_id: c.secretId,
      secret: c.secretKey,
      userid: c.userid,
      callback_token: 'cb-token-standin',
    },
  });
  expect(saved.errcode, JSON.stringify(saved)).toBe('0');
}

async function useJitsi() {
  expect((await op(admin, SAVE_SETTINGS, { model: { provider: 'jitsi' } })).errcode).toBe('0');
}

beforeAll(async () => {
  standIn = await startWemeetStandIn();
  t = await createTestApp({
    meetings: {
      jitsiUrl: 'https://meet.example.org',
      jitsiAppId: 'yuyue-app',
      jitsiAppSecret: 'jitsi-app-secret',
      wemeetUrl: standIn.url,
      requestTimeoutMs: 2000,
      maxAttempts: 3,
    },
  });
  admin = await t.tokenFor('admin');
  student = await t.tokenFor('student');
  meetingType = await makeType(t, admin, { wemeet_enable: '1' });
  plainType = await makeType(t, admin);
}, 240_000);
afterAll(async () => {
  bookingClock.now = () => Date.now();
  meetingClock.now = () => Date.now();
  await t?.close();
  await standIn?.close();
});
// A year ahead of the real clock: the application's background worker (real clock) leaves these
// meetings to the worker the tests run.
const AHEAD = 365 * 86_400_000;
beforeEach(() => {
  meetingClock.now = () => Date.now() + AHEAD;
  bookingClock.now = () => NOW;
  standIn.mode = 'ok';
  standIn.delayMs = 0;
  clock = 0;
});

function jwtParts(url: string) {
  const jwt = new URL(url).searchParams.get('jwt')!;
  const [h, p, s] = jwt.split('.');
  const expected = createHmac('sha256', 'jitsi-app-secret').update(`${h}.${p}`).digest('base64url');
  return { signatureOk: s === expected, claims: JSON.parse(Buffer.from(p!, 'base64url').toString()) };
}

describe('meetings follow bookings (jitsi, built in)', () => {
  it('a confirmed booking that asks for one gets a meeting; moved and cancelled with it; the booker is told', async () => {
    await useJitsi();
    const r = await makeResource(t, admin, meetingType);
    const plain = await makeResource(t, admin, plainType);
    const id = await bookMeeting(r.id, r.slots[0]!.id, 1);
    // not asked for, or a type without meetings: none
    const without = await bookMeeting(r.id, r.slots[1]!.id, '0');
    const otherType = await bookMeeting(plain.id, plain.slots[0]!.id, '1');
    expect(await meetingRow(without)).toBeUndefined();
    expect(await meetingRow(otherType)).toBeUndefined();

    expect(await meetingRow(id)).toMatchObject({ provider: 'jitsi', state: 'pending', sync: 'create' });
    const pending = await op(student, BY_APPOINTMENT, { id });
    expect(pending).toMatchObject({ state: 'pending', join_url: '' });

    await worker();
    const created = (await meetingRow(id))!;
    expect(created).toMatchObject({ state: 'scheduled', sync: '', attempts: 0 });
    expect(created.code).toMatch(/^[a-z2-7]{26}$/);
    expect(created.join_url.startsWith(`https://meet.example.org/${created.code}?jwt=`)).toBe(true);
    const token = jwtParts(created.join_url);
    expect(token.signatureOk).toBe(true);
    expect(token.claims).toMatchObject({
      aud: 'jitsi',
      iss: 'yuyue-app',
      sub: 'meet.example.org',
      room: created.code,
      context: { user: { id: 'student' } },
    });
    expect(token.claims.exp * 1000).toBeGreaterThan(created.end_at.getTime());

    // the booker sees it in the booking detail and the list field
    expect(await op(student, BY_APPOINTMENT, { id })).toMatchObject({
      state: 'scheduled',
      code: created.code,
      last_error: '',
    });
    const mine = await t.gql('apps_yy_sys', MINE, {
      token: student,
      variables: { filter: { resources_id: { eq: r.id } } },
    });
    const node = mine.body.data!.findAppointmentInformationAllForAccount.edges.find(
      (e: { node: { id: string } }) => e.node.id === id,
    ).node;
    expect(node).toMatchObject({ conference_number: created.code, onlineMeeting: { state: 'scheduled' } });

    // an e-mail with the number, link and an .ics
    const mails = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.tenant_id, t.demoTenantId)),
    );
    const mail = mails.find((m) => m.body.includes(created.join_url));
    expect(mail, 'meeting mail').toBeDefined();
    expect(mail!.subject).toContain('云会议已安排');
    expect(mail!.attachments?.[0]?.filename).toBe('meeting.ics');
    const ics = Buffer.from(mail!.attachments![0]!.content, 'base64').toString('utf8');
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('BEGIN:VTIMEZONE');

    // moved: the same room, a new token for the new time
    expect(
      (await op(student, CHANGE, { id, appointment_date: '2030-01-04', timeSlotId: r.slots[2]!.id })).errcode,
    ).toBe('0');
    expect(await meetingRow(id)).toMatchObject({ sync: 'update', state: 'scheduled' });
    await worker();
    const moved = (await meetingRow(id))!;
    expect(moved).toMatchObject({ sync: '', state: 'scheduled', code: created.code });
    expect(moved.start_at.getTime()).toBeGreaterThan(created.start_at.getTime());
    expect(jwtParts(moved.join_url).claims.exp).toBeGreaterThan(token.claims.exp);

    // cancelled with the booking
    expect((await op(student, CANCEL, { id, reason: '不开了' })).errcode).toBe('0');
    expect(await meetingRow(id)).toMatchObject({ state: 'cancelled', sync: 'cancel' });
    await worker();
    expect(await meetingRow(id)).toMatchObject({ state: 'cancelled', sync: '' });
  });

  it('a booking awaiting approval gets its meeting on approval; a rejected one never does', async () => {
    await useJitsi();
    const r = await makeResource(t, admin, meetingType, { need_approve: '1' });
    const a = await bookMeeting(r.id, r.slots[0]!.id);
    const b = await bookMeeting(r.id, r.slots[1]!.id);
    expect(await meetingRow(a)).toBeUndefined();
    expect((await op(admin, APPROVE, { id: a })).errcode).toBe('0');
    expect(await meetingRow(a)).toMatchObject({ state: 'pending', sync: 'create' });
    expect((await op(admin, REJECT, { id: b })).errcode).toBe('0');
    expect(await meetingRow(b)).toBeUndefined();
  });

  it('a meeting cancelled before it was ever created is dropped', async () => {
    await useJitsi();
    const r = await makeResource(t, admin, meetingType);
    const id = await bookMeeting(r.id, r.slots[3]!.id);
    expect(await meetingRow(id)).toBeDefined();
    expect((await op(student, CANCEL, { id, reason: '改主意' })).errcode).toBe('0');
    expect(await meetingRow(id)).toBeUndefined();
  });

  it('a Jitsi meeting (no callbacks) starts and ends by its time', async () => {
    await useJitsi();
    const r = await makeResource(t, admin, meetingType);
    const id = await bookMeeting(r.id, r.slots[0]!.id);
    await worker();
    const row = (await meetingRow(id))!;
    expect(row.state).toBe('scheduled');
    // the worker's clock one minute into the meeting, then one minute after it
    clock = row.start_at.getTime() - meetingClock.now() + 60_000;
    expect((await worker()).advanced).toBeGreaterThanOrEqual(1);
    expect(await meetingRow(id)).toMatchObject({ state: 'started' });
    clock = row.end_at.getTime() - meetingClock.now() + 60_000;
    await worker();
    expect(await meetingRow(id)).toMatchObject({ state: 'ended' });
    expect((await op(student, BY_APPOINTMENT, { id })).state).toBe('ended');
  });
});

describe('Tencent Meeting (local stand-in that checks signatures)', () => {
  it('create, modify and cancel are signed calls as documented; the settings keep the secret to themselves', async () => {
    await useWemeet();
    const settings = await t.gql('apps_yy_sys', SETTINGS, { token: admin });
    expect(settings.body.data!.findCloudMeetingSettings).toMatchObject({
      provider: 'wemeet',
      app_id: STANDIN_CREDENTIALS.appId,
      secret_set: true,
      callback_token_set: true,
    });
    expect(JSON.stringify(settings.body)).not.toContain(STANDIN_CREDENTIALS.secretKey);
    expect(JSON.stringify(settings.body)).not.toContain('cb-token-standin');
    const stored = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.execute(`select secret_enc, settings::text as settings from meeting_settings`),
    );
    expect(JSON.stringify(stored)).not.toContain(STANDIN_CREDENTIALS.secretKey);
    expect(JSON.stringify(stored)).not.toContain('cb-token-standin');

    expect(await op(admin, TEST)).toMatchObject({ errcode: '0' });
    expect(standIn.calls.at(-1)).toMatchObject({
      method: 'GET',
      uri: `/v1/users/${STANDIN_CREDENTIALS.userid}`,
      signatureOk: true,
    });

    const r = await makeResource(t, admin, meetingType);
    const id = await bookMeeting(r.id, r.slots[0]!.id);
    standIn.calls = [];
    await worker();
    expect(standIn.calls).toHaveLength(1);
    const create = standIn.calls[0]!;
    expect(create).toMatchObject({ method: 'POST', uri: '/v1/meetings', signatureOk: true });
    expect(create.body).toMatchObject({ userid: STANDIN_CREDENTIALS.userid, instanceid: 1, type: 0 });
    const row = (await meetingRow(id))!;
    expect(create.body.start_time).toBe(String(row.start_at.getTime() / 1000));
    expect(row).toMatchObject({ provider: 'wemeet', state: 'scheduled', password: '4321' });
    expect(row.code).toMatch(/^\d{9}$/);
    expect(row.join_url).toBe(`https://meeting.tencent.com/dm/${row.code}`);

    expect(
      (await op(student, CHANGE, { id, appointment_date: '2030-01-03', timeSlotId: r.slots[2]!.id })).errcode,
    ).toBe('0');
    await worker();
    expect(standIn.calls[1]).toMatchObject({
      method: 'PUT',
      uri: `/v1/meetings/${row.external_id}`,
      signatureOk: true,
    });
    expect(standIn.calls[1]!.body.start_time).toBe(String((await meetingRow(id))!.start_at.getTime() / 1000));
    expect(await meetingRow(id)).toMatchObject({
      state: 'scheduled',
      code: row.code,
      join_url: row.join_url,
      password: '4321',
    });

    expect((await op(student, CANCEL, { id, reason: '取消' })).errcode).toBe('0');
    await worker();
    expect(standIn.calls[2]).toMatchObject({
      method: 'POST',
      uri: `/v1/meetings/${row.external_id}/cancel`,
      signatureOk: true,
    });
    expect(standIn.calls[2]!.body).toMatchObject({ userid: STANDIN_CREDENTIALS.userid, reason_code: 1 });
    expect(await meetingRow(id)).toMatchObject({ state: 'cancelled', sync: '' });
    await useJitsi();
  });

  it('an outage keeps the booking and retries with backoff; after the last attempt it is failed until retried', async () => {
    await useWemeet();
    const r = await makeResource(t, admin, meetingType);
    const id = await bookMeeting(r.id, r.slots[1]!.id);
    standIn.mode = 'outage';
    standIn.calls = [];
    await worker();
    let row = (await meetingRow(id))!;
    expect(row).toMatchObject({ state: 'pending', sync: 'create', attempts: 1 });
    expect(row.last_error).toContain('503');
    // 30 s (jitter 0.5 = none) after the failure: not due before
    expect(row.next_attempt_at.getTime() - meetingClock.now()).toBeGreaterThan(25_000);
    await worker();
    expect(standIn.calls).toHaveLength(1);
    clock = 31_000;
    await worker();
    expect(standIn.calls).toHaveLength(2);
    row = (await meetingRow(id))!;
    expect(row).toMatchObject({ state: 'pending', attempts: 2 });
    expect(row.next_attempt_at.getTime() - (meetingClock.now() + clock)).toBeGreaterThan(55_000);
    clock = 31_000 + 61_000;
    await worker();
    row = (await meetingRow(id))!;
    expect(row).toMatchObject({ state: 'failed', sync: 'create', attempts: 3 });
    clock = 24 * 3600_000;
    await worker();
    expect(standIn.calls).toHaveLength(3);

    // the booking is untouched; the booker sees the state, not the provider's error
    expect(await op(student, BY_APPOINTMENT, { id })).toMatchObject({ state: 'failed', last_error: '' });
    expect((await op(admin, BY_APPOINTMENT, { id })).last_error).toContain('503');
    const mine = await t.gql('apps_yy_sys', MINE, {
      token: student,
      variables: { filter: { resources_id: { eq: r.id } } },
    });
    expect(mine.body.data!.findAppointmentInformationAllForAccount.edges).toHaveLength(1);

    // back office: retry once the provider is back
    standIn.mode = 'ok';
    const meetingId = (await meetingRow(id))!.id;
    expect((await op(admin, RETRY, { id: meetingId })).errcode).toBe('0');
    expect(await meetingRow(id)).toMatchObject({ state: 'pending', sync: 'create', attempts: 0 });
    expect(await op(admin, RETRY, { id: meetingId })).toMatchObject({
      errcode: '500',
      msg: '只有失败的云会议可以重试',
    });
    await worker();
    expect(await meetingRow(id)).toMatchObject({ state: 'scheduled', sync: '' });
    await useJitsi();
  });

  it('a refusal (4xx) fails at once; two workers never call the provider twice for one meeting', async () => {
    await useWemeet();
    const r = await makeResource(t, admin, meetingType);
    const refused = await bookMeeting(r.id, r.slots[0]!.id);
    standIn.mode = 'refuse';
    await worker();
    expect(await meetingRow(refused)).toMatchObject({ state: 'failed', attempts: 1 });
    expect((await meetingRow(refused))!.last_error).toContain('200009003');

    standIn.mode = 'ok';
    standIn.delayMs = 300;
    const id = await bookMeeting(r.id, r.slots[1]!.id);
    standIn.calls = [];
    await Promise.all([worker(), worker(), worker()]);
    expect(standIn.calls.filter((c) => c.method === 'POST' && c.uri === '/v1/meetings')).toHaveLength(1);
    expect(await meetingRow(id)).toMatchObject({ state: 'scheduled', attempts: 0 });
    await useJitsi();
  });
});

describe('settings', () => {
  it('bad settings are refused and change nothing', async () => {
    await useJitsi();
    const bad = await op(admin, SAVE_SETTINGS, { model: { provider: 'zoom' } });
    expect(bad).toMatchObject({ errcode: '500', msg: '云会议服务商只能是 jitsi 或 wemeet' });
    const incomplete = await op(admin, SAVE_SETTINGS, { model: { provider: 'wemeet', app_id: '1' } });
    expect(incomplete.errcode).toBe('500');
    expect(incomplete.msg_en).toContain('secret_id');
    const url = await op(admin, SAVE_SETTINGS, { model: { provider: 'jitsi', base_url: 'ftp://x' } });
    expect(url.msg_en).toContain('base_url');
    expect((await t.gql('apps_yy_sys', SETTINGS, { token: admin })).body.data!.findCloudMeetingSettings.provider).toBe(
      'jitsi',
    );
  });

  it('a failing connection test says why', async () => {
    await useWemeet();
    await op(admin, SAVE_SETTINGS, {
      model: {
        provider: 'wemeet',
        app_id: STANDIN_CREDENTIALS.appId,
        sdk_id: STANDIN_CREDENTIALS.sdkId,
        secret_id: STANDIN_CREDENTIALS.secretId,
        userid: 'nobody-' + randomUUID().slice(0, 4),
      },
    });
    const res = await op(admin, TEST);
    expect(res.errcode).toBe('500');
    expect(res.msg).toContain('连接测试失败');
    await useJitsi();
  });
});
