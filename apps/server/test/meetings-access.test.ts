/**
 * Who may use the cloud meeting operations (anonymous, a student, a resource's administrator,
 * the tenant administrator, another tenant), the IP whitelist, and Tencent Meeting's event
 * callbacks: refused (403 and an operate-log line) from addresses not on the list, checked by
 * signature, and setting a meeting started or ended.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import {
  insertDepartment,
  insertPosition,
  insertPost,
  insertUser,
} from '../src/modules/directory/directory.repository.ts';
import { onlineMeetings } from '../src/modules/meetings/meetings.tables.ts';
import { meetingClock, wemeetCallbackSignature } from '../src/modules/meetings/meetings.rules.ts';
import { NOW, makeResource, makeType, model, submit } from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
const tok = { student: '', scoped: '', admin: '', other: '' };
let otherTenant: string;
let appointmentId: string;
let meetingId: string;

const OPS: [string, string, Record<string, unknown>][] = [
  ['findCloudMeetingAll', `{ findCloudMeetingAll(first: 10) { totalCount edges { node { id } } } }`, {}],
  ['findCloudMeetingSettings', `{ findCloudMeetingSettings { provider secret_set } }`, {}],
  ['findCloudMeetingIpWhiteListAll', `{ findCloudMeetingIpWhiteListAll { id address } }`, {}],
  ['retryCloudMeeting', `mutation($id: ID!) { retryCloudMeeting(id: $id) { errcode msg } }`, { id: 'MEETING' }],
  ['cancelCloudMeeting', `mutation($id: ID!) { cancelCloudMeeting(id: $id) { errcode msg } }`, { id: 'MEETING' }],
  [
    'saveCloudMeetingSettings',
    `mutation($m: InputCloudMeetingSettings!) { saveCloudMeetingSettings(model: $m) { errcode msg } }`,
    { m: { provider: 'jitsi' } },
  ],
  ['testCloudMeetingConnection', `mutation { testCloudMeetingConnection { errcode msg } }`, {}],
  [
    'saveCloudMeetingIpWhiteList',
    `mutation($m: InputCloudMeetingIpWhiteList!) { saveCloudMeetingIpWhiteList(model: $m) { errcode msg } }`,
    { m: { address: '198.51.100.0/24' } },
  ],
  [
    'deleteCloudMeetingIpWhiteList',
    `mutation($id: ID!) { deleteCloudMeetingIpWhiteList(id: $id) { errcode msg } }`,
    { id: randomUUID() },
  ],
];
const BY_APPOINTMENT = `query($id: String!) { findCloudMeetingByAppointment(appointmentId: $id) { id state code } }`;
const ADD = `mutation($m: InputCloudMeetingIpWhiteList!) { saveCloudMeetingIpWhiteList(model: $m) { errcode msg msg_en ids } }`;
const DELETE = `mutation($id: ID!) { deleteCloudMeetingIpWhiteList(id: $id) { errcode msg } }`;
const LIST = `{ findCloudMeetingIpWhiteListAll { id address description } }`;
const SETTINGS = `mutation($m: InputCloudMeetingSettings!) { saveCloudMeetingSettings(model: $m) { errcode msg } }`;
const LOG = `{ findOperateLogAll(first: 50, filter: { operate_module: { eq: "meeting" } }) {
  edges { node { operate_type operate_content id_address } } } }`;

async function gqlAs(token: string, doc: string, variables: Record<string, unknown> = {}) {
  return t.gql('apps_yy_sys', doc, { token, variables });
}
const errorCode = (res: Awaited<ReturnType<typeof gqlAs>>) => res.body.errors?.[0]?.extensions?.code;
const first = (res: Awaited<ReturnType<typeof gqlAs>>) =>
  Object.values(res.body.data ?? {})[0] as Record<string, string>;

// The built-in provider's connection test asks the Jitsi server: a local one (no call leaves the machine).
let jitsi: http.Server;

beforeAll(async () => {
  jitsi = http.createServer((_req, res) => res.end('<html>jitsi</html>'));
  await new Promise<void>((resolve) => jitsi.listen(0, '127.0.0.1', resolve));
  const port = (jitsi.address() as AddressInfo).port;
  t = await createTestApp({
    meetings: {
      jitsiUrl: `http://127.0.0.1:${port}`,
      jitsiAppId: '',
      jitsiAppSecret: '',
      wemeetUrl: 'http://127.0.0.1:9',
      requestTimeoutMs: 2000,
      maxAttempts: 3,
    },
  });
  tok.admin = await t.tokenFor('admin');
  tok.student = await t.tokenFor('student');
  const deptCode = `MT${randomUUID().slice(0, 6)}`;
  await withTenant(t.database.db, t.demoTenantId, async (tx) => {
    const dept = await insertDepartment(tx, t.demoTenantId, { name: '会议室管理', code: deptCode });
    const post = await insertPost(tx, t.demoTenantId, { name: '管理岗', code: `${deptCode}-P` });
    const u = await insertUser(tx, t.demoTenantId, { account: 'meetingkeeper', name: '会议室管理员' });
    await insertPosition(tx, t.demoTenantId, { user_id: u.id, dept_id: dept.id, post_id: post.id, active: true });
  });
  tok.scoped = await t.tokenFor('meetingkeeper');
  otherTenant = await t.createOtherTenant(`mt${randomUUID().slice(0, 6)}`);
  tok.other = await t.tokenFor('admin', otherTenant);

  meetingClock.now = () => Date.now() + 365 * 86_400_000;
  bookingClock.now = () => NOW;
  const type = await makeType(t, tok.admin, { wemeet_enable: '1' });
  const r = await makeResource(t, tok.admin, type, { admin_dept: deptCode });
  const booked = await submit(t, tok.student, {
    model: model(r.id, '2030-01-03', { wemeet_enable: '1' }),
    timeSlotIdList: [r.slots[0]!.id],
  });
  expect(booked.code).toBe('0');
  appointmentId = booked.ids[0];
  const [row] = await withTenant(t.database.db, t.demoTenantId, (tx) =>
    tx.select().from(onlineMeetings).where(eq(onlineMeetings.appointment_id, appointmentId)),
  );
  meetingId = row!.id;
}, 240_000);
afterAll(async () => {
  bookingClock.now = () => Date.now();
  meetingClock.now = () => Date.now();
  await t?.close();
  jitsi?.close();
});

describe('who may call the meeting operations', () => {
  it.each(OPS)('%s: administrators only', async (_name, doc, vars) => {
    const variables = JSON.parse(JSON.stringify(vars).replace('"MEETING"', JSON.stringify(meetingId)));
    expect(errorCode(await t.gql('apps_yy_sys', doc, { variables }))).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
    expect(errorCode(await gqlAs(tok.student, doc, variables))).toBe('FORBIDDEN');
    expect(errorCode(await gqlAs(tok.scoped, doc, variables))).toBe('FORBIDDEN');
    const own = await gqlAs(tok.admin, doc, variables);
    expect(own.body.errors, JSON.stringify(own.body)).toBeUndefined();
    // another tenant's administrator reaches only their own tenant: nothing of the demo tenant
    const other = await gqlAs(tok.other, doc, variables);
    expect(other.body.errors, JSON.stringify(other.body)).toBeUndefined();
    const data = first(other) as unknown as Record<string, unknown>;
    if (_name === 'findCloudMeetingAll') expect(data.totalCount).toBe(0);
    if (_name === 'findCloudMeetingIpWhiteListAll')
      expect(data).not.toContainEqual(expect.objectContaining({ address: '198.51.100.0/24' }));
    if (_name === 'retryCloudMeeting' || _name === 'cancelCloudMeeting') expect(data.msg).toBe('云会议不存在');
  });

  it("a booking's meeting: its booker and its resource's administrator; not another user nor another tenant", async () => {
    expect(errorCode(await t.gql('apps_yy_sys', BY_APPOINTMENT, { variables: { id: appointmentId } }))).toMatch(
      /UNAUTHENTICATED|FORBIDDEN/,
    );
    for (const who of [tok.student, tok.scoped, tok.admin]) {
      const res = await gqlAs(who, BY_APPOINTMENT, { id: appointmentId });
      expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
      expect(first(res)).toMatchObject({ id: meetingId });
    }
    await withTenant(t.database.db, t.demoTenantId, (tx) =>
      insertUser(tx, t.demoTenantId, { account: 'nosy', name: '好奇的人' }),
    );
    expect(errorCode(await gqlAs(await t.tokenFor('nosy'), BY_APPOINTMENT, { id: appointmentId }))).toBe('FORBIDDEN');
    const other = await gqlAs(tok.other, BY_APPOINTMENT, { id: appointmentId });
    expect(other.body.data!.findCloudMeetingByAppointment).toBeNull();
  });
});

describe('IP whitelist and provider callbacks', () => {
  const URL_OF = (key = 'demo') => `/bus/meetings/${key}/callback/wemeet`;
  const TOKEN = 'callback-token-1234567890123';

  function signed(data: string, timestamp = String(Math.floor(Date.now() / 1000))) {
    const nonce = String(Math.floor(Math.random() * 1e9));
    return { timestamp, nonce, signature: wemeetCallbackSignature(TOKEN, timestamp, nonce, data) };
  }

  beforeEach(async () => {
    const saved = await gqlAs(tok.admin, SETTINGS, {
      m: { provider: 'jitsi', callback_token: TOKEN },
    });
    expect(first(saved).errcode).toBe('0');
  });

  it('addresses are checked: single and CIDR, IPv4 and IPv6; duplicates and nonsense refused', async () => {
    for (const bad of ['10.0.0.0/33', '300.1.1.1', 'abc', '2001:db8::/129', '10.0.0.1/8/1', '']) {
      const res = first(await gqlAs(tok.admin, ADD, { m: { address: bad } }));
      expect(res.errcode, bad).toBe('500');
      expect(res.msg_en).toMatch(/Not a valid IP address/);
    }
    for (const good of ['203.0.113.7', '10.20.0.0/16', '2001:DB8:1::/48']) {
      expect(first(await gqlAs(tok.admin, ADD, { m: { address: good, description: '腾讯会议回调' } })).errcode).toBe(
        '0',
      );
    }
    expect(first(await gqlAs(tok.admin, ADD, { m: { address: '203.0.113.7' } })).msg).toContain('白名单中已有');
    const list = (await gqlAs(tok.admin, LIST)).body.data!.findCloudMeetingIpWhiteListAll as {
      id: string;
      address: string;
    }[];
    expect(list.map((x) => x.address)).toEqual(
      expect.arrayContaining(['203.0.113.7', '10.20.0.0/16', '2001:db8:1::/48']),
    );
  });

  it('callbacks from elsewhere get 403 and an operate-log line; an empty list admits nobody', async () => {
    const list = (await gqlAs(tok.admin, LIST)).body.data!.findCloudMeetingIpWhiteListAll as { id: string }[];
    for (const e of list) expect(first(await gqlAs(tok.admin, DELETE, { id: e.id })).errcode).toBe('0');
    const check = Buffer.from('hello').toString('base64');
    const empty = await t.app.inject({
      method: 'GET',
      url: `${URL_OF()}?check_str=${encodeURIComponent(check)}`,
      headers: signed(check),
      remoteAddress: '203.0.113.7',
    });
    expect(empty.statusCode).toBe(403);
    expect(empty.json()).toMatchObject({ msg: '来源地址不在云会议IP白名单中' });

    await gqlAs(tok.admin, ADD, { m: { address: '10.20.0.0/16' } });
    const outside = await t.app.inject({
      method: 'POST',
      url: URL_OF(),
      payload: { data: 'x' },
      headers: signed('x'),
      remoteAddress: '192.0.2.99',
    });
    expect(outside.statusCode).toBe(403);
    const log = (await gqlAs(tok.admin, LOG)).body.data!.findOperateLogAll.edges.map(
      (e: { node: Record<string, string> }) => e.node,
    );
    expect(log).toEqual(
      expect.arrayContaining([expect.objectContaining({ operate_type: 'callbackRefused', id_address: '192.0.2.99' })]),
    );
  });

  it('an admitted caller must sign; the URL check answers check_str; events set the meeting started, then ended', async () => {
    await gqlAs(tok.admin, ADD, { m: { address: '10.20.0.0/16' } });
    // the meeting as the provider made it
    await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx
        .update(onlineMeetings)
        .set({ provider: 'wemeet', state: 'scheduled', sync: '', external_id: '1234567890123456', code: '987654321' })
        .where(and(eq(onlineMeetings.tenant_id, t.demoTenantId), eq(onlineMeetings.id, meetingId))),
    );
    const check = Buffer.from('随机串 check').toString('base64');
    const unsigned = await t.app.inject({
      method: 'GET',
      url: `${URL_OF()}?check_str=${encodeURIComponent(check)}`,
      headers: { ...signed(check), signature: 'bad' },
      remoteAddress: '10.20.3.4',
    });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json().msg).toBe('云会议回调签名无效');
    const stale = await t.app.inject({
      method: 'GET',
      url: `${URL_OF()}?check_str=${encodeURIComponent(check)}`,
      headers: signed(check, String(Math.floor(Date.now() / 1000) - 3600)),
      remoteAddress: '10.20.3.4',
    });
    expect(stale.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'GET',
      url: `${URL_OF()}?check_str=${encodeURIComponent(check)}`,
      headers: signed(check),
      remoteAddress: '10.20.3.4',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.body).toBe('随机串 check');

    const event = (name: string) =>
      Buffer.from(
        JSON.stringify({
          event: name,
          trace_id: randomUUID(),
          payload: [
            { operate_time: Date.now(), meeting_info: { meeting_id: '1234567890123456', meeting_code: '987654321' } },
          ],
        }),
      ).toString('base64');
    const post = async (name: string) => {
      const data = event(name);
      return t.app.inject({
        method: 'POST',
        url: URL_OF(),
        payload: { data },
        headers: signed(data),
        remoteAddress: '10.20.3.4',
      });
    };
    const started = await post('meeting.started');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.body).toBe('successfully received callback');
    const state = async () =>
      (await gqlAs(tok.admin, BY_APPOINTMENT, { id: appointmentId })).body.data!.findCloudMeetingByAppointment.state;
    expect(await state()).toBe('started');
    expect((await post('meeting.end')).statusCode).toBe(200);
    expect(await state()).toBe('ended');
    // another tenant's URL does not reach this tenant's meetings
    const foreign = await t.app.inject({
      method: 'POST',
      url: URL_OF('nosuchtenant'),
      payload: { data: 'x' },
      remoteAddress: '10.20.3.4',
    });
    expect(foreign.statusCode).toBe(404);
  });
});
