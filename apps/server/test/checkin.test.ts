import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { codeFromScan, encodeCode, newNonce, newSecret, parseCode } from '../src/modules/checkin/checkin.codes.ts';
import { noShowJob } from '../src/modules/checkin/checkin.jobs.ts';
import { issueCode, printedCheckInUrl, readCode } from '../src/modules/checkin/checkin.signing.ts';
import { appointmentSigns } from '../src/modules/checkin/checkin.tables.ts';
import { AppError } from '../src/platform/errors.ts';
import {
  book,
  bookingRow,
  call,
  useCheckinFixture,
  DAY,
  errorCode,
  logsOf,
  makeResource,
  on,
  seatsTaken,
  setClock,
  type Fixture,
} from './checkin-fixtures.ts';

const RESOURCE_CODE = `query($resourcesId: String!, $validDays: Int) { findResourcesSignCode(resourcesId: $resourcesId,
  validDays: $validDays) { code url qcode_image expire_time expires_in subject_id } }`;
const VOUCHER = `query($appointmentId: String!) { findAppointmentSignCode(appointmentId: $appointmentId) {
  code url qcode_image expire_time expires_in subject_id } }`;
const SIGN_IN = `mutation($code: String!) { saveAppointmentSignIn(code: $code) { errcode msg msg_en ids appointmentId } }`;
const SIGN_OUT = `mutation($code: String!) { saveAppointmentSignOut(code: $code) { errcode msg msg_en appointmentId } }`;
const SCAN = `mutation($code: String!, $type: String) { scanAppointmentSignCode(code: $code, type: $type) {
  errcode msg msg_en appointmentId } }`;
const MARK = `mutation($id: ID!, $state: String!, $reason: String) { updateAppointmentPerformState(id: $id,
  appointment_state: $state, reason: $reason) { errcode msg msg_en appointmentId } }`;
const INFO = `query($appointmentId: String!) { findAppointmentSignInfo(appointmentId: $appointmentId) {
  id appointment_state sign_state signin_required sign_out_rule sign_in_start sign_in_end sign_out_end sign_in_time
  sign_in_way sign_in_user sign_out_time sign_out_way missed_time missed_way missed_user remark } }`;
const LIST = `query($first: Int, $offset: Int, $filter: AppointmentSignFilterMap, $appointmentDate: [String],
  $signState: String, $keyword: String) { findAppointmentSignAll(first: $first, offset: $offset, filter: $filter,
  appointmentDate: $appointmentDate, signState: $signState, keyword: $keyword) {
  edges { node { id resources_id appointment_date start_time appointment_user appointment_user_name appointment_state
    sign_state sign_in_time sign_out_time missed_time } } pageInfo { hasNextPage } totalCount } }`;

const fixture = useCheckinFixture();
let f: Fixture;
beforeEach(() => {
  f = fixture();
});

/** The resource's on-screen code as an administrator gets it at `now`. */
async function resourceCode(resourcesId: string, now: number, token = f.admin): Promise<string> {
  setClock(now);
  return (await call(f, token, RESOURCE_CODE, { resourcesId })).code;
}

async function voucher(appointmentId: string, now: number, token = f.student): Promise<string> {
  setClock(now);
  return (await call(f, token, VOUCHER, { appointmentId })).code;
}

async function at<T>(now: number, fn: () => Promise<T>): Promise<T> {
  setClock(now);
  return fn();
}

const info = (id: string, token = f.student) => call(f, token, INFO, { appointmentId: id });

