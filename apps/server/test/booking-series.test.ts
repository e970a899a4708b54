import { randomUUID } from 'node:crypto';
import { instantOf } from '@yuyue/shared';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { insertUser } from '../src/modules/directory/directory.repository.ts';
import { saveSeries } from '../src/modules/booking/booking.series.service.ts';
import type { RequestContext } from '../src/platform/context.ts';
import { AppError } from '../src/platform/errors.ts';
import { createTestApp, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

const ZONE = 'Asia/Shanghai';
/** 2030-01-01 (a Tuesday) 12:00 in Shanghai. */
const NOW = instantOf({ year: 2030, month: 1, day: 1 }, { hour: 12, minute: 0 }, ZONE);

const SAVE_ALL = `mutation saveAppointmentInformationAll($model: InputAppointmentInformation!, $timeSlotIdList: [String],
  $borrowDateList: [String], $borrowStartTime: String, $borrowEndTime: String, $is_cyclicity: String,
  $cyclicity_start_date: String, $cyclicity_end_date: String, $cyclicity_start_time: String, $cyclicity_end_time: String,
  $cyclicity_strategy: String, $cyclicity_weekList: [String], $cyclicity_dayList: [String], $seriesCommit: String) {
  saveAppointmentInformationAll(captchaId: "", captchaCode: "", model: $model, timeSlotIdList: $timeSlotIdList,
    borrowDateList: $borrowDateList, borrowStartTime: $borrowStartTime, borrowEndTime: $borrowEndTime,
    is_cyclicity: $is_cyclicity, cyclicity_start_date: $cyclicity_start_date, cyclicity_end_date: $cyclicity_end_date,
    cyclicity_start_time: $cyclicity_start_time, cyclicity_end_time: $cyclicity_end_time,
    cyclicity_strategy: $cyclicity_strategy, cyclicity_weekList: $cyclicity_weekList, cyclicity_dayList: $cyclicity_dayList,
    seriesCommit: $seriesCommit) {
    code name messages messages_en ids appointmentId processURL auditStatus seriesId
    seriesReport { date start_time end_time time_slot_id status rule reason reason_en } } }`;
const PREVIEW = `query previewAppointmentSeries($model: InputAppointmentInformation!, $timeSlotIdList: [String],
  $borrowDateList: [String], $borrowStartTime: String, $borrowEndTime: String, $is_cyclicity: String,
  $cyclicity_start_date: String, $cyclicity_end_date: String, $cyclicity_start_time: String, $cyclicity_end_time: String,
  $cyclicity_strategy: String, $cyclicity_weekList: [String], $cyclicity_dayList: [String]) {
  previewAppointmentSeries(model: $model, timeSlotIdList: $timeSlotIdList, borrowDateList: $borrowDateList,
    borrowStartTime: $borrowStartTime, borrowEndTime: $borrowEndTime, is_cyclicity: $is_cyclicity,
    cyclicity_start_date: $cyclicity_start_date, cyclicity_end_date: $cyclicity_end_date,
    cyclicity_start_time: $cyclicity_start_time, cyclicity_end_time: $cyclicity_end_time,
    cyclicity_strategy: $cyclicity_strategy, cyclicity_weekList: $cyclicity_weekList, cyclicity_dayList: $cyclicity_dayList) {
    date start_time end_time time_slot_id status rule reason reason_en } }`;
const CANCEL_SERIES = `mutation cancelAppointmentSeries($seriesId: String!, $reason: String) {
  cancelAppointmentSeries(seriesId: $seriesId, reason: $reason) { errcode msg msg_en ids } }`;
const MINE = `query($filter: AppointmentInformationFilterMap) { findAppointmentInformationAllForAccount(first: 100, filter: $filter) {
  edges { node { id appointment_date start_time end_time state booking_mode series_id } } totalCount } }`;

let t: TestApp;
let admin: string;
let student: string;
let typeId: string;

function model(resourcesId: string, extra: Record<string, unknown> = {}) {
  return {
    created_user: 'someone-else',
    state: 0,
    resources_id: resourcesId,
    person_times: 1,
    wemeet_enable: 0,
    theme: '周训',
    appointment_date: '2030-01-07',
    start_time: '',
    end_time: '',
    appointmentParticipantList: [],
    appointmentCollectionList: [],
    ...extra,
  };
}

interface Slot {
  id: string;
  kssj: string;
  jssj: string;
}

async function makeResource(extra: Record<string, unknown> = {}): Promise<{ id: string; slots: Slot[] }> {
  const res = await t.gql(
    'apps_yy_sys',
    `mutation($model: InputResources!) { saveResources(model: $model) { errcode msg ids } }`,
    {
      token: admin,
      variables: {
        model: {
          resources_name: `场地 ${randomUUID().slice(0, 8)}`,
          resources_type_id: typeId,
          available_number: 1,
          appointment_date_rule: '2',
          time_slot_rule: '1',
          resourcesTimeSlot: [
            { kssj: '09:00', jssj: '10:00' },
            { kssj: '10:00', jssj: '11:00' },
            { kssj: '14:00', jssj: '15:00' },
          ],
          ...extra,
        },
      },
    },
  );
  expect(res.body.data?.saveResources.errcode, JSON.stringify(res.body)).toBe('0');
  const id = res.body.data!.saveResources.ids[0] as string;
  const slots = await t.gql(
    'apps_yy_sys',
    `query($id: String!, $date: Date!) { findResourcesTimeSlotByResourcesIdAndDate(resourcesId: $id, date: $date) { id kssj jssj } }`,
    { token: admin, variables: { id, date: '2030-01-07' } },
  );
  return { id, slots: slots.body.data!.findResourcesTimeSlotByResourcesIdAndDate };
}

/** Weekly on Monday and Wednesday 2030-01-07..2030-01-16 at the 09:00 slot: four occurrences. */
const weekly = (slotId: string) => ({
  timeSlotIdList: [slotId],
  is_cyclicity: '1',
  cyclicity_start_date: '2030-01-06',
  cyclicity_end_date: '2030-01-16',
  cyclicity_strategy: '2',
  cyclicity_weekList: ['1', '3'],
  cyclicity_dayList: [],
});

async function mine(token: string, resourcesId: string) {
  const res = await t.gql('apps_yy_sys', MINE, {
    token,
    variables: { filter: { resources_id: { eq: resourcesId }, state: { eq: '0' } } },
  });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.findAppointmentInformationAllForAccount.edges.map(
    (e: { node: Record<string, unknown> }) => e.node,
  ) as { id: string; start_time: string; booking_mode: string; series_id: string; appointment_date: number }[];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin');
  student = await t.tokenFor('student');
  const types = (await t.gql('apps_yy_sys', `{ findResourcesTypeAll { id resources_name } }`, { token: admin })).body
    .data!.findResourcesTypeAll as { id: string; resources_name: string }[];
  typeId = types.find((x) => x.resources_name === '羽毛球场')!.id;
}, 60_000);
afterAll(async () => {
  bookingClock.now = () => Date.now();
  await t?.close();
});
afterEach(() => {
  bookingClock.now = () => NOW;
});

