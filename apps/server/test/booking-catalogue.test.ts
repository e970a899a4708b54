/**
 * The booking engine's catalogue cache: what it reads of resources, types, grants and rules is
 * kept in memory with the tenant's catalogue version, and used only while the version in the
 * database is the same. Any change of a catalogue table, by this process or another, through the
 * API or plain SQL, is seen by the very next booking request.
 */
import { getTableName, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { resultRows } from '../src/db/json-rows.ts';
import { catalogueTables } from '../src/modules/booking/booking.resources.repository.ts';
import { AVAILABILITY, NOW, badmintonType, makeResource, makeUsers, model, submit } from './booking-fixtures.ts';
import { createTestApp, testDatabaseUrl, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

let t: TestApp;
let admin: string;
let badminton: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin');
  badminton = await badmintonType(t, admin);
  bookingClock.now = () => NOW;
}, 60_000);
afterAll(async () => {
  bookingClock.now = () => Date.now();
  await t?.close();
});
afterEach(() => {
  bookingClock.now = () => NOW;
});

const version = async (tenantId = t.demoTenantId): Promise<string | undefined> =>
  withTenant(t.database.db, tenantId, async (tx) => {
    const rows = resultRows(
      await tx.execute(sql`select version::text as v from catalogue_versions where tenant_id = ${tenantId}`),
    );
    return rows[0]?.v as string | undefined;
  });

const slotsOf = async (token: string, resourcesId: string, date = '2030-01-03') => {
  const res = await t.gql('apps_yy_sys', AVAILABILITY, { token, variables: { resourcesId, date } });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data!.findResourceSlotAvailability as { id: string; kssj: string; state: string; rule: string }[];
};

describe('the catalogue version', () => {
  it('every table the cached part reads has the trigger that gives its tenant a new version', async () => {
    const rows = resultRows(
      await t.database.db.execute(
        sql`select c.relname as t from pg_trigger g join pg_class c on c.oid = g.tgrelid
            where g.tgname = c.relname || '_catalogue_version' and g.tgdeferrable and g.tginitdeferred`,
      ),
    );
    const triggered = new Set(rows.map((r) => r.t));
    const read = catalogueTables.map((table) => getTableName(table));
    expect(read.length).toBeGreaterThanOrEqual(13);
    expect(read.filter((name) => !triggered.has(name))).toEqual([]);
  });

  it('moves when a catalogue row changes, at commit, for that tenant only; a rollback leaves it', async () => {
    const other = await t.createOtherTenant('cat1');
    const r = await makeResource(t, admin, badminton);
    const before = await version();
    const otherBefore = await version(other);
    expect(before).toMatch(/^[0-9a-f-]{36}$/);
    await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.execute(sql`update resources_time_slots set kssj = '09:05' where resources_id = ${r.id} and kssj = '09:00'`),
    );
    const after = await version();
    expect(after).not.toBe(before);
    expect(await version(other)).toBe(otherBefore);
    await expect(
      withTenant(t.database.db, t.demoTenantId, async (tx) => {
        await tx.execute(sql`update resources set resources_name = 'x' where id = ${r.id}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(after);
  });
});

describe('a booking request never uses an outdated copy', () => {
  it('sees a time slot changed by plain SQL (as another instance would) on the next availability read', async () => {
    const r = await makeResource(t, admin, badminton);
    const [u] = await makeUsers(t, 1, `cat_sql_${Date.now() % 100_000}_`);
    const first = await slotsOf(u!.token, r.id);
    expect(first.map((s) => s.kssj)).toEqual(['09:00', '10:00', '11:00', '14:00']);
    // the same read again is served from the kept copy: still the same
    expect((await slotsOf(u!.token, r.id)).map((s) => s.kssj)).toEqual(['09:00', '10:00', '11:00', '14:00']);
    await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.execute(sql`update resources_time_slots set kssj = '09:30' where resources_id = ${r.id} and kssj = '09:00'`),
    );
    expect((await slotsOf(u!.token, r.id)).map((s) => s.kssj)).toEqual(['09:30', '10:00', '11:00', '14:00']);
  });

  it('refuses a submit on a resource the administrator has just disabled, and books it again once enabled', async () => {
    const r = await makeResource(t, admin, badminton);
    const [u] = await makeUsers(t, 1, `cat_off_${Date.now() % 100_000}_`);
    await slotsOf(u!.token, r.id); // the copy is kept
    const state = `mutation ($id: ID!, $state: Int!) { updateResourcesState(id: $id, state: $state) { errcode msg } }`;
    expect(
      (await t.gql('apps_yy_sys', state, { token: admin, variables: { id: r.id, state: 0 } })).body.data!
        .updateResourcesState.errcode,
    ).toBe('0');
    const refused = await submit(t, u!.token, { model: model(r.id, '2030-01-03'), timeSlotIdList: [r.slots[0]!.id] });
    expect(refused.code).not.toBe('0');
    expect(refused.name).toBe('RESOURCE_NOT_FOUND');
    await t.gql('apps_yy_sys', state, { token: admin, variables: { id: r.id, state: 1 } });
    const booked = await submit(t, u!.token, { model: model(r.id, '2030-01-03'), timeSlotIdList: [r.slots[0]!.id] });
    expect(booked.code).toBe('0');
  });

  it('applies a bookable-dates list the administrator has just given the resource to the next read', async () => {
    const r = await makeResource(t, admin, badminton);
    const [u] = await makeUsers(t, 1, `cat_date_${Date.now() % 100_000}_`);
    expect((await slotsOf(u!.token, r.id)).map((s) => s.rule)).toEqual(['', '', '', '']);
    // bookable only on the 4th: the 3rd is closed from the next read on
    await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.execute(sql`insert into resources_dates (tenant_id, resources_id, start, "end")
        values (${t.demoTenantId}, ${r.id}, '2030-01-04', '2030-01-04')`),
    );
    expect((await slotsOf(u!.token, r.id)).map((s) => s.rule)).toEqual(Array(4).fill('date_closed'));
    expect((await slotsOf(u!.token, r.id, '2030-01-04')).map((s) => s.rule)).toEqual(['', '', '', '']);
  });
});

describe.skipIf(!testDatabaseUrl)('on PostgreSQL, with another connection changing the catalogue', () => {
  it('an uncommitted change is neither seen nor cached; once committed it is seen at once', async () => {
    const r = await makeResource(t, admin, badminton);
    const [u] = await makeUsers(t, 1, `cat_tx_${Date.now() % 100_000}_`);
    await slotsOf(u!.token, r.id);
    const url = new URL(testDatabaseUrl);
    url.pathname = new URL((t.database as unknown as { url: string }).url).pathname;
    const other = new pg.Client({ connectionString: url.href });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`update resources_time_slots set kssj = '09:45' where resources_id = $1 and kssj = '09:00'`, [
        r.id,
      ]);
      expect((await slotsOf(u!.token, r.id))[0]!.kssj).toBe('09:00');
      await other.query('commit');
      expect((await slotsOf(u!.token, r.id))[0]!.kssj).toBe('09:45');
    } finally {
      await other.end();
    }
  });
});
