import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { findUserByAccount } from '../src/modules/directory/directory.repository.ts';
import { assertNotBlacklisted, banOf } from '../src/modules/blacklist/blacklist.guard.ts';
import { noShowJob } from '../src/modules/checkin/checkin.jobs.ts';
import type { AuthUser, TenantRef } from '../src/platform/context.ts';
import { AppError } from '../src/platform/errors.ts';
import {
  BOOKING_NOW,
  book,
  call,
  useCheckinFixture,
  errorCode,
  logsOf,
  makeResource,
  on,
  setClock,
  ZONE,
  type Fixture,
} from './checkin-fixtures.ts';

const LIST = `query($first: Int, $offset: Int, $filter: BlackListFilterMap) { findBlackListAll(first: $first,
  offset: $offset, filter: $filter) { edges { node { id user_account user_name reason reason_en source no_show_count
  start_time end_time state ban_state pardon_time pardon_reason pardon_user created_user } } totalCount } }`;
const SELF = `{ findBlackListForSelf { id reason reason_en end_time ban_state } }`;
const SAVE = `mutation($model: InputBlackList!) { saveBlackList(model: $model) { errcode msg msg_en ids } }`;
const DELETE = `mutation($id: ID!) { deleteBlackList(id: $id) { errcode msg msg_en ids } }`;
const PARDON = `mutation($id: ID!, $reason: String!) { pardonBlackList(id: $id, reason: $reason) { errcode msg msg_en ids } }`;
const SETTINGS = `{ findBlackSettings { id is_enable no_show_times no_show_days ban_days update_user update_time } }`;
const SAVE_SETTINGS = `mutation($model: InputBlackSettings!) { saveBlackSettings(model: $model) { errcode msg msg_en ids } }`;
const MARK = `mutation($id: ID!) { updateAppointmentPerformState(id: $id, appointment_state: "2") { errcode msg } }`;
const SUBMIT = `mutation($model: InputAppointmentInformation!, $timeSlotIdList: [String]) {
  saveAppointmentInformationAll(model: $model, timeSlotIdList: $timeSlotIdList) { code messages messages_en ids } }`;

const fixture = useCheckinFixture();
let f: Fixture;
beforeEach(() => {
  f = fixture();
});

const tenant = (): TenantRef => ({ id: f.t.demoTenantId, key: 'demo', timeZone: ZONE, isSuper: true });

async function authUser(account: string): Promise<AuthUser> {
  const u = await withTenant(f.t.database.db, f.t.demoTenantId, (tx) =>
    findUserByAccount(tx, f.t.demoTenantId, account),
  );
  return { id: u!.id, account, name: u!.name, role: 'user', tenantId: f.t.demoTenantId };
}

const entries = async (filter: Record<string, unknown> = {}) =>
  (await call(f, f.admin, LIST, { filter })).edges.map((e: { node: Record<string, unknown> }) => e.node);

/** Tries to book as a user at BOOKING_NOW; returns the submit's result (success or not). */
async function trySubmit(token: string, resourceId: string, slotId: string) {
  setClock(BOOKING_NOW);
  return call(f, token, SUBMIT, {
    model: { resources_id: resourceId, appointment_date: '2030-01-03' },
    timeSlotIdList: [slotId],
  });
}