/** A resource with one occurrence of `weekly` taken by the administrator and one closed by a rule. */
async function contested() {
  bookingClock.now = () => NOW;
  const r = await makeResource({
    resourcesNoReservationConfigList: [
      {
        rule_type: '1',
        start_date: '2030-01-14',
        end_date: '2030-01-14',
        start_time: '09:00',
        end_time: '10:00',
        reason_cn: '校队训练',
        reason_en: 'Team training',
      },
    ],
  });
  const taken = await t.gql('apps_yy_sys', SAVE_ALL, {
    token: admin,
    variables: { model: model(r.id, { appointment_date: '2030-01-09' }), timeSlotIdList: [r.slots[0]!.id] },
  });
  expect(taken.body.data!.saveAppointmentInformationAll.code).toBe('0');
  return r;
}

describe('periodic and batch booking', () => {
  it('previews a weekly series with a per-occurrence report; nothing is written', async () => {
    const r = await contested();
    const res = await t.gql('apps_yy_sys', PREVIEW, {
      token: student,
      variables: { model: model(r.id), ...weekly(r.slots[0]!.id) },
    });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.previewAppointmentSeries).toEqual([
      {
        date: '2030-01-07',
        start_time: '09:00',
        end_time: '10:00',
        time_slot_id: r.slots[0]!.id,
        status: 'ok',
        rule: '',
        reason: '',
        reason_en: '',
      },
      expect.objectContaining({
        date: '2030-01-09',
        status: 'conflict',
        rule: 'taken',
        reason_en: 'Booked by someone else',
      }),
      expect.objectContaining({
        date: '2030-01-14',
        status: 'closed',
        rule: 'no_reservation',
        reason: '校队训练',
        reason_en: 'Team training',
      }),
      expect.objectContaining({ date: '2030-01-16', status: 'ok' }),
    ]);
    expect(await mine(student, r.id)).toEqual([]);
    const anon = await t.gql('apps_yy_sys', PREVIEW, { variables: { model: model(r.id), ...weekly(r.slots[0]!.id) } });
    expect(anon.body.errors?.[0]?.message).toBe('UNAUTHENTICATED');
  });

  it('all or nothing (default): one refused occurrence refuses the request and creates nothing', async () => {
    const r = await contested();
    const res = await t.gql('apps_yy_sys', SAVE_ALL, {
      token: student,
      variables: { model: model(r.id), ...weekly(r.slots[0]!.id) },
    });
    expect(res.body.data!.saveAppointmentInformationAll).toMatchObject({
      code: '500',
      messages: ['2/4 个时段不可预约，未创建任何预约。首个：2030-01-09 09:00-10:00 已被预约'],
      messages_en: [
        '2 of 4 occurrences cannot be booked; nothing was created. First: 2030-01-09 09:00-10:00 Booked by someone else',
      ],
    });
    expect(await mine(student, r.id)).toEqual([]);
  });

  it('ok only: books just the ok occurrences, sharing one series_id; the series cancel frees them', async () => {
    const r = await contested();
    const res = await t.gql('apps_yy_sys', SAVE_ALL, {
      token: student,
      variables: { model: model(r.id), ...weekly(r.slots[0]!.id), seriesCommit: 'ok' },
    });
    const out = res.body.data!.saveAppointmentInformationAll;
    expect(out).toMatchObject({
      code: '0',
      auditStatus: '0',
      messages: [],
    });
    expect(out.ids).toHaveLength(2);
    expect(out.seriesReport.map((x: { status: string }) => x.status)).toEqual(['ok', 'conflict', 'closed', 'ok']);
    const rows = await mine(student, r.id);
    expect(rows.map((x) => x.id).sort()).toEqual([...out.ids].sort());
    expect(rows.every((x) => x.series_id === out.seriesId && x.booking_mode === '2')).toBe(true);

    // someone else may not cancel it; an empty reason is refused
    const stranger = await t.gql('apps_yy_sys', CANCEL_SERIES, {
      token: student,
      variables: { seriesId: randomUUID(), reason: 'x' },
    });
    expect(stranger.body.data!.cancelAppointmentSeries).toMatchObject({ errcode: '500', msg: '预约系列不存在' });
    const noReason = await t.gql('apps_yy_sys', CANCEL_SERIES, {
      token: student,
      variables: { seriesId: out.seriesId, reason: ' ' },
    });
    expect(noReason.body.data!.cancelAppointmentSeries).toMatchObject({ errcode: '500', msg: '取消原因不能为空' });
    const anon = await t.gql('apps_yy_sys', CANCEL_SERIES, { variables: { seriesId: out.seriesId, reason: 'x' } });
    expect(anon.body.errors?.[0]?.message).toBe('UNAUTHENTICATED');

    const cancel = await t.gql('apps_yy_sys', CANCEL_SERIES, {
      token: student,
      variables: { seriesId: out.seriesId, reason: '课程调整' },
    });
    expect(cancel.body.data!.cancelAppointmentSeries).toMatchObject({ errcode: '0', msg: '已取消2个预约' });
    expect(cancel.body.data!.cancelAppointmentSeries.ids.sort()).toEqual([...out.ids].sort());
    expect(await mine(student, r.id)).toEqual([]);
    const again = await t.gql('apps_yy_sys', CANCEL_SERIES, {
      token: student,
      variables: { seriesId: out.seriesId, reason: '再次' },
    });
    expect(again.body.data!.cancelAppointmentSeries).toMatchObject({ errcode: '500', msg: '该预约已取消' });
    // the freed occurrences can be booked again
    const rebook = await t.gql('apps_yy_sys', SAVE_ALL, {
      token: admin,
      variables: { model: model(r.id, { appointment_date: '2030-01-07' }), timeSlotIdList: [r.slots[0]!.id] },
    });
    expect(rebook.body.data!.saveAppointmentInformationAll.code).toBe('0');
    const log = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.execute(
        sql`select operate_type from operate_logs where operate_object = ${out.seriesId} order by operate_time`,
      ),
    );
    expect(((log as { rows: unknown[] }).rows as { operate_type: string }[]).map((x) => x.operate_type)).toEqual([
      'save_periodic',
      'cancel_series',
    ]);
  });

  it('batch: chosen dates at a time range book every slot within it (booking_mode 3); an administrator may cancel it', async () => {
    bookingClock.now = () => NOW;
    const r = await makeResource();
    const res = await t.gql('apps_yy_sys', SAVE_ALL, {
      token: student,
      variables: {
        model: model(r.id, { appointment_date: '2030-01-03' }),
        borrowDateList: ['2030-01-03', '2030-01-05'],
        borrowStartTime: '09:00',
        borrowEndTime: '11:00',
      },
    });
    const out = res.body.data!.saveAppointmentInformationAll;
    expect(out).toMatchObject({
      code: '0',
      messages: [],
      messages_en: [],
    });
    const rows = await mine(student, r.id);
    expect(rows.map((x) => x.start_time).sort()).toEqual(['09:00', '09:00', '10:00', '10:00']);
    expect(rows.every((x) => x.booking_mode === '3' && x.series_id === out.seriesId)).toBe(true);
    const cancel = await t.gql('apps_yy_sys', CANCEL_SERIES, {
      token: admin,
      variables: { seriesId: out.seriesId, reason: '场地检修' },
    });
    expect(cancel.body.data!.cancelAppointmentSeries).toMatchObject({ errcode: '0' });
    expect(await mine(student, r.id)).toEqual([]);
  });

  it('the per-person limit counts the occurrences of the request (over_quota)', async () => {
    bookingClock.now = () => NOW;
    const r = await makeResource({
      resourcesConfig: { is_appointment_number_limit: '1', appointment_number_rule: '2', appointment_number_limit: 2 },
    });
    const res = await t.gql('apps_yy_sys', PREVIEW, {
      token: student,
      variables: {
        model: model(r.id),
        timeSlotIdList: [r.slots[2]!.id],
        is_cyclicity: '1',
        cyclicity_start_date: '2030-01-07',
        cyclicity_end_date: '2030-01-14',
        cyclicity_strategy: '1',
      },
    });
    const report = res.body.data!.previewAppointmentSeries as { date: string; status: string; reason: string }[];
    expect(report.map((x) => x.status)).toEqual([
      'ok',
      'ok',
      'over_quota',
      'over_quota',
      'over_quota',
      'over_quota',
      'over_quota',
      'ok',
    ]);
    expect(report[2]!.reason).toBe('超过预约人次（2次）限制');
  });

  it('refuses a bad rule with a clear zh/en error and writes nothing', async () => {
    bookingClock.now = () => NOW;
    const r = await makeResource();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...weekly(r.slots[0]!.id), cyclicity_weekList: [] }, 'A weekly rule needs at least one weekday (1-7)'],
      [
        { ...weekly(r.slots[0]!.id), cyclicity_end_date: '2030-01-01' },
        'The end date of the period cannot be before its start date',
      ],
      [
        { ...weekly(r.slots[0]!.id), cyclicity_strategy: '1', cyclicity_end_date: '2030-12-31' },
        'At most 200 occurrences can be booked at once; this request has 360',
      ],
      [{ ...weekly(r.slots[0]!.id), seriesCommit: 'some' }, 'Invalid seriesCommit: some'],
      [{ ...weekly(randomUUID()) }, 'does not belong'],
    ];
    for (const [args, en] of cases) {
      const res = await t.gql('apps_yy_sys', SAVE_ALL, { token: student, variables: { model: model(r.id), ...args } });
      expect(res.body.data!.saveAppointmentInformationAll.code).toBe('500');
      expect(res.body.data!.saveAppointmentInformationAll.messages_en[0]).toContain(en);
    }
    expect(await mine(student, r.id)).toEqual([]);
  });
});

