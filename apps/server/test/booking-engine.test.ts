/**
 * The booking engine's wiring of the anti-abuse guards (captcha, submit frequency, blacklist),
 * the unfinished-bookings limit, "book again" and the availability of a resource type, through
 * the GraphQL API as clients use it.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/platform/errors.ts';
import {
  AVAILABILITY,
  BOOK_AGAIN,
  CANCEL,
  CHECK,
  NOW,
  PREVIEW,
  SAVE_ONE,
  TYPE_AVAILABILITY,
  at,
  badmintonType,
  makeResource,
  makeType,
  makeUsers,
  model,
  solveCaptcha,
  submit,
} from './booking-fixtures.ts';
import { createTestApp, testDatabaseUrl, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';
import { saveAppointments } from '../src/modules/booking/booking.submit.service.ts';

let t: TestApp;
let admin: string;
let badminton: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin');
  badminton = await badmintonType(t, admin);
}, 60_000);
afterAll(async () => {
  bookingClock.now = () => Date.now();
  await t?.close();
});
afterEach(() => {
  bookingClock.now = () => NOW;
});

let userSeq = 0;
/** A fresh user of the demo tenant (so no test's quotas, bans or submit counts leak into another). */
async function freshUser() {
  const [u] = await makeUsers(t, 1, `eng${++userSeq}_${Date.now() % 100_000}_`);
  return u!;
}

describe('captcha and submit frequency (checked before the business rules)', () => {
  it('a captcha resource refuses a submit without a credential before any slot rule; a check needs none', async () => {
    bookingClock.now = () => NOW;
    const r = await makeResource(t, admin, badminton, { open_captcha_verify: '1' });
    const u = await freshUser();
    // the administrator takes slot 0 with a credential of their own
    const own = await solveCaptcha(t, admin);
    expect(
      (await submit(t, admin, { ...own, model: model(r.id, '2030-01-03'), timeSlotIdList: [r.slots[0]!.id] })).code,
    ).toBe('0');
    // the taken slot is refused for the missing captcha first, not for being taken
    const none = await submit(t, u.token, { model: model(r.id, '2030-01-03'), timeSlotIdList: [r.slots[0]!.id] });
    expect(none.code).toBe('500');
    expect(none.name).toMatch(/^CAPTCHA_/);
    expect(none.name).not.toBe('BOOKING_SLOT_TAKEN');
    // checkResourceTimeSlotCapacity is not a submit: no credential needed, none spent
    const check = await t.gql('apps_yy_sys', CHECK, {
      token: u.token,
      variables: { resourceId: r.id, bookDate: '2030-01-03', timeSlotIdList: [r.slots[1]!.id] },
    });
    expect(check.body.data!.checkResourceTimeSlotCapacity).toMatchObject({ code: '0' });
    const cred = await solveCaptcha(t, u.token);
    const checkAgain = await t.gql('apps_yy_sys', CHECK, {
      token: u.token,
      variables: { resourceId: r.id, bookDate: '2030-01-03', timeSlotIdList: [r.slots[1]!.id] },
    });
    expect(checkAgain.body.data!.checkResourceTimeSlotCapacity.code).toBe('0');
    const booked = await submit(t, u.token, {
      ...cred,
      model: model(r.id, '2030-01-03'),
      timeSlotIdList: [r.slots[1]!.id],
    });
    expect(booked).toMatchObject({ code: '0', messages: [], messages_en: [] });
    // a credential is single use
    const reused = await submit(t, u.token, {
      ...cred,
      model: model(r.id, '2030-01-03'),
      timeSlotIdList: [r.slots[2]!.id],
    });
    expect(reused).toMatchObject({ code: '500', messages: ['验证码不能重复使用'] });
    // saveAppointmentInformation and a batch submit go through the same guard
    const single = await t.gql('apps_yy_sys', SAVE_ONE, {
      token: u.token,
      variables: {
        model: model(r.id, '2030-01-03', { start_time: '14:00', end_time: '15:00' }),
        captchaId: '',
        captchaCode: '',
      },
    });
    expect(single.body.data!.saveAppointmentInformation.errcode).toBe('500');
    expect(single.body.data!.saveAppointmentInformation.msg_en).toMatch(/captcha/i);
    const batch = await submit(t, u.token, {
      model: model(r.id, '2030-01-03'),
      borrowDateList: ['2030-01-03', '2030-01-04'],
      timeSlotIdList: [r.slots[3]!.id],
    });
    expect(batch.name).toMatch(/^CAPTCHA_/);
    // a preview is not a submit either
    const preview = await t.gql('apps_yy_sys', PREVIEW, {
      token: u.token,
      variables: {
        model: model(r.id, '2030-01-03'),
        borrowDateList: ['2030-01-03', '2030-01-04'],
        timeSlotIdList: [r.slots[3]!.id],
      },
    });
    expect(preview.body.data!.previewAppointmentSeries.map((o: { status: string }) => o.status)).toEqual(['ok', 'ok']);
    const mine = await t.gql('apps_yy_sys', AVAILABILITY, {
      token: u.token,
      variables: { resourcesId: r.id, date: '2030-01-03' },
    });
    expect(mine.body.data!.findResourceSlotAvailability.map((s: { state: string }) => s.state)).toEqual([
      'taken',
      'mine',
      'available',
      'available',
    ]);
  });

  it('open_frequency_verify: the third rapid submit is refused, even on a free slot', async () => {
    bookingClock.now = () => NOW;
    const r = await makeResource(t, admin, badminton, { open_frequency_verify: '1' });
    const u = await freshUser();
    const codes = [];
    for (const s of r.slots.slice(0, 3)) {
      codes.push(await submit(t, u.token, { model: model(r.id, '2030-01-03'), timeSlotIdList: [s.id] }));
    }
    expect(codes.slice(0, 2).map((c) => c.code)).toEqual(['0', '0']);
    expect(codes[2].messages[0]).toContain('频繁调用接口');
  });
});