describe('check-in by scanning the resource code', () => {
  it('checks in within the window only, names the times, and checks out as sign_out_rule says', async () => {
    const r = await makeResource(f);
    const [ten] = await book(f, f.student, r.id, [r.slots[1]!.id]);
    const [two] = await book(f, f.student, r.id, [r.slots[3]!.id]);

    const code = await resourceCode(r.id, on(9, 40));
    const early = await at(on(9, 40), () => call(f, f.student, SIGN_IN, { code }));
    expect(early).toMatchObject({ errcode: '500', msg: '签到尚未开始，2030-01-03 09:45:00 起可签到' });
    expect(early.msg_en).toBe('Check-in has not started yet; it opens at 2030-01-03 09:45:00');
    // a user without a booking there
    expect(await at(on(9, 44), () => call(f, f.other, SIGN_IN, { code }))).toMatchObject({
      errcode: '500',
      msg: expect.stringContaining('没有今天前后可签到的预约'),
    });
    // checking out before checking in
    expect((await at(on(9, 44), () => call(f, f.student, SIGN_OUT, { code }))).msg).toContain('没有待签退的预约');

    // the scanner may read the URL the QR code holds
    const { url } = await at(on(9, 50), () => call(f, f.admin, RESOURCE_CODE, { resourcesId: r.id }));
    expect(url).toMatch(new RegExp(`/yy-sys/mobile/venueDetail/${r.id}\\?signCode=[A-Za-z0-9_-]{110}$`));
    const ok = await at(on(9, 50), () => call(f, f.student, SIGN_IN, { code: url }));
    expect(ok).toMatchObject({ errcode: '0', msg: '签到成功', msg_en: 'Checked in', appointmentId: ten, ids: [ten] });
    expect(await info(ten!)).toMatchObject({
      appointment_state: '1',
      sign_state: '1',
      signin_required: '1',
      sign_out_rule: '1',
      sign_in_start: '2030-01-03 09:45:00',
      sign_in_end: '2030-01-03 10:15:00',
      sign_out_end: '2030-01-03 11:15:00',
      sign_in_time: '2030-01-03 09:50:00',
      sign_in_way: '1',
      sign_in_user: 'student',
    });
    const again = await at(on(9, 51), () => call(f, f.student, SIGN_IN, { code: url }));
    expect(again.msg).toBe('该预约已签到（2030-01-03 09:50:00）');

    const { url: later } = await at(on(10, 58), () => call(f, f.admin, RESOURCE_CODE, { resourcesId: r.id }));
    const out = await at(on(10, 58), () => call(f, f.student, SIGN_OUT, { code: later }));
    expect(out).toMatchObject({ errcode: '0', msg: '签退成功', appointmentId: ten });
    expect(await info(ten!)).toMatchObject({
      sign_state: '2',
      sign_out_time: '2030-01-03 10:58:00',
      sign_out_way: '1',
    });
    expect((await at(on(10, 59), () => call(f, f.student, SIGN_OUT, { code: later }))).msg).toBe(
      '该预约已签退（2030-01-03 10:58:00）',
    );
    expect((await logsOf(f, ten!, 'checkin')).map((l) => l.type).sort()).toEqual(['signIn', 'signOut']);

    // the 14:00 booking: its window closed at 14:15
    const closing = await resourceCode(r.id, on(14, 15));
    expect(await at(on(14, 15), () => call(f, f.student, SIGN_IN, { code: closing }))).toMatchObject({
      errcode: '500',
      msg: '签到已截止（截止时间 2030-01-03 14:15:00）',
      msg_en: 'Check-in closed at 2030-01-03 14:15:00',
    });
    expect((await bookingRow(f, two!)).appointment_state).toBe('0');
  });

  it('of simultaneous scans of the resource code by the booker, exactly one checks in', async () => {
    const r = await makeResource(f);
    const [id] = await book(f, f.student, r.id, [r.slots[0]!.id]);
    const code = await resourceCode(r.id, on(9, 1));
    const results = await Promise.all(Array.from({ length: 6 }, () => call(f, f.student, SIGN_IN, { code })));
    expect(results.filter((x) => x.errcode === '0')).toHaveLength(1);
    expect(new Set(results.filter((x) => x.errcode !== '0').map((x) => x.msg))).toEqual(
      new Set(['该预约已签到（2030-01-03 09:01:00）']),
    );
    expect((await logsOf(f, id!, 'checkin')).map((l) => l.type)).toEqual(['signIn']);
  });

  it('a resource without check-out refuses it; one without a check-in rule still checks in', async () => {
    const r = await makeResource(f, { resourcesConfig: { signin_rule: '0' } });
    const [id] = await book(f, f.student, r.id, [r.slots[0]!.id]);
    const code = await resourceCode(r.id, on(9, 0));
    expect((await at(on(9, 0), () => call(f, f.student, SIGN_IN, { code }))).errcode).toBe('0');
    const fresh = await resourceCode(r.id, on(9, 30));
    expect((await at(on(9, 30), () => call(f, f.student, SIGN_OUT, { code: fresh }))).msg).toBe('该场地无需签退');
    expect(await info(id!)).toMatchObject({ signin_required: '0', sign_out_rule: '0', sign_out_end: '' });
  });

  it('only the resource administrators get its code, for a screen or to print', async () => {
    const r = await makeResource(f);
    expect(await errorCode(f, f.student, RESOURCE_CODE, { resourcesId: r.id })).toBe('FORBIDDEN');
    const screen = await at(on(9, 0), () => call(f, f.staff, RESOURCE_CODE, { resourcesId: r.id }));
    expect(screen).toMatchObject({ expires_in: 300, expire_time: '2030-01-03 09:05:00', subject_id: r.id });
    expect(screen.qcode_image).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    const printed = await at(on(9, 0), () => call(f, f.admin, RESOURCE_CODE, { resourcesId: r.id, validDays: 180 }));
    expect(printed).toMatchObject({ expires_in: 180 * 86_400, expire_time: '2030-07-02 09:00:00' });
    for (const validDays of [0, 1096, -1]) {
      const bad = await f.t.gql('apps_yy_sys', RESOURCE_CODE, {
        token: f.admin,
        variables: { resourcesId: r.id, validDays },
      });
      expect(bad.body.errors?.[0]?.extensions).toMatchObject({
        code: 'SIGN_VALID_DAYS_INVALID',
        msg: '有效天数须为 1 到 1095 之间的整数',
      });
    }
    const unknown = await f.t.gql('apps_yy_sys', RESOURCE_CODE, {
      token: f.admin,
      variables: { resourcesId: randomUUID() },
    });
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('RESOURCE_NOT_FOUND');
  });

  it("the QR code made with the resource holds the venue page's URL with a signed code", async () => {
    const r = await makeResource(f);
    const url = await withTenant(f.t.database.db, f.t.demoTenantId, (tx) =>
      printedCheckInUrl(tx, f.t.demoTenantId, r.id, `https://campus.example/yy-sys/mobile/venueDetail/${r.id}`),
    );
    const claims = await withTenant(f.t.database.db, f.t.demoTenantId, (tx) =>
      readCode(tx, f.t.demoTenantId, url, 'resource', Date.now()),
    );
    expect(claims).toMatchObject({ kind: 'resource', subjectId: r.id, tenantId: f.t.demoTenantId });
    expect(claims.expiresAt - claims.issuedAt).toBe(1095 * 86_400);
  });
});