describe('the black-settings rule', () => {
  it('is on by default (3 within 30 days, 7 days); administrators change it, bad values change nothing', async () => {
    expect(await call(f, f.admin, SETTINGS)).toMatchObject({
      id: '',
      is_enable: '1',
      no_show_times: 3,
      no_show_days: 30,
      ban_days: 7,
    });
    for (const model of [
      { is_enable: '2', no_show_times: 3, no_show_days: 30, ban_days: 7 },
      { is_enable: '1', no_show_times: 0, no_show_days: 30, ban_days: 7 },
      { is_enable: '1', no_show_times: 3, no_show_days: 400, ban_days: 7 },
      { is_enable: '1', no_show_times: 3, no_show_days: 30, ban_days: 0 },
    ]) {
      const bad = await call(f, f.admin, SAVE_SETTINGS, { model });
      expect(bad.errcode).toBe('500');
      expect(bad.msg).toContain('黑名单规则无效');
      expect(bad.msg_en).toContain('Invalid blacklist rule');
    }
    expect((await call(f, f.admin, SETTINGS)).id).toBe('');
    const saved = await call(f, f.admin, SAVE_SETTINGS, {
      model: { is_enable: '1', no_show_times: 2, no_show_days: 10, ban_days: 3 },
    });
    expect(saved.errcode).toBe('0');
    expect(await call(f, f.admin, SETTINGS)).toMatchObject({
      id: saved.ids[0],
      no_show_times: 2,
      no_show_days: 10,
      ban_days: 3,
      update_user: 'admin',
      update_time: '2030-01-01 12:00:00',
    });
    expect((await logsOf(f, saved.ids[0], 'blacklist')).map((l) => l.type)).toEqual(['settings']);
    expect(await errorCode(f, f.student, SETTINGS)).toBe('FORBIDDEN');
    expect(
      await errorCode(f, f.student, SAVE_SETTINGS, {
        model: { is_enable: '0', no_show_times: 1, no_show_days: 1, ban_days: 1 },
      }),
    ).toBe('FORBIDDEN');
  });

  it("bans after the rule's no-shows (job and staff), refuses the banned user's booking with reason and end, and a pardon lifts it", async () => {
    // rule of the previous test: 2 no-shows within 10 days -> 3 days
    const r = await makeResource(f);
    const [a] = await book(f, f.student, r.id, [r.slots[0]!.id]);
    await book(f, f.student, r.id, [r.slots[1]!.id]);
    const [c] = await book(f, f.student, r.id, [r.slots[2]!.id]);
    setClock(on(9, 20));
    expect((await call(f, f.staff, MARK, { id: a })).errcode).toBe('0');
    expect(await entries({ user_account: { eq: 'student' } })).toEqual([]);
    // the second no-show, marked by the job when b's window closes at 10:15
    setClock(on(10, 15));
    await noShowJob({ config: f.t.config, log: f.t.app.log }).run(f.t.database.db);
    const [ban] = await entries({ user_account: { eq: 'student' } });
    expect(ban).toMatchObject({
      user_account: 'student',
      source: '1',
      no_show_count: 2,
      reason: '10天内2次预约未签到（违约）',
      reason_en: '2 no-shows within 10 days',
      start_time: '2030-01-03 10:15:00',
      end_time: '2030-01-06 10:15:00',
      state: '1',
      ban_state: '1',
    });
    expect((await logsOf(f, ban.id, 'blacklist')).map((l) => l.type)).toEqual(['auto']);
    expect(await call(f, f.student, SELF)).toMatchObject({
      id: ban.id,
      end_time: '2030-01-06 10:15:00',
      ban_state: '1',
    });

    // the guard, directly
    const student = await authUser('student');
    const now = on(10, 30);
    expect(await withTenant(f.t.database.db, f.t.demoTenantId, (tx) => banOf(tx, tenant(), student, now))).toEqual({
      until: '2030-01-06 10:15:00',
      reason: '10天内2次预约未签到（违约）',
      reasonEn: '2 no-shows within 10 days',
    });
    const refusal = await withTenant(f.t.database.db, f.t.demoTenantId, (tx) =>
      assertNotBlacklisted(tx, tenant(), student, now),
    ).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).texts).toEqual({
      zh: '您已被列入黑名单，2030-01-06 10:15:00 前不能预约。原因：10天内2次预约未签到（违约）',
      en: 'You are on the blacklist and cannot book until 2030-01-06 10:15:00. Reason: 2 no-shows within 10 days',
    });
    // expired at its end
    expect(
      await withTenant(f.t.database.db, f.t.demoTenantId, (tx) => banOf(tx, tenant(), student, on(10, 15, 0, 6))),
    ).toBeNull();

    // through the API: the booking engine calls the guard on submit (ban from 2030-01-03 10:15:
    // the submit is made "now", after it)
    const other = await makeResource(f);
    setClock(on(10, 30));
    const refused = await call(f, f.student, SUBMIT, {
      model: { resources_id: other.id, appointment_date: '2030-01-05' },
      timeSlotIdList: [other.slots[0]!.id],
    });
    expect(refused).toMatchObject({
      code: '500',
      messages: ['您已被列入黑名单，2030-01-06 10:15:00 前不能预约。原因：10天内2次预约未签到（违约）'],
      messages_en: [
        'You are on the blacklist and cannot book until 2030-01-06 10:15:00. Reason: 2 no-shows within 10 days',
      ],
    });

    // a third no-show during the ban does not stack a new one (strikes count after the entry)
    setClock(on(11, 20));
    expect((await call(f, f.staff, MARK, { id: c })).errcode).toBe('0');
    expect(await entries({ user_account: { eq: 'student' } })).toHaveLength(1);

    // pardon: reason required; lifts the ban; a second pardon is refused
    expect((await call(f, f.admin, PARDON, { id: ban.id, reason: '  ' })).msg).toBe('解除原因不能为空');
    expect(await errorCode(f, f.student, PARDON, { id: ban.id, reason: '申诉' })).toBe('FORBIDDEN');
    expect((await call(f, f.admin, PARDON, { id: ban.id, reason: '申诉通过：生病' })).errcode).toBe('0');
    const [pardoned] = await entries({ user_account: { eq: 'student' } });
    expect(pardoned).toMatchObject({
      state: '2',
      ban_state: '2',
      pardon_reason: '申诉通过：生病',
      pardon_user: 'admin',
      pardon_time: '2030-01-03 11:20:00',
    });
    expect((await call(f, f.admin, PARDON, { id: ban.id, reason: '再次' })).msg).toBe(
      '该黑名单记录已过期或已解除，无需再解除',
    );
    expect(await call(f, f.student, SELF)).toBeNull();
    const booked = await call(f, f.student, SUBMIT, {
      model: { resources_id: other.id, appointment_date: '2030-01-05' },
      timeSlotIdList: [other.slots[0]!.id],
    });
    expect(booked.code, booked.messages[0]).toBe('0');
    expect((await logsOf(f, ban.id, 'blacklist')).map((l) => l.type).sort()).toEqual(['auto', 'pardon']);
  });
});

