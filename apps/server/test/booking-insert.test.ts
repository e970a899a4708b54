/**
 * The booking engine's writes, as the repository makes them: a booking row given back after
 * the insert is the row the database holds (it returns only what it filled in), a taken
 * period gives no row, and a capacity slot gives exactly its seats.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import {
  findAppointment,
  insertExclusive,
  insertExclusiveMany,
  insertShared,
  takeSeat,
  type NewAppointment,
} from '../src/modules/booking/booking.repository.ts';
import { at, badmintonType, makeResource } from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';

let t: TestApp;
let resource: { id: string };
let typeId: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.tokenFor('admin');
  typeId = await badmintonType(t, admin);
  resource = await makeResource(t, admin, typeId);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const booking = (
  start: string,
  extra: { appointment_user?: string; appointment_date?: string } = {},
): NewAppointment => ({
  exclusive: true,
  resources_id: resource.id,
  resources_type_id: typeId,
  appointment_date: '2030-01-03',
  start_time: start,
  end_time: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`,
  starts_at: new Date(at('2030-01-03', start)),
  ends_at: new Date(at('2030-01-03', start) + 3_600_000),
  created_user: 'student',
  appointment_user: 'student',
  appointment_user_name: '学生',
  theme: 'it\'s a "theme" \\ 主题',
  person_times: 3,
  ...extra,
});

describe('booking rows', () => {
  it('gives back exactly the row the database holds, defaults and generated values included', async () => {
    const tenantId = t.demoTenantId;
    const { inserted, stored } = await withTenant(t.database.db, tenantId, async (tx) => {
      const inserted = await insertExclusive(tx, tenantId, booking('09:00'));
      return { inserted, stored: inserted && (await findAppointment(tx, tenantId, inserted.id)) };
    });
    expect(inserted?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(inserted).toEqual(stored);
    expect(inserted!.create_time).toBeInstanceOf(Date);
    expect(inserted!.cancel_reason).toBe('');
  });

  it('gives no row for an overlapping period of an exclusive resource', async () => {
    const tenantId = t.demoTenantId;
    const second = await withTenant(t.database.db, tenantId, async (tx) => {
      await insertExclusive(tx, tenantId, booking('10:00'));
      return insertExclusive(tx, tenantId, booking('10:00', { appointment_user: 'admin' }));
    });
    expect(second).toBeUndefined();
  });

  it('takes the seats of a capacity slot up to its capacity, then refuses', async () => {
    const tenantId = t.demoTenantId;
    const slot = {
      resources_id: resource.id,
      starts_at: new Date(at('2030-01-04', '14:00')),
      ends_at: new Date(at('2030-01-04', '15:00')),
      capacity: 2,
    };
    const taken = await withTenant(t.database.db, tenantId, async (tx) => [
      await takeSeat(tx, tenantId, slot),
      await takeSeat(tx, tenantId, slot),
      await takeSeat(tx, tenantId, slot),
    ]);
    expect(taken).toEqual([true, true, false]);
    const shared = await withTenant(t.database.db, tenantId, async (tx) => {
      const row = await insertShared(tx, tenantId, booking('14:00', { appointment_date: '2030-01-04' }));
      return { row, stored: await findAppointment(tx, tenantId, row.id) };
    });
    expect(shared.row).toEqual(shared.stored);
    expect(shared.row.exclusive).toBe(false);
  });

  it('inserts several in one statement: the stored rows, none for a period already taken or taken by an earlier one of the list', async () => {
    const tenantId = t.demoTenantId;
    const day = (d: string, start: string) => ({
      ...booking(start, { appointment_date: d }),
      starts_at: new Date(at(d, start)),
      ends_at: new Date(at(d, start) + 3_600_000),
    });
    const { rows, stored } = await withTenant(t.database.db, tenantId, async (tx) => {
      await insertExclusive(tx, tenantId, day('2030-01-05', '11:00'));
      const rows = await insertExclusiveMany(tx, tenantId, [
        day('2030-01-05', '09:00'),
        day('2030-01-05', '11:00'), // taken before
        day('2030-01-06', '09:00'),
        day('2030-01-06', '09:00'), // taken by the one before it
      ]);
      const stored = await Promise.all(rows.map((r) => (r ? findAppointment(tx, tenantId, r.id) : undefined)));
      return { rows, stored };
    });
    expect(rows.map((r) => r !== undefined)).toEqual([true, false, true, false]);
    expect(rows).toEqual(stored);
    expect(rows[0]!.appointment_date).toBe('2030-01-05');
    expect(rows[2]!.starts_at).toEqual(new Date(at('2030-01-06', '09:00')));
  });
});