describe('QR codes that are not good', () => {
  it('refuses forged, altered, random, expired, wrong-kind and other-tenant codes and changes nothing', async () => {
    const r = await makeResource(f);
    const [id] = await book(f, f.student, r.id, [r.slots[0]!.id]);
    const now = on(9, 0);
    const good = await resourceCode(r.id, now);
    const tenantId = f.t.demoTenantId;
    const claims = parseCode(good)!.claims;
    const flipped = good.slice(0, 40) + (good[40] === 'A' ? 'B' : 'A') + good.slice(41);
    const forged = encodeCode({ ...claims, nonce: newNonce() }, newSecret());
    const otherTenant = await f.t.createOtherTenant(`ck${randomUUID().slice(0, 6)}`);
    const foreign = await withTenant(
      f.t.database.db,
      otherTenant,
      async (tx) => (await issueCode(tx, otherTenant, 'resource', r.id, now, 300)).code,
    );
    const cases: [string, string, string][] = [
      [flipped, '二维码无效：不是本系统签发的签到码或预约凭证，或已被篡改', 'Invalid QR code'],
      [forged, '二维码无效：不是本系统签发的签到码或预约凭证，或已被篡改', 'Invalid QR code'],
      ['hello', '二维码无效：不是本系统签发的签到码或预约凭证，或已被篡改', 'Invalid QR code'],
      ['x'.repeat(10_000), '二维码无效：不是本系统签发的签到码或预约凭证，或已被篡改', 'Invalid QR code'],
      [
        `https://campus.example/yy-sys/mobile/venueDetail/${r.id}`,
        '二维码无效：不是本系统签发的签到码或预约凭证，或已被篡改',
        'Invalid',
      ],
      [foreign, '该二维码属于其他单位，不能在本单位使用', 'belongs to another institution'],
      [await voucher(id!, now), '这是预约凭证，请扫描场地的签到码', 'This is a booking voucher'],
    ];
    setClock(now);
    for (const [code, zh, en] of cases) {
      const res = await call(f, f.student, SIGN_IN, { code });
      expect(res.errcode).toBe('500');
      expect(res.msg).toBe(zh);
      expect(res.msg_en).toContain(en);
    }
    // expired: valid 300 s from 09:00:00
    setClock(now + 300_000);
    expect(await call(f, f.student, SIGN_IN, { code: good })).toMatchObject({
      errcode: '500',
      msg: '二维码已过期，请刷新后重新扫描',
      msg_en: 'The QR code has expired; refresh it and scan again',
    });
    // the tenant id in a code of ours does not verify as the other tenant's either
    await expect(
      withTenant(f.t.database.db, otherTenant, (tx) => readCode(tx, otherTenant, good, 'resource', now)),
    ).rejects.toThrow(new AppError('SIGN_CODE_OTHER_TENANT'));
    // one second earlier the same code works
    setClock(now + 299_000);
    expect((await call(f, f.student, SIGN_IN, { code: good })).errcode).toBe('0');
    expect(claims.tenantId).toBe(tenantId);
  });

  it('nothing was written by a refused scan', async () => {
    const r = await makeResource(f);
    const [id] = await book(f, f.student, r.id, [r.slots[2]!.id]);
    setClock(on(11, 0));
    await call(f, f.student, SIGN_IN, { code: 'garbage' });
    expect((await bookingRow(f, id!)).appointment_state).toBe('0');
    expect(
      await f.t.database.db.select().from(appointmentSigns).where(eq(appointmentSigns.appointment_id, id!)),
    ).toEqual([]);
    expect(await logsOf(f, id!, 'checkin')).toEqual([]);
    expect(codeFromScan('garbage')).toBeNull();
  });
});