describe('blacklist', () => {
  it('a banned user: submits and checks refused with the end and reason; slots and occurrences say blacklisted', async () => {
    bookingClock.now = () => NOW;
    const r = await makeResource(t, admin, badminton);
    const u = await freshUser();
    // booked before the ban: stays the user's
    expect(
      (await submit(t, u.token, { model: model(r.id, '2030-01-03'), timeSlotIdList: [r.slots[0]!.id] })).code,
    ).toBe('0');
    const ban = await t.gql(
      'apps_yy_sys',
      `mutation($model: InputBlackList!) { saveBlackList(model: $model) { errcode msg } }`,
      {
        token: admin,
        variables: { model: { user_account: u.account, reason: '多次爽约', reason_en: 'Repeated no-shows', days: 3 } },
      },
    );
    expect(ban.body.data?.saveBlackList?.errcode, JSON.stringify(ban.body)).toBe('0');

    const refused = await submit(t, u.token, { model: model(r.id, '2030-01-03'), timeSlotIdList: [r.slots[1]!.id] });
    expect(refused).toMatchObject({ code: '500', name: 'BLACKLISTED' });
    expect(refused.messages[0]).toContain('多次爽约');
    expect(refused.messages[0]).toContain('2030-01-04 12:00:00');
    expect(refused.messages_en[0]).toContain('Repeated no-shows');
    const check = await t.gql('apps_yy_sys', CHECK, {
      token: u.token,
      variables: { resourceId: r.id, bookDate: '2030-01-03', timeSlotIdList: [r.slots[1]!.id] },
    });
    expect(check.body.data!.checkResourceTimeSlotCapacity).toMatchObject({ code: '500', name: 'BLACKLISTED' });

    const slots = (
      await t.gql('apps_yy_sys', AVAILABILITY, { token: u.token, variables: { resourcesId: r.id, date: '2030-01-03' } })
    ).body.data!.findResourceSlotAvailability;
    expect(slots.map((s: { state: string; rule: string }) => [s.state, s.rule])).toEqual([
      ['mine', ''],
      ['unavailable', 'blacklisted'],
      ['unavailable', 'blacklisted'],
      ['unavailable', 'blacklisted'],
    ]);
    expect(slots[1].reason_cn).toBe(refused.messages[0]);
    // a passed slot stays expired
    const today = (
      await t.gql('apps_yy_sys', AVAILABILITY, { token: u.token, variables: { resourcesId: r.id, date: '2030-01-01' } })
    ).body.data!.findResourceSlotAvailability;
    expect(today.map((s: { rule: string }) => s.rule)).toEqual(['expired', 'expired', 'expired', 'blacklisted']);
    // the type's grid says the same
    const grid = (
      await t.gql('apps_yy_sys', TYPE_AVAILABILITY, {
        token: u.token,
        variables: { resourcesTypeId: badminton, date: '2030-01-03' },
      })
    ).body.data!.findResourceTypeSlotAvailability as { resources_id: string; slots: { rule: string }[] }[];
    expect(grid.find((g) => g.resources_id === r.id)!.slots.map((s) => s.rule)).toEqual([
      '',
      'blacklisted',
      'blacklisted',
      'blacklisted',
    ]);

    // batch: the preview reports each occurrence, the submit is refused with the ban
    const series = {
      model: model(r.id, '2030-01-03'),
      borrowDateList: ['2030-01-03', '2030-01-04'],
      timeSlotIdList: [r.slots[0]!.id],
    };
    const preview = (await t.gql('apps_yy_sys', PREVIEW, { token: u.token, variables: series })).body.data!
      .previewAppointmentSeries;
    expect(preview.map((o: { status: string; rule: string }) => [o.status, o.rule])).toEqual([
      ['conflict', 'mine'],
      ['blacklisted', 'blacklisted'],
    ]);
    expect(preview[1].reason).toBe(refused.messages[0]);
    expect(await submit(t, u.token, series)).toMatchObject({ code: '500', name: 'BLACKLISTED' });

    // the ban over, booking works again
    bookingClock.now = () => at('2030-01-04', '12:00');
    expect(
      (await submit(t, u.token, { model: model(r.id, '2030-01-06'), timeSlotIdList: [r.slots[1]!.id] })).code,
    ).toBe('0');
  });
});