describe('administrators manage the blacklist', () => {
  it('add, refuse bad input without changes, remove; users and other tenants are refused', async () => {
    const before = (await entries()).length;
    const bad: [Record<string, unknown>, string][] = [
      [{ user_account: '', reason: 'x', days: 3 }, '参数错误'],
      [{ user_account: 'nobody', reason: '占场不用', days: 3 }, '用户“nobody”不存在'],
      [{ user_account: 'other', reason: '', days: 3 }, '列入黑名单的原因不能为空'],
      [{ user_account: 'other', reason: '占场不用' }, '结束时间无效'],
      [{ user_account: 'other', reason: '占场不用', end_time: '2029-12-31' }, '结束时间无效'],
      [{ user_account: 'other', reason: '占场不用', days: 0 }, '结束时间无效'],
      [{ user_account: 'other', reason: '占场不用', end_time: '2030-02-30' }, '结束时间无效'],
    ];
    for (const [model, msg] of bad) {
      const res = await call(f, f.admin, SAVE, { model });
      expect(res.errcode).toBe('500');
      expect(res.msg).toContain(msg);
      expect(res.msg_en).toBeTruthy();
    }
    expect((await entries()).length).toBe(before);
    expect(await errorCode(f, f.student, SAVE, { model: { user_account: 'other', reason: 'x', days: 1 } })).toBe(
      'FORBIDDEN',
    );

    const added = await call(f, f.admin, SAVE, {
      model: {
        user_account: 'other',
        reason: '多次占场不用',
        reason_en: 'Repeatedly held courts unused',
        end_time: '2030-01-10',
      },
    });
    expect(added.errcode).toBe('0');
    const [entry] = await entries({ user_account: { eq: 'other' } });
    expect(entry).toMatchObject({
      id: added.ids[0],
      user_name: '另一位同学',
      source: '2',
      start_time: '2030-01-01 12:00:00',
      end_time: '2030-01-11 00:00:00',
      created_user: 'admin',
      ban_state: '1',
    });
    expect((await call(f, f.admin, SAVE, { model: { user_account: 'other', reason: '再来', days: 2 } })).msg).toBe(
      '用户“other”已在黑名单中，至 2030-01-11 00:00:00',
    );
    const r = await makeResource(f);
    const refused = await trySubmit(f.other, r.id, r.slots[0]!.id);
    expect(refused.code).toBe('500');
    expect(refused.messages_en[0]).toBe(
      'You are on the blacklist and cannot book until 2030-01-11 00:00:00. Reason: Repeatedly held courts unused',
    );
    expect(await entries({ keyword: { like: '另一位' } })).toHaveLength(1);
    expect(await entries({ source: { eq: '2' }, ban_state: { eq: '1' } })).toEqual([
      expect.objectContaining({ id: entry.id }),
    ]);
    expect(await entries({ ban_state: { eq: '9' } })).toEqual([]);

    // another tenant's administrator neither sees nor touches it
    const otherTenant = await f.t.createOtherTenant(`bl${randomUUID().slice(0, 6)}`);
    const stranger = await f.t.tokenFor('admin', otherTenant);
    expect((await call(f, stranger, LIST, {})).totalCount).toBe(0);
    expect((await call(f, stranger, DELETE, { id: entry.id })).msg).toBe('黑名单记录不存在');
    expect((await call(f, stranger, PARDON, { id: entry.id, reason: 'x' })).msg).toBe('黑名单记录不存在');
    expect((await call(f, stranger, SAVE, { model: { user_account: 'other', reason: 'x', days: 1 } })).msg).toBe(
      '用户“other”不存在',
    );
    expect(await errorCode(f, f.student, DELETE, { id: entry.id })).toBe('FORBIDDEN');
    expect(await errorCode(f, f.student, LIST, {})).toBe('FORBIDDEN');
    expect((await call(f, f.admin, DELETE, { id: 'not-a-uuid' })).msg).toBe('黑名单记录不存在');

    expect((await call(f, f.admin, DELETE, { id: entry.id })).errcode).toBe('0');
    expect(await entries({ user_account: { eq: 'other' } })).toEqual([]);
    expect((await call(f, f.admin, DELETE, { id: entry.id })).msg).toBe('黑名单记录不存在');
    expect((await trySubmit(f.other, r.id, r.slots[0]!.id)).code).toBe('0');
    expect((await logsOf(f, entry.id, 'blacklist')).map((l) => l.type).sort()).toEqual(['delete', 'save']);
  });
});