describe('staff scan a voucher', () => {
  it('checks in once: of many simultaneous scans of one voucher exactly one is accepted', async () => {
    const r = await makeResource(f);
    const [id] = await book(f, f.student, r.id, [r.slots[1]!.id]);
    expect(await errorCode(f, f.other, VOUCHER, { appointmentId: id })).toBe('APPOINTMENT_NOT_OWNER');
    const code = await voucher(id!, on(9, 55));
    // an ordinary user cannot scan, and the refused scan does not use the voucher up
    expect(await errorCode(f, f.other, SCAN, { code })).toBe('FORBIDDEN');
    // a resource code is not a voucher
    const rc = await resourceCode(r.id, on(9, 55));
    expect((await call(f, f.staff, SCAN, { code: rc })).msg).toBe('这是场地签到码，请扫描预约人的预约凭证');

    setClock(on(9, 56));
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(f, i % 2 ? f.admin : f.staff, SCAN, { code, type: '1' })),
    );
    expect(results.filter((x) => x.errcode === '0')).toHaveLength(1);
    expect(results.filter((x) => x.errcode !== '0').map((x) => x.msg)).toEqual(
      Array(7).fill('该预约凭证已被使用，请刷新凭证后重新扫描'),
    );
    expect(await info(id!)).toMatchObject({ sign_state: '1', sign_in_way: '2', sign_in_time: '2030-01-03 09:56:00' });
    expect((await logsOf(f, id!, 'checkin')).map((l) => l.type)).toEqual(['signIn']);
    expect((await call(f, f.staff, SCAN, { code })).msg).toBe('该预约凭证已被使用，请刷新凭证后重新扫描');

    // a fresh voucher: checking in again says so; checking out works once
    const second = await voucher(id!, on(10, 50));
    expect((await call(f, f.staff, SCAN, { code: second, type: '1' })).msg).toBe('该预约已签到（2030-01-03 09:56:00）');
    const third = await voucher(id!, on(10, 50));
    expect(await call(f, f.staff, SCAN, { code: third, type: '2' })).toMatchObject({ errcode: '0', msg: '签退成功' });
    expect(await info(id!, f.staff)).toMatchObject({ sign_state: '2', sign_out_way: '2' });
    expect((await call(f, f.staff, SCAN, { code: third, type: '3' })).msg).toBe('操作类型无效：3（1 签到，2 签退）');
    // another tenant's administrator does not find the booking's voucher valid
    const otherTenant = await f.t.createOtherTenant(`vs${randomUUID().slice(0, 6)}`);
    const stranger = await f.t.tokenFor('admin', otherTenant);
    const fourth = await voucher(id!, on(10, 51));
    expect((await call(f, stranger, SCAN, { code: fourth, type: '2' })).msg).toBe(
      '该二维码属于其他单位，不能在本单位使用',
    );
  });

  it('refuses a voucher of a booking awaiting approval or cancelled', async () => {
    const r = await makeResource(f, { need_approve: '1' });
    const [id] = await book(f, f.student, r.id, [r.slots[0]!.id]);
    const res = await f.t.gql('apps_yy_sys', VOUCHER, { token: f.student, variables: { appointmentId: id } });
    expect(res.body.errors?.[0]?.extensions).toMatchObject({
      code: 'SIGN_IN_AWAITING_APPROVAL',
      msg: '该预约尚未审批通过，不能签到',
    });
  });
});