describe('unfinished-bookings limit (is_incomplete_appointment_number_limit)', () => {
  it("counts the booker's bookings of the type still to come; cancelled, ended or other types do not count", async () => {
    bookingClock.now = () => NOW;
    const typeId = await makeType(t, admin, {
      is_incomplete_appointment_number_limit: '1',
      incomplete_appointment_number_limit: 2,
    });
    const a = await makeResource(t, admin, typeId);
    const b = await makeResource(t, admin, typeId);
    const other = await makeResource(t, admin, badminton);
    const u = await freshUser();
    const book = (id: string, date: string, slot: string) =>
      submit(t, u.token, { model: model(id, date), timeSlotIdList: [slot] });
    // today's 14:00 (still to come) and one more: the limit
    expect((await book(a.id, '2030-01-01', a.slots[3]!.id)).code).toBe('0');
    const second = await book(b.id, '2030-01-03', b.slots[0]!.id);
    expect(second.code).toBe('0');
    const third = await book(a.id, '2030-01-04', a.slots[0]!.id);
    expect(third).toMatchObject({
      code: '500',
      name: 'BOOKING_UNFINISHED_LIMIT_EXCEEDED',
      messages: ['超过未完成预约数（2个）限制：您已有2个尚未结束的预约'],
    });
    // another type is not concerned
    expect((await book(other.id, '2030-01-04', other.slots[0]!.id)).code).toBe('0');
    // once today's booking has ended it no longer counts; two slots at once count as two
    bookingClock.now = () => at('2030-01-01', '15:00');
    const pair = await submit(t, u.token, {
      model: model(a.id, '2030-01-05'),
      timeSlotIdList: [a.slots[0]!.id, a.slots[1]!.id],
    });
    expect(pair.name).toBe('BOOKING_UNFINISHED_LIMIT_EXCEEDED');
    expect((await book(a.id, '2030-01-04', a.slots[0]!.id)).code).toBe('0');
    expect((await book(a.id, '2030-01-05', a.slots[0]!.id)).name).toBe('BOOKING_UNFINISHED_LIMIT_EXCEEDED');
    // a cancelled booking frees its place
    const cancel = await t.gql('apps_yy_sys', CANCEL, {
      token: u.token,
      variables: { id: second.ids[0], reason: '改期' },
    });
    expect(cancel.body.data!.updateAppointmentInformationState.errcode).toBe('0');
    expect((await book(a.id, '2030-01-05', a.slots[0]!.id)).code).toBe('0');
  });

  it('a series reports the occurrences over the limit as over_quota (rule unfinished)', async () => {
    bookingClock.now = () => NOW;
    const typeId = await makeType(t, admin, {
      is_incomplete_appointment_number_limit: '1',
      incomplete_appointment_number_limit: 2,
    });
    const r = await makeResource(t, admin, typeId);
    const u = await freshUser();
    expect(
      (await submit(t, u.token, { model: model(r.id, '2030-01-02'), timeSlotIdList: [r.slots[0]!.id] })).code,
    ).toBe('0');
    const series = {
      model: model(r.id, '2030-01-03'),
      borrowDateList: ['2030-01-03', '2030-01-04', '2030-01-05'],
      timeSlotIdList: [r.slots[0]!.id],
    };
    const preview = (await t.gql('apps_yy_sys', PREVIEW, { token: u.token, variables: series })).body.data!
      .previewAppointmentSeries as { status: string; rule: string; reason: string }[];
    expect(preview.map((o) => [o.status, o.rule])).toEqual([
      ['ok', ''],
      ['over_quota', 'unfinished'],
      ['over_quota', 'unfinished'],
    ]);
    expect(preview[1]!.reason).toBe('超过未完成预约数（2个）限制：您已有2个尚未结束的预约');
    const some = await submit(t, u.token, { ...series, seriesCommit: 'ok' });
    expect(some).toMatchObject({ code: '0' });
    expect(some.ids).toHaveLength(1);
  });
});

