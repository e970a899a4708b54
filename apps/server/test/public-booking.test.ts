import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CANCEL } from './booking-fixtures.ts';
import { book, call, DAY, makeResource, on, setClock, useCheckinFixture, type Fixture } from './checkin-fixtures.ts';

const CHECK = `query($id: String!, $tenantKey: String) { findPublicAppointmentCheck(id: $id, tenantKey: $tenantKey) {
  id resources_id resources_name resources_name_en appointment_date start_time end_time entry_start entry_end verdict
  state audit_status appointment_state sign_state appointment_user_name checked_at } }`;
const CHART = `query($resourcesId: String!, $date: Date, $tenantKey: String) {
  findPublicResourceSlotChart(resourcesId: $resourcesId, date: $date, tenantKey: $tenantKey) {
    resources_id resources_name available_number time_slot_rule date today dates
    slots { id kssj jssj state bookable capacity remaining reason_cn reason_en }
    booked_periods { start_time end_time count } } }`;

const fixture = useCheckinFixture();
let f: Fixture;
beforeEach(() => {
  f = fixture();
});

/** Calls the public endpoint without a token (or with one); returns the body. */
async function open(doc: string, variables: Record<string, unknown>, token?: string) {
  const res = await f.t.gql('public', doc, { variables, token });
  expect(res.status).toBe(200);
  return res.body;
}

async function check(id: string, extra: Record<string, unknown> = {}) {
  const body = await open(CHECK, { id, ...extra });
  expect(body.errors, JSON.stringify(body)).toBeUndefined();
  return body.data!.findPublicAppointmentCheck;
}

async function refusal(doc: string, variables: Record<string, unknown>, token?: string) {
  const body = await open(doc, variables, token);
  expect(body.data?.[Object.keys(body.data ?? {})[0] ?? ''] ?? null).toBeNull();
  return body.errors![0]!;
}

describe('findPublicAppointmentCheck (open booking check)', () => {
  let resourceId: string;
  let bookingId: string;
  beforeAll(async () => {
    const r = await makeResource(fixture());
    resourceId = r.id;
    bookingId = (await book(fixture(), fixture().student, r.id, [r.slots[0]!.id]))[0]!;
  });

  it('answers an anonymous caller with the verdict over time and only a masked name', async () => {
    setClock(on(8, 30));
    const before = await check(bookingId);
    expect(before).toMatchObject({
      id: bookingId,
      resources_id: resourceId,
      start_time: '09:00',
      end_time: '10:00',
      entry_start: `${DAY} 08:45:00`,
      entry_end: `${DAY} 10:00:00`,
      verdict: 'notYet',
      state: '0',
      sign_state: '0',
      appointment_user_name: '张*学',
      checked_at: `${DAY} 08:30:00`,
    });
    expect(JSON.stringify(before)).not.toMatch(/student|张同学/);
    setClock(on(8, 50));
    expect((await check(bookingId)).verdict).toBe('valid');
    setClock(on(10, 0));
    expect((await check(bookingId)).verdict).toBe('expired');
  });

  it('reads an upper-case id and the tenant named by tenantKey', async () => {
    setClock(on(9, 0));
    expect((await check(bookingId.toUpperCase(), { tenantKey: 'demo' })).verdict).toBe('valid');
  });

  it("does not find another tenant's booking, by key or by the caller's token", async () => {
    await f.t.createOtherTenant('pubother');
    const byKey = await refusal(CHECK, { id: bookingId, tenantKey: 'pubother' });
    expect(byKey.extensions).toMatchObject({ code: 'APPOINTMENT_NOT_FOUND', msg: '预约记录不存在' });
    const otherAdmin = await f.t.tokenFor('admin', (await otherTenantId('pubother'))!);
    const byToken = await refusal(CHECK, { id: bookingId }, otherAdmin);
    expect(byToken.extensions?.code).toBe('APPOINTMENT_NOT_FOUND');
    const unknown = await refusal(CHECK, { id: bookingId, tenantKey: 'no-such-tenant' });
    expect(unknown.extensions).toMatchObject({ code: 'TENANT_UNKNOWN', msg: '租户不存在', msg_en: 'Unknown tenant' });
  });

  it('refuses a malformed id in zh and en, without detail, and says when an id is unknown', async () => {
    for (const id of ['abc', "1' or '1'='1", `${bookingId},${bookingId}`, '']) {
      const e = await refusal(CHECK, { id });
      expect(e.extensions?.code).toBe('PUBLIC_BOOKING_ID_INVALID');
      expect(e.message).toMatch(/^预约编号无效/);
      expect(e.extensions?.msg_en).toMatch(/^Invalid booking number/);
      expect(JSON.stringify(e)).not.toMatch(/stack|at .*\.ts/);
    }
    const missing = await refusal(CHECK, { id: '0b8a5a8e-2f7b-4b52-9d1a-6c7c1e0c9f11' });
    expect(missing.extensions).toMatchObject({ code: 'APPOINTMENT_NOT_FOUND', msg_en: 'The booking does not exist' });
  });

  it('shows a cancelled booking as cancelled', async () => {
    const r = await makeResource(f);
    const [id] = await book(f, f.student, r.id, [r.slots[1]!.id]);
    setClock(on(8, 0, 0, 1));
    const cancelled = await call(f, f.student, CANCEL, { id, reason: '有事' });
    expect(cancelled.errcode, JSON.stringify(cancelled)).toBe('0');
    setClock(on(10, 10));
    expect(await check(id!)).toMatchObject({ verdict: 'cancelled', state: '1', sign_state: '4' });
  });
});