describe('staff mark performed or no-show', () => {
  it('a no-show frees the seat; a correction marks it performed without taking the seat back', async () => {
    const r = await makeResource(f, { available_number: 3 });
    const [id] = await book(f, f.student, r.id, [r.slots[0]!.id]);
    await book(f, f.other, r.id, [r.slots[0]!.id]);
    const start = on(9, 0);
    expect(await seatsTaken(f, r.id, start)).toBe(2);

    setClock(on(8, 59));
    expect((await call(f, f.staff, MARK, { id, state: '2' })).msg).toBe('尚未到可标记的时间（2030-01-03 09:00:00 起）');
    setClock(on(9, 20));
    expect(await errorCode(f, f.other, MARK, { id, state: '2' })).toBe('FORBIDDEN');
    expect((await call(f, f.staff, MARK, { id, state: '5' })).msg).toBe('履约状态无效：5（1 已履约，2 违约）');
    const otherTenant = await f.t.createOtherTenant(`mk${randomUUID().slice(0, 6)}`);
    expect((await call(f, await f.t.tokenFor('admin', otherTenant), MARK, { id, state: '2' })).msg).toBe(
      '预约记录不存在',
    );
    expect((await bookingRow(f, id!)).appointment_state).toBe('0');

    expect(await call(f, f.staff, MARK, { id, state: '2', reason: '未到场' })).toMatchObject({
      errcode: '0',
      msg: '已标记为违约',
    });
    const row = await bookingRow(f, id!);
    expect(row).toMatchObject({ appointment_state: '2', active: false, state: '0' });
    expect(await seatsTaken(f, r.id, start)).toBe(1);
    expect(await info(id!)).toMatchObject({
      sign_state: '3',
      missed_way: '2',
      missed_user: 'keeper',
      remark: '未到场',
    });
    expect((await call(f, f.admin, MARK, { id, state: '2' })).msg).toContain('只有待履约的预约可以标记为违约');

    expect(await call(f, f.admin, MARK, { id, state: '1', reason: '到场了，误判' })).toMatchObject({
      errcode: '0',
      msg: '已标记为已履约',
    });
    expect(await info(id!)).toMatchObject({
      appointment_state: '1',
      sign_state: '1',
      sign_in_way: '3',
      missed_time: '',
    });
    expect((await bookingRow(f, id!)).active).toBe(false);
    expect(await seatsTaken(f, r.id, start)).toBe(1);
    expect((await logsOf(f, id!, 'checkin')).map((l) => l.type)).toEqual(['markMissed', 'markPerformed']);
  });
});