// ---- property: random sequences of series submissions through the service ---------------

async function makeUsers(n: number, prefix: string): Promise<RequestContext[]> {
  const tenantId = t.demoTenantId;
  const rows = await withTenant(t.database.db, tenantId, async (tx) => {
    const out = [];
    for (let i = 0; i < n; i++)
      out.push(await insertUser(tx, tenantId, { account: `${prefix}${i}`, name: `用户${i}` }));
    return out;
  });
  return rows.map((u) => ({
    config: t.config,
    db: t.database.db,
    log: t.app.log,
    ip: '127.0.0.1',
    tenant: { id: tenantId, key: 'demo', timeZone: ZONE, isSuper: false },
    user: { id: u.id, account: u.account, name: u.name, role: 'user', tenantId },
  }));
}

describe('series submissions never overbook (property, through the service)', () => {
  const DATES = ['2030-01-07', '2030-01-08', '2030-01-09', '2030-01-10'];
  const submission = fc.record({
    user: fc.integer({ min: 0, max: 3 }),
    batch: fc.boolean(),
    dates: fc.subarray(DATES, { minLength: 1 }),
    slots: fc.subarray([0, 1, 2], { minLength: 1 }),
    okOnly: fc.boolean(),
  });

  for (const capacity of [1, 2]) {
    it(`available_number ${capacity}: no overlap on an exclusive resource, never more than the capacity`, async () => {
      bookingClock.now = () => NOW;
      const users = await makeUsers(4, `prop${capacity}-`);
      await fc.assert(
        fc.asyncProperty(fc.array(submission, { minLength: 1, maxLength: 6 }), async (subs) => {
          const r = await makeResource({ available_number: capacity });
          for (const s of subs) {
            const args = {
              model: model(r.id, { appointment_date: s.dates[0] }),
              timeSlotIdList: s.slots.map((i) => r.slots[i]!.id),
              seriesCommit: s.okOnly ? 'ok' : 'all',
              ...(s.batch
                ? { borrowDateList: [...s.dates, '2030-01-11'] }
                : {
                    is_cyclicity: '1',
                    cyclicity_start_date: '2030-01-07',
                    cyclicity_end_date: '2030-01-10',
                    cyclicity_strategy: '1',
                  }),
            };
            try {
              await saveSeries(users[s.user]!, args);
            } catch (err) {
              if (!(err instanceof AppError)) throw err;
            }
          }
          const rows = await withTenant(t.database.db, t.demoTenantId, (tx) =>
            tx.execute(
              sql`select starts_at, ends_at, appointment_user from appointments where resources_id = ${r.id} and active`,
            ),
          );
          const active = (rows as { rows: unknown[] }).rows as {
            starts_at: string | Date;
            ends_at: string | Date;
            appointment_user: string;
          }[];
          const ms = (v: string | Date) => new Date(v).getTime();
          for (const a of active) {
            const overlapping = active.filter(
              (b) => ms(b.starts_at) < ms(a.ends_at) && ms(a.starts_at) < ms(b.ends_at),
            );
            expect(overlapping.length).toBeLessThanOrEqual(capacity);
            // one booker never holds the same period twice
            expect(overlapping.filter((b) => b.appointment_user === a.appointment_user)).toHaveLength(1);
          }
        }),
        { numRuns: 12 },
      );
    }, 120_000);
  }
});
