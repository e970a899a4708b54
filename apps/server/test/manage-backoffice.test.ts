/**
 * Back office (issue 8 item 3): the bookings list's booker and department filters, the statistics
 * totals in one query, and evaluation management (administrators delete, date filter).
 */
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { instantOf, parseIsoDate } from '@yuyue/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { appointments } from '../src/modules/booking/booking.tables.ts';
import { insertDepartment, insertPosition, insertUser } from '../src/modules/directory/directory.repository.ts';
import { appointmentEvaluates } from '../src/modules/evaluations/evaluations.tables.ts';
import { operateLogs } from '../src/platform/audit/audit.tables.ts';
import { makeResource, makeType, NOW, ZONE, type Slot } from './booking-fixtures.ts';
import { createTestApp, testDatabaseUrl, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

const DAY = '2030-01-03';
const NEXT = '2030-01-04';

const ALL = `query($filter: AppointmentInformationFilterMap, $d: [String]) {
  findAppointmentInformationAllForAppointMent(first: 200, filter: $filter, appointmentDate: $d) {
    totalCount edges { node { id appointment_user dept_code } } } }`;
const COUNT = `query($filter: AppointmentInformationFilterMap, $d: [String]) {
  findAppointmentInformationAllForAppointMent(first: 1, filter: $filter, appointmentDate: $d) { totalCount } }`;
const ITEM = `id resources_name resources_type_id total valid pending in_ballot performed no_show cancelled rejected
  terminated capacity booked rate`;
const STATS = `query($s: String!, $e: String!) { findAppointmentStatistics(startDate: $s, endDate: $e) {
  startDate endDate summary { ${ITEM} } types { ${ITEM} } resources { ${ITEM} } } }`;
const VACANCY = `query($s: String!, $e: String!) { findAppointmentVacancyRateTable(startDate: $s, endDate: $e) {
  id rate capacity booked } }`;
const SAVE_EVALUATE = `mutation($model: InputAppointmentEvaluate) { saveAppointmentEvaluate(model: $model) { errcode msg ids } }`;
const DELETE_EVALUATE = `mutation($id: ID) { deleteAppointmentEvaluate(id: $id) { errcode msg msg_en ids } }`;
const BATCH_DELETE_EVALUATE = `mutation($ids: [String]!) { batchDeleteAppointmentEvaluate(ids: $ids) { errcode msg msg_en ids } }`;
const EVALUATES = `query($filter: AppointmentEvaluateFilterMap, $createTime: [String]) {
  findAppointmentEvaluateAll(first: 50, filter: $filter, createTime: $createTime) { totalCount edges { node { id } } } }`;
const AVERAGE = `query($ids: [String]) { findAppointmentEvaluateAverage(resourcesIdList: $ids) {
  resources_id evaluateCount average } }`;

let t: TestApp;
let admin: string;
let foreignAdmin: string;
const tokens: Record<string, string> = {};
let typeA: string;
let typeB: string;
const res: Record<string, { id: string; slots: Slot[]; typeId: string; name: string }> = {};
/** Booking ids by booker account. */
const bookingsOf: Record<string, string[]> = {};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function data(token: string, doc: string, variables: Record<string, unknown> = {}): Promise<any> {
  const r = await t.gql('apps_yy_sys', doc, { token, variables });
  expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
  return Object.values(r.body.data!)[0];
}

async function errorOf(token: string, doc: string, variables: Record<string, unknown> = {}) {
  const r = await t.gql('apps_yy_sys', doc, { token, variables });
  return r.body.errors?.[0]?.extensions?.code;
}

const people: Record<string, { name: string; dept: { code: string; name: string } }> = {};

/** A booking of one of the resource's slots, as the booking path stores it (written directly: these tests are about reading). */
async function book(account: string, resource: string, slot: number, date = DAY) {
  const r = res[resource]!;
  const s = r.slots[slot]!;
  const p = people[account]!;
  const day = parseIsoDate(date)!;
  const clock = (hhmm: string) => ({ hour: Number(hhmm.slice(0, 2)), minute: Number(hhmm.slice(3)) });
  const [row] = await withTenant(t.database.db, t.demoTenantId, (tx) =>
    tx
      .insert(appointments)
      .values({
        tenant_id: t.demoTenantId,
        resources_id: r.id,
        resources_type_id: r.typeId,
        resources_name: r.name,
        time_slot_id: s.id,
        appointment_date: date,
        start_time: s.kssj,
        end_time: s.jssj,
        starts_at: new Date(instantOf(day, clock(s.kssj), ZONE)),
        ends_at: new Date(instantOf(day, clock(s.jssj), ZONE)),
        exclusive: true,
        created_user: account,
        created_user_name: p.name,
        appointment_user: account,
        appointment_user_name: p.name,
        dept_code: p.dept.code,
        dept_name: p.dept.name,
        theme: '统计',
      })
      .returning({ id: appointments.id }),
  );
  (bookingsOf[account] ??= []).push(row!.id);
  return row!.id;
}

async function setCodes(ids: string[], codes: Partial<typeof appointments.$inferInsert>) {
  await withTenant(t.database.db, t.demoTenantId, (tx) =>
    tx.update(appointments).set(codes).where(inArray(appointments.id, ids)),
  );
}

const idsOf = (conn: { edges: { node: { id: string } }[] }) => conn.edges.map((e) => e.node.id).sort();

beforeAll(async () => {
  t = await createTestApp();
  bookingClock.now = () => NOW;
  admin = await t.tokenFor('admin');
  foreignAdmin = await t.tokenFor('admin', await t.createOtherTenant('other-stats'));
  await withTenant(t.database.db, t.demoTenantId, async (tx) => {
    const phys = await insertDepartment(tx, t.demoTenantId, { name: '物理学院', code: 'phys' });
    const chem = await insertDepartment(tx, t.demoTenantId, { name: '化学学院', code: 'chem' });
    for (const [account, name, dept] of [
      ['zhangsan', '张三', phys],
      ['zhangwei', '张伟', chem],
      ['lisi', '李四', phys],
    ] as const) {
      const u = await insertUser(tx, t.demoTenantId, { account, name });
      people[account] = { name, dept: { code: dept.code, name: dept.name } };
      await insertPosition(tx, t.demoTenantId, { user_id: u.id, dept_id: dept.id, post_id: null, active: true });
    }
  });
  for (const a of ['zhangsan', 'zhangwei', 'lisi']) tokens[a] = await t.tokenFor(a);
  typeA = await makeType(t, admin);
  typeB = await makeType(t, admin);
  const resource = async (typeId: string) => {
    const made = await makeResource(t, admin, typeId);
    const found = await data(admin, `query($id: ID!) { findResources(id: $id) { resources_name } }`, { id: made.id });
    return { ...made, typeId, name: found.resources_name as string };
  };
  res.A1 = await resource(typeA);
  res.A2 = await resource(typeA);
  res.B1 = await resource(typeB);
  await book('zhangsan', 'A1', 0);
  await book('zhangsan', 'A2', 0);
  await book('zhangwei', 'A1', 1);
  await book('zhangwei', 'B1', 0);
  await book('lisi', 'B1', 1);
  await book('lisi', 'A1', 2);
  await book('lisi', 'A2', 1, NEXT);
  await book('zhangwei', 'B1', 2);
  // a spread of statuses: performed, no-show, cancelled, rejected, terminated, awaiting approval,
  // an entry in a release ballot (audit_status '4': inactive, it holds nothing until the draw)
  await setCodes([bookingsOf.zhangsan![0]!, bookingsOf.lisi![1]!], { appointment_state: '1' });
  await setCodes([bookingsOf.zhangwei![0]!], { appointment_state: '2' });
  await setCodes([bookingsOf.zhangsan![1]!], { state: '1', active: false });
  await setCodes([bookingsOf.zhangwei![1]!], { audit_status: '3', active: false });
  await setCodes([bookingsOf.lisi![0]!], { audit_status: '1' });
  await setCodes([bookingsOf.lisi![2]!], { appointment_state: '3', active: false });
  await setCodes([bookingsOf.zhangwei![2]!], { audit_status: '4', active: false });
});

afterAll(async () => {
  await t?.close();
});

describe('bookings list: filter by booker and department', () => {
  const list = async (filter: Record<string, unknown>) => data(admin, ALL, { filter, d: [DAY, NEXT] });
  const of = (...accounts: string[]) => accounts.flatMap((a) => bookingsOf[a]!).sort();

  it('booker matches part of the account or the name, case-insensitively', async () => {
    expect(idsOf(await list({ booker: { like: '张' } }))).toEqual(of('zhangsan', 'zhangwei'));
    expect(idsOf(await list({ booker: { like: 'ZHANGS' } }))).toEqual(of('zhangsan'));
    expect(idsOf(await list({ booker: { like: '四' } }))).toEqual(of('lisi'));
    expect(idsOf(await list({ booker: { eq: '李四' } }))).toEqual(of('lisi'));
    expect(idsOf(await list({ booker: { in: ['lisi', '张伟'] } }))).toEqual(of('lisi', 'zhangwei'));
    expect(idsOf(await list({ appointment_user: { eq: 'zhangwei' } }))).toEqual(of('zhangwei'));
    expect(idsOf(await list({ appointment_user_name: { like: '三' } }))).toEqual(of('zhangsan'));
    // wildcards are literal
    expect((await list({ booker: { like: '%' } })).totalCount).toBe(0);
    expect((await list({ booker: { like: '_' } })).totalCount).toBe(0);
  });

  it("filters by the booker's department, alone or with the other columns", async () => {
    expect(idsOf(await list({ dept_code: { eq: 'phys' } }))).toEqual(of('zhangsan', 'lisi'));
    expect(idsOf(await list({ dept_code: { in: ['chem'] } }))).toEqual(of('zhangwei'));
    expect(idsOf(await list({ dept_name: { like: '化学' } }))).toEqual(of('zhangwei'));
    expect(idsOf(await list({ dept_code: { eq: 'phys' }, booker: { like: '张' } }))).toEqual(of('zhangsan'));
    const inA1 = await list({ dept_code: { eq: 'phys' }, resources_id: { eq: res.A1!.id } });
    expect(idsOf(inA1)).toEqual([bookingsOf.zhangsan![0]!, bookingsOf.lisi![1]!].sort());
    expect((await list({ dept_code: { eq: 'none' } })).totalCount).toBe(0);
  });

  it("keeps the contract's filters as they were: empty eq is no filter, like on them is ignored", async () => {
    const everything = of('zhangsan', 'zhangwei', 'lisi');
    expect(idsOf(await list({}))).toEqual(everything);
    expect(idsOf(await list({ booker: { eq: '' }, dept_code: { eq: '' } }))).toEqual(everything);
    expect(idsOf(await list({ resources_number: { like: 'zzz' }, state: { like: '9' } }))).toEqual(everything);
    // a user's own list accepts the columns too, within the user's bookings
    const own = await data(
      tokens.lisi!,
      `query($filter: AppointmentInformationFilterMap) {
      findAppointmentInformationAllForAccount(first: 50, filter: $filter) { totalCount edges { node { id } } } }`,
      {
        filter: { booker: { like: '张' } },
      },
    );
    expect(own.totalCount).toBe(0);
  });

  it('refuses users and sees nothing of another tenant', async () => {
    expect(await errorOf(tokens.lisi!, ALL, { filter: { booker: { like: '张' } } })).toBeTruthy();
    expect((await data(foreignAdmin, ALL, { filter: { booker: { like: '张' } }, d: [DAY, NEXT] })).totalCount).toBe(0);
  });
});

const CATEGORY_FILTERS: Record<string, Record<string, unknown>> = {
  total: {},
  valid: { state: { eq: '0' }, audit_status: { in: ['0', '2'] }, appointment_state: { eq: '0' } },
  pending: { state: { eq: '0' }, audit_status: { eq: '1' }, appointment_state: { eq: '0' } },
  in_ballot: { state: { eq: '0' }, audit_status: { eq: '4' } },
  performed: { state: { eq: '0' }, appointment_state: { eq: '1' } },
  no_show: { state: { eq: '0' }, appointment_state: { eq: '2' } },
  cancelled: { state: { eq: '1' } },
  rejected: { audit_status: { eq: '3' } },
  terminated: { appointment_state: { eq: '3' } },
};

describe('statistics in one query', () => {
  /** What the page used to ask: one count per group and status, and the vacancy table. */
  async function oldWay(from: string, to: string, group: Record<string, unknown>) {
    const out: Record<string, number> = {};
    for (const [k, f] of Object.entries(CATEGORY_FILTERS)) {
      out[k] = (await data(admin, COUNT, { filter: { ...f, ...group }, d: [from, to] })).totalCount;
    }
    return out;
  }

  it('equals the per-type and per-resource counts and the vacancy table, for administrators', async () => {
    for (const [from, to] of [
      [DAY, NEXT],
      [DAY, DAY],
      ['2030-02-01', '2030-02-03'],
    ] as const) {
      const stats = await data(admin, STATS, { s: from, e: to });
      expect(stats).toMatchObject({ startDate: from, endDate: to });
      const counts = (item: Record<string, unknown>) =>
        Object.fromEntries(Object.keys(CATEGORY_FILTERS).map((k) => [k, item[k]]));
      expect(counts(stats.summary)).toEqual(await oldWay(from, to, {}));
      for (const ty of [typeA, typeB]) {
        const row = stats.types.find((x: { id: string }) => x.id === ty);
        expect(counts(row)).toEqual(await oldWay(from, to, { resources_type_id: { eq: ty } }));
      }
      const vacancy = (await data(admin, VACANCY, { s: from, e: to })) as {
        id: string;
        capacity: number;
        booked: number;
        rate: number | null;
      }[];
      for (const r of Object.values(res)) {
        const row = stats.resources.find((x: { id: string }) => x.id === r.id);
        expect(counts(row)).toEqual(await oldWay(from, to, { resources_id: { eq: r.id } }));
        const v = vacancy.find((x) => x.id === r.id)!;
        expect({ capacity: row.capacity, booked: row.booked, rate: row.rate }).toEqual({
          capacity: v.capacity,
          booked: v.booked,
          rate: v.rate,
        });
      }
      const rowsA = vacancy.filter((v) => v.id === res.A1!.id || v.id === res.A2!.id);
      const typeRow = stats.types.find((x: { id: string }) => x.id === typeA);
      expect(typeRow.capacity).toBe(rowsA.reduce((s, v) => s + v.capacity, 0));
      expect(typeRow.booked).toBe(rowsA.reduce((s, v) => s + v.booked, 0));
      expect(stats.summary.capacity).toBe(vacancy.reduce((s, v) => s + v.capacity, 0));
    }
    // the seeded set, by hand: 7 bookings on DAY (performed x2, no-show, cancelled, rejected, pending, in the ballot)
    const day = await data(admin, STATS, { s: DAY, e: DAY });
    expect(day.summary).toMatchObject({
      total: 7,
      valid: 0,
      performed: 2,
      no_show: 1,
      cancelled: 1,
      rejected: 1,
      pending: 1,
      in_ballot: 1,
    });
    const a1 = day.resources.find((x: { id: string }) => x.id === res.A1!.id);
    expect(a1).toMatchObject({ total: 3, performed: 2, no_show: 1, pending: 0, in_ballot: 0 });
    expect(a1).toMatchObject({ capacity: 4, booked: 3, rate: 0.25 });
    // the ballot entry counts in its resource's and its type's in_ballot, in no other group, and holds no seat
    const b1 = day.resources.find((x: { id: string }) => x.id === res.B1!.id);
    expect(b1).toMatchObject({ total: 3, in_ballot: 1, valid: 0, pending: 1, rejected: 1, booked: 1 });
    expect(day.types.find((x: { id: string }) => x.id === typeB)).toMatchObject({ total: 3, in_ballot: 1 });
    expect(day.types.find((x: { id: string }) => x.id === typeA)).toMatchObject({ in_ballot: 0 });
  });

  it('refuses users, bad ranges, and shows another tenant nothing of these', async () => {
    expect(await errorOf(tokens.lisi!, STATS, { s: DAY, e: DAY })).toBeTruthy();
    expect(await errorOf(admin, STATS, { s: NEXT, e: DAY })).toBe('VACANCY_RANGE_INVALID');
    expect(await errorOf(admin, STATS, { s: '2030-1-1', e: DAY })).toBe('VACANCY_RANGE_INVALID');
    expect(await errorOf(admin, STATS, { s: '2030-01-01', e: '2031-06-01' })).toBe('VACANCY_RANGE_INVALID');
    const foreign = await data(foreignAdmin, STATS, { s: DAY, e: NEXT });
    expect(foreign.summary.total).toBe(0);
    expect(foreign.resources.map((r: { id: string }) => r.id)).not.toContain(res.A1!.id);
  });
});

describe.skipIf(!testDatabaseUrl)('statistics reads do not grow with the resources (PostgreSQL)', () => {
  it('the same number of statements for 3 and for 9 resources', async () => {
    const count = async () => {
      let n = 0;
      const original = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        n++;
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof original;
      try {
        const stats = await data(admin, STATS, { s: DAY, e: NEXT });
        return { n, resources: stats.resources.length as number };
      } finally {
        pg.Client.prototype.query = original;
      }
    };
    await count(); // warm the token cache
    const before = await count();
    for (let i = 0; i < 6; i++) await makeResource(t, admin, typeB);
    const after = await count();
    expect(after.resources).toBe(before.resources + 6);
    expect(after.n).toBe(before.n);
  });
});

describe('evaluation management', () => {
  let e1: string;
  let e2: string;
  const a1 = () => res.A1!.id;
  const average = async () =>
    (await data(admin, AVERAGE, { ids: [a1()] }))[0] as { evaluateCount: number; average: number };
  const evaluateRow = async (id: string) =>
    withTenant(t.database.db, t.demoTenantId, async (tx) => {
      const [row] = await tx.select().from(appointmentEvaluates).where(eq(appointmentEvaluates.id, id));
      return row!;
    });
  const logs = (type: string) =>
    withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx
        .select()
        .from(operateLogs)
        .where(and(eq(operateLogs.operate_module, 'evaluate'), eq(operateLogs.operate_type, type))),
    );

  beforeAll(async () => {
    const scores = { resources_score: 4, system_score: 4, service_score: 4 };
    // zhangsan's and lisi's performed bookings on A1
    e1 = (
      await data(tokens.zhangsan!, SAVE_EVALUATE, {
        model: { appointment_id: bookingsOf.zhangsan![0], composite_score: 5, ...scores },
      })
    ).ids[0];
    e2 = (
      await data(tokens.lisi!, SAVE_EVALUATE, {
        model: { appointment_id: bookingsOf.lisi![1], composite_score: 2, ...scores },
      })
    ).ids[0];
    const when = (d: string, h: number) => new Date(instantOf(parseIsoDate(d)!, { hour: h, minute: 0 }, ZONE));
    await withTenant(t.database.db, t.demoTenantId, async (tx) => {
      await tx
        .update(appointmentEvaluates)
        .set({ create_time: when(DAY, 23) })
        .where(eq(appointmentEvaluates.id, e1));
      await tx
        .update(appointmentEvaluates)
        .set({ create_time: when('2030-01-05', 0) })
        .where(eq(appointmentEvaluates.id, e2));
    });
  });

  it('filters the list by the date written, whole days in the tenant zone', async () => {
    const ids = async (createTime: (string | null)[]) => idsOf(await data(admin, EVALUATES, { createTime }));
    expect(await ids([DAY, DAY])).toEqual([e1]);
    expect(await ids(['2030-01-04', ''])).toEqual([e2]);
    expect(await ids(['', '2030-01-04'])).toEqual([e1]);
    expect(await ids([DAY, '2030-01-05'])).toEqual([e1, e2].sort());
    expect(await ids(['2030-01-05 00:00:01', null])).toEqual([]);
    expect(await ids([])).toEqual([e1, e2].sort());
    expect(await errorOf(admin, EVALUATES, { createTime: ['03/01/2030', ''] })).toBe('EVALUATE_DATE_INVALID');
  });

  it('a user may not delete someone else’s evaluation, nor another tenant’s administrator', async () => {
    expect(await average()).toMatchObject({ evaluateCount: 2, average: 3.5 });
    const refused = await data(tokens.zhangwei!, DELETE_EVALUATE, { id: e1 });
    expect(refused.errcode).not.toBe('0');
    expect(refused.msg_en).toMatch(/author/);
    const foreign = await data(foreignAdmin, DELETE_EVALUATE, { id: e1 });
    expect(foreign.errcode).not.toBe('0');
    expect((await data(foreignAdmin, BATCH_DELETE_EVALUATE, { ids: [e1] })).errcode).not.toBe('0');
    expect(await errorOf(tokens.zhangwei!, BATCH_DELETE_EVALUATE, { ids: [e1] })).toBeTruthy();
    expect((await evaluateRow(e1)).del).toBe(0);
    expect(await average()).toMatchObject({ evaluateCount: 2, average: 3.5 });
  });

  it('an administrator deletes one: the count and mean leave it out, the booking may be evaluated again, logged', async () => {
    const done = await data(admin, DELETE_EVALUATE, { id: e1 });
    expect(done).toMatchObject({ errcode: '0', ids: [e1] });
    expect((await evaluateRow(e1)).del).toBe(1);
    expect(await average()).toMatchObject({ evaluateCount: 1, average: 2 });
    const booking = await withTenant(t.database.db, t.demoTenantId, async (tx) => {
      const [row] = await tx.select().from(appointments).where(eq(appointments.id, bookingsOf.zhangsan![0]!));
      return row!;
    });
    expect(booking.is_evaluate).toBe('0');
    expect((await logs('delete')).some((l) => l.operate_object === e1 && l.operate_content.includes('张三'))).toBe(
      true,
    );
    // deleted: gone from the list, and a second delete is refused
    expect(idsOf(await data(admin, EVALUATES, {}))).toEqual([e2]);
    expect((await data(admin, DELETE_EVALUATE, { id: e1 })).errcode).not.toBe('0');
  });

  it('batch delete: all or nothing, then the resource has no evaluation left', async () => {
    const bad = await data(admin, BATCH_DELETE_EVALUATE, { ids: [e2, e1] });
    expect(bad.errcode).not.toBe('0');
    expect((await evaluateRow(e2)).del).toBe(0);
    const empty = await data(admin, BATCH_DELETE_EVALUATE, { ids: [] });
    expect(empty.errcode).not.toBe('0');
    expect(empty.msg).toMatch(/评价/);
    const done = await data(admin, BATCH_DELETE_EVALUATE, { ids: [e2] });
    expect(done).toMatchObject({ errcode: '0', ids: [e2] });
    expect(await average()).toMatchObject({ evaluateCount: 0, average: 0 });
    expect((await logs('batchDelete')).some((l) => l.operate_object === e2)).toBe(true);
    expect((await data(admin, EVALUATES, {})).totalCount).toBe(0);
  });
});