describe('the sign list (/manage/sign)', () => {
  it('lists confirmed bookings with their check-in records, filtered and paged, for administrators only', async () => {
    const r = await makeResource(f);
    const [a] = await book(f, f.student, r.id, [r.slots[0]!.id]);
    const [b] = await book(f, f.other, r.id, [r.slots[1]!.id]);
    const [c] = await book(f, f.student, r.id, [r.slots[2]!.id]);
    setClock(on(9, 5));
    await call(f, f.student, SIGN_IN, { code: await resourceCode(r.id, on(9, 5)) });
    setClock(on(10, 20));
    await call(f, f.staff, MARK, { id: b, state: '2' });

    const all = await call(f, f.admin, LIST, { filter: { resources_id: { eq: r.id } } });
    expect(all.totalCount).toBe(3);
    expect(all.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([c, b, a]);
    expect(all.edges[2].node).toMatchObject({
      sign_state: '1',
      sign_in_time: '2030-01-03 09:05:00',
      appointment_user: 'student',
    });
    const byState = async (signState: string) =>
      (await call(f, f.admin, LIST, { filter: { resources_id: { eq: r.id } }, signState })).edges.map(
        (e: { node: { id: string } }) => e.node.id,
      );
    expect(await byState('0')).toEqual([c]);
    expect(await byState('1')).toEqual([a]);
    expect(await byState('3')).toEqual([b]);
    expect(await byState('2')).toEqual([]);
    const page = await call(f, f.admin, LIST, { filter: { resources_id: { eq: r.id } }, first: 2, offset: 2 });
    expect(page).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: false } });
    expect(page.edges).toHaveLength(1);
    const kw = await call(f, f.admin, LIST, { filter: { resources_id: { eq: r.id } }, keyword: '另一位' });
    expect(kw.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([b]);
    const day = await call(f, f.admin, LIST, {
      filter: { resources_id: { eq: r.id } },
      appointmentDate: ['2030-01-04'],
    });
    expect(day.totalCount).toBe(0);
    expect((await call(f, f.admin, LIST, { appointmentDate: [DAY] })).totalCount).toBeGreaterThanOrEqual(3);
    const bad = await f.t.gql('apps_yy_sys', LIST, { token: f.admin, variables: { signState: '9' } });
    expect(bad.body.errors?.[0]?.extensions?.msg).toBe('签到状态无效：9（0 待签到，1 已签到，2 已签退，3 违约）');
    expect(await errorCode(f, f.student, LIST, {})).toBe('FORBIDDEN');
  });
});

describe('the no-show job', () => {
  it('marks bookings not checked in by the end of the window, frees their slots once, and leaves the rest', async () => {
    const exclusive = await makeResource(f);
    const shared = await makeResource(f, { available_number: 5 });
    const untracked = await makeResource(f, { resourcesConfig: { signin_rule: '0' } });
    const [missed] = await book(f, f.student, exclusive.id, [exclusive.slots[1]!.id]);
    const [seat] = await book(f, f.student, shared.id, [shared.slots[1]!.id]);
    const [signedIn] = await book(f, f.other, shared.id, [shared.slots[1]!.id]);
    const [free] = await book(f, f.student, untracked.id, [untracked.slots[1]!.id]);
    const [later] = await book(f, f.other, exclusive.id, [exclusive.slots[3]!.id]);
    setClock(on(10, 1));
    await call(f, f.other, SIGN_IN, { code: await resourceCode(shared.id, on(10, 1)) });
    expect(await seatsTaken(f, shared.id, on(10, 0))).toBe(2);

    const job = noShowJob({ config: f.t.config, log: f.t.app.log });
    setClock(on(10, 14, 59));
    await job.run(f.t.database.db);
    expect((await bookingRow(f, missed!)).appointment_state).toBe('0');

    setClock(on(10, 15));
    await job.run(f.t.database.db);
    await job.run(f.t.database.db);
    expect(await bookingRow(f, missed!)).toMatchObject({ appointment_state: '2', active: false });
    expect(await bookingRow(f, seat!)).toMatchObject({ appointment_state: '2', active: false });
    expect(await seatsTaken(f, shared.id, on(10, 0))).toBe(1);
    expect(await bookingRow(f, signedIn!)).toMatchObject({ appointment_state: '1', active: true });
    expect((await bookingRow(f, free!)).appointment_state).toBe('0');
    expect((await bookingRow(f, later!)).appointment_state).toBe('0');
    expect(await logsOf(f, missed!, 'checkin')).toEqual([
      expect.objectContaining({ type: 'noShow', user: '', content: expect.stringContaining('系统记为违约') }),
    ]);
    expect(await logsOf(f, seat!, 'checkin')).toHaveLength(1);
    expect(await info(missed!)).toMatchObject({ sign_state: '3', missed_way: '1', missed_time: '2030-01-03 10:15:00' });

    // a window that closed more than a day ago is left alone (switching check-in on later)
    setClock(on(14, 16, 0, 4));
    await job.run(f.t.database.db);
    expect((await bookingRow(f, later!)).appointment_state).toBe('0');
    expect((await bookingRow(f, free!)).appointment_state).toBe('0');
  });
});