describe.skipIf(!testDatabaseUrl)('unfinished-bookings limit under concurrent submits (PostgreSQL)', () => {
  it("one user's simultaneous submits never exceed it", async () => {
    bookingClock.now = () => NOW;
    const typeId = await makeType(t, admin, {
      is_incomplete_appointment_number_limit: '1',
      incomplete_appointment_number_limit: 2,
    });
    const resources = await Promise.all([0, 1, 2].map(() => makeResource(t, admin, typeId)));
    const u = await freshUser();
    const attempts = resources.flatMap((r) => r.slots.map((s) => ({ r: r.id, s: s.id })));
    const results = await Promise.all(
      attempts.map(async (a) => {
        try {
          await saveAppointments(u.ctx, { model: model(a.r, '2030-01-03'), timeSlotIdList: [a.s] });
          return 'ok';
        } catch (err) {
          if (err instanceof AppError) return err.code;
          throw err;
        }
      }),
    );
    expect(results.filter((x) => x === 'ok')).toHaveLength(2);
    expect(new Set(results.filter((x) => x !== 'ok'))).toEqual(new Set(['BOOKING_UNFINISHED_LIMIT_EXCEEDED']));
  }, 60_000);
});

describe('book again (再次预约)', () => {
  it("gives a finished booking's form values; booking them on a new date works", async () => {
    bookingClock.now = () => NOW;
    const r = await makeResource(t, admin, badminton);
    const u = await freshUser();
    const first = await submit(t, u.token, {
      model: model(r.id, '2030-01-03', {
        theme: '周赛',
        remark: '带球拍',
        phone: '13900000000',
        appointmentParticipantList: [{ participant_id: 'p1', participant_name: '同伴', mobile: '13700000001' }],
        appointmentCollectionList: [{ field_name: 'team', field_desc_cn: '队伍', field_value: '校队' }],
      }),
      timeSlotIdList: [r.slots[1]!.id],
    });
    expect(first.code).toBe('0');
    const id = first.ids[0] as string;
    // still to come: not yet
    const early = (await t.gql('apps_yy_sys', BOOK_AGAIN, { token: u.token, variables: { id } })).body.data!
      .findAppointmentBookAgain;
    expect(early).toMatchObject({ code: '500', name: 'BOOK_AGAIN_NOT_FINISHED' });
    // someone else's: refused
    const stranger = await freshUser();
    expect(
      (await t.gql('apps_yy_sys', BOOK_AGAIN, { token: stranger.token, variables: { id } })).body.data!
        .findAppointmentBookAgain.name,
    ).toBe('APPOINTMENT_NOT_OWNER');
    expect(
      (await t.gql('apps_yy_sys', BOOK_AGAIN, { token: u.token, variables: { id: 'junk' } })).body.data!
        .findAppointmentBookAgain.name,
    ).toBe('APPOINTMENT_NOT_FOUND');

    bookingClock.now = () => at('2030-01-03', '12:00');
    const again = (await t.gql('apps_yy_sys', BOOK_AGAIN, { token: u.token, variables: { id } })).body.data!
      .findAppointmentBookAgain;
    expect(again).toMatchObject({
      code: '0',
      appointment_id: id,
      resources_id: r.id,
      booking_mode: '1',
      time_slot_rule: '1',
      time_slot_id: r.slots[1]!.id,
      start_time: '10:00',
      end_time: '11:00',
      model: {
        resources_id: r.id,
        theme: '周赛',
        remark: '带球拍',
        phone: '13900000000',
        appointmentParticipantList: [
          expect.objectContaining({ participant_id: 'p1', participant_name: '同伴', mobile: '13700000001' }),
        ],
        appointmentCollectionList: [
          { field_name: 'team', field_desc_cn: '队伍', field_desc_en: '', field_value: '校队' },
        ],
      },
    });
    const rebooked = await submit(t, u.token, {
      model: { ...again.model, appointment_date: '2030-01-06' },
      timeSlotIdList: [again.time_slot_id],
    });
    expect(rebooked.code).toBe('0');
    const list = await t.gql(
      'apps_yy_sys',
      `query($filter: AppointmentInformationFilterMap) { findAppointmentInformationAllForAccount(first: 5, filter: $filter) {
        edges { node { id theme remark appointment_user appointmentParticipantList { participant_name } } } } }`,
      { token: u.token, variables: { filter: { id: { eq: rebooked.ids[0] } } } },
    );
    expect(list.body.data!.findAppointmentInformationAllForAccount.edges[0].node).toMatchObject({
      theme: '周赛',
      remark: '带球拍',
      appointment_user: u.account,
      appointmentParticipantList: [{ participant_name: '同伴' }],
    });
    // a cancelled booking still to come may be booked again too
    const cancelled = await t.gql('apps_yy_sys', CANCEL, {
      token: u.token,
      variables: { id: rebooked.ids[0], reason: '有事' },
    });
    expect(cancelled.body.data!.updateAppointmentInformationState.errcode).toBe('0');
    expect(
      (await t.gql('apps_yy_sys', BOOK_AGAIN, { token: u.token, variables: { id: rebooked.ids[0] } })).body.data!
        .findAppointmentBookAgain.code,
    ).toBe('0');
    // the resource disabled since: refused
    const off = await t.gql(
      'apps_yy_sys',
      `mutation($id: ID!) { updateResourcesState(id: $id, state: 0) { errcode } }`,
      {
        token: admin,
        variables: { id: r.id },
      },
    );
    expect(off.body.data!.updateResourcesState.errcode).toBe('0');
    expect(
      (await t.gql('apps_yy_sys', BOOK_AGAIN, { token: u.token, variables: { id } })).body.data!
        .findAppointmentBookAgain.name,
    ).toBe('RESOURCE_NOT_FOUND');
  });
});