async function otherTenantId(key: string): Promise<string | undefined> {
  const { listTenants } = await import('../src/modules/tenants/tenants.repository.ts');
  return (await listTenants(f.t.database.db)).find((x) => x.tenant_key === key)?.id;
}

describe('findPublicResourceSlotChart (open booking chart)', () => {
  it('shows booked, free and passed slots to an anonymous caller, naming nobody', async () => {
    const r = await makeResource(f);
    await book(f, f.student, r.id, [r.slots[1]!.id]);
    setClock(on(12, 0, 0, 1));
    const body = await open(CHART, { resourcesId: r.id, date: DAY });
    expect(body.errors, JSON.stringify(body)).toBeUndefined();
    const chart = body.data!.findPublicResourceSlotChart;
    expect(chart).toMatchObject({ resources_id: r.id, date: DAY, today: '2030-01-01', time_slot_rule: '1' });
    expect(chart.dates).toEqual([
      '2030-01-01',
      '2030-01-02',
      '2030-01-03',
      '2030-01-04',
      '2030-01-05',
      '2030-01-06',
      '2030-01-07',
    ]);
    expect(
      chart.slots.map((s: { kssj: string; state: string; remaining: number }) => [s.kssj, s.state, s.remaining]),
    ).toEqual([
      ['09:00', 'free', 1],
      ['10:00', 'booked', 0],
      ['11:00', 'free', 1],
      ['14:00', 'free', 1],
    ]);
    expect(chart.booked_periods).toEqual([{ start_time: '10:00', end_time: '11:00', count: 1 }]);
    expect(JSON.stringify(body)).not.toMatch(/student|张同学|mine/);

    // Today: the morning has passed; the signed-in booker sees the same chart (no "mine").
    const today = await open(CHART, { resourcesId: r.id }, f.student);
    const states = today.data!.findPublicResourceSlotChart.slots.map((s: { state: string }) => s.state);
    expect(states).toEqual(['passed', 'passed', 'passed', 'free']);
  });

  it('counts the seats left of a capacity resource', async () => {
    const r = await makeResource(f, { available_number: 3 });
    await book(f, f.student, r.id, [r.slots[0]!.id]);
    await book(f, f.other, r.id, [r.slots[0]!.id]);
    const chart = (await open(CHART, { resourcesId: r.id, date: DAY })).data!.findPublicResourceSlotChart;
    expect(chart.available_number).toBe(3);
    expect(chart.slots[0]).toMatchObject({ state: 'free', capacity: 3, remaining: 1, bookable: true });
    expect(chart.booked_periods).toEqual([{ start_time: '09:00', end_time: '10:00', count: 2 }]);
  });

  it('refuses a date outside the coming 7 days and an unknown resource, in zh and en', async () => {
    const r = await makeResource(f);
    const late = await refusal(CHART, { resourcesId: r.id, date: '2030-01-08' });
    expect(late.extensions).toMatchObject({
      code: 'PUBLIC_CHART_DATE_OUT_OF_RANGE',
      msg: '只能查看今天起7天内的预约情况（2030-01-01 至 2030-01-07）',
      msg_en: 'Only the 7 days from today can be shown (2030-01-01 to 2030-01-07)',
    });
    const bad = await f.t.gql('public', CHART, { variables: { resourcesId: r.id, date: 'soon' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.message).toMatch(/Date/);
    for (const resourcesId of ['nope', '0b8a5a8e-2f7b-4b52-9d1a-6c7c1e0c9f11']) {
      const e = await refusal(CHART, { resourcesId, date: DAY });
      expect(e.extensions).toMatchObject({ code: 'RESOURCE_NOT_FOUND', msg_en: 'The resource does not exist' });
    }
    await f.t.createOtherTenant('chartother');
    const elsewhere = await refusal(CHART, { resourcesId: r.id, date: DAY, tenantKey: 'chartother' });
    expect(elsewhere.extensions?.code).toBe('RESOURCE_NOT_FOUND');
  });
});