describe('availability of a resource type (findResourceTypeSlotAvailability)', () => {
  it('lists the resources the caller may see with their slots, in display order, filtered by location', async () => {
    bookingClock.now = () => NOW;
    const typeId = await makeType(t, admin);
    const u = await freshUser();
    const a = await makeResource(t, admin, typeId, { resources_name: '甲', order: 1, campus_code: 'north' });
    const b = await makeResource(t, admin, typeId, {
      resources_name: '乙',
      order: 2,
      available_number: 3,
      campus_code: 'south',
    });
    await makeResource(t, admin, typeId, {
      resources_name: '丙',
      order: 3,
      resourcesInvisibleList: [{ invisible_obj_id: u.account, invisible_obj_type: 'user' }],
    });
    await makeResource(t, admin, typeId, { resources_name: '丁', order: 4, state: 0 });
    const free = await makeResource(t, admin, typeId, {
      resources_name: '戊',
      order: 5,
      time_slot_rule: '2',
      resourcesTimeSlot: [],
    });
    expect((await submit(t, admin, { model: model(a.id, '2030-01-03'), timeSlotIdList: [a.slots[0]!.id] })).code).toBe(
      '0',
    );
    expect(
      (await submit(t, u.token, { model: model(b.id, '2030-01-03'), timeSlotIdList: [b.slots[1]!.id] })).code,
    ).toBe('0');
    const res = await t.gql('apps_yy_sys', TYPE_AVAILABILITY, {
      token: u.token,
      variables: { resourcesTypeId: typeId, date: at('2030-01-03') },
    });
    expect(res.body.errors).toBeUndefined();
    const grid = res.body.data!.findResourceTypeSlotAvailability as {
      resources_id: string;
      resources_name: string;
      time_slot_rule: string;
      slots: { state: string; remaining: number; capacity: number }[];
    }[];
    expect(grid.map((g) => g.resources_name)).toEqual(['甲', '乙', '戊']);
    expect(grid[0]!.slots.map((s) => s.state)).toEqual(['taken', 'available', 'available', 'available']);
    expect(grid[1]!.slots.map((s) => [s.state, s.remaining, s.capacity])).toEqual([
      ['available', 3, 3],
      ['mine', 2, 3],
      ['available', 3, 3],
      ['available', 3, 3],
    ]);
    expect(grid[2]).toMatchObject({ resources_id: free.id, time_slot_rule: '2', slots: [] });
    // the same slots as the one-resource query
    const one = (
      await t.gql('apps_yy_sys', AVAILABILITY, { token: u.token, variables: { resourcesId: b.id, date: '2030-01-03' } })
    ).body.data!.findResourceSlotAvailability;
    expect(grid[1]!.slots).toEqual(one.map(({ opens_at: _o, ...s }: Record<string, unknown>) => s));
    const south = await t.gql('apps_yy_sys', TYPE_AVAILABILITY, {
      token: u.token,
      variables: {
        resourcesTypeId: typeId,
        date: '2030-01-03',
        filter: { campus_code: { eq: 'south' }, building_code: { eq: '' } },
      },
    });
    expect(
      south.body.data!.findResourceTypeSlotAvailability.map((g: { resources_name: string }) => g.resources_name),
    ).toEqual(['乙']);
    // a bad date is a clear error; a type id that is not one is refused
    const bad = await t.gql('apps_yy_sys', TYPE_AVAILABILITY, {
      token: u.token,
      variables: { resourcesTypeId: typeId, date: '2030-02-30' },
    });
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({ code: 'BOOKING_DATE_INVALID' });
    const junk = await t.gql('apps_yy_sys', TYPE_AVAILABILITY, {
      token: u.token,
      variables: { resourcesTypeId: 'x', date: '2030-01-03' },
    });
    expect(junk.body.errors?.[0]?.extensions).toMatchObject({ code: 'RESOURCE_TYPE_NOT_FOUND' });
  });
});

describe.skipIf(!testDatabaseUrl)('availability reads do not grow with the resources (PostgreSQL)', () => {
  it('the same number of statements for 2 and for 12 resources of a type', async () => {
    bookingClock.now = () => NOW;
    const small = await makeType(t, admin);
    const large = await makeType(t, admin);
    for (let i = 0; i < 2; i++) await makeResource(t, admin, small);
    for (let i = 0; i < 12; i++) await makeResource(t, admin, large);
    const u = await freshUser();
    const count = async (typeId: string) => {
      let n = 0;
      const original = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        n++;
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof original;
      try {
        const res = await t.gql('apps_yy_sys', TYPE_AVAILABILITY, {
          token: u.token,
          variables: { resourcesTypeId: typeId, date: '2030-01-03' },
        });
        expect(res.body.errors).toBeUndefined();
        return { n, resources: res.body.data!.findResourceTypeSlotAvailability.length as number };
      } finally {
        pg.Client.prototype.query = original;
      }
    };
    await count(small); // warm the token cache
    const two = await count(small);
    const twelve = await count(large);
    expect(two.resources).toBe(2);
    expect(twelve.resources).toBe(12);
    expect(twelve.n).toBe(two.n);
    expect(two.n).toBeLessThanOrEqual(6);
  });
});
