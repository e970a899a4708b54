import type { Tx } from '../../db/client.ts';
import type { TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { releaseSeat, seatsTaken, takeSeat } from '../booking/booking.repository.ts';
import { resourceIdsAt, type BookingForGuests, type VisitRow } from './visitors.appointments.repository.ts';
import { dayWindow } from './visitors.appointments.rules.ts';
import { offeredAreas, resourceNames, visitorAreas, type VisitorArea } from './visitors.areas.repository.ts';
import { areaNamesOf, splitIds, type AreaName } from './visitors.areas.rules.ts';

/**
 * The areas of visits: those a visit asks for, those a booking's guests get, their names, and
 * the seats a visit's party takes from each area's daily quota (the booking engine's seat
 * counter, one row per area and local day).
 */

/** The visitor areas asked for, refused when one is not a visitor area or not among the overall settings' areas. */
export async function areasAsked(
  tx: Tx,
  tenantId: string,
  allowed: readonly string[],
  value: string | null | undefined,
): Promise<VisitorArea[]> {
  const ids = splitIds(value);
  if (!ids.length) throw new AppError('VISIT_AREAS_REQUIRED');
  if (ids.length > 50) throw new AppError('VISIT_AREA_INVALID', { area: String(ids[50]).slice(0, 40) });
  const bad = ids.find((id): boolean => !isUuid(id));
  if (bad !== undefined) throw new AppError('VISIT_AREA_INVALID', { area: bad.slice(0, 40) });
  const found = await visitorAreas(tx, tenantId, ids);
  for (const id of ids) {
    if (!found.some((a) => a.id === id) || (allowed.length > 0 && !allowed.includes(id))) {
      throw new AppError('VISIT_AREA_INVALID', { area: id });
    }
  }
  return ids.map((id) => found.find((a) => a.id === id)!);
}

/** A booking guest's areas: the open visitor areas in the room's building, else its campus, else all. */
export async function areasOfBooking(
  tx: Tx,
  tenantId: string,
  allowed: readonly string[],
  booking: BookingForGuests,
): Promise<VisitorArea[]> {
  const all = await offeredAreas(tx, tenantId, allowed);
  if (!all.length) throw new AppError('VISIT_AREAS_REQUIRED');
  const ids = all.map((a) => a.id);
  for (const place of [{ building_code: booking.building_code }, { campus_code: booking.campus_code }]) {
    const code = place.building_code ?? place.campus_code;
    if (!code) continue;
    const at = await resourceIdsAt(tx, tenantId, ids, place);
    if (at.length) return all.filter((a) => at.includes(a.id));
  }
  return all;
}

/** Takes a party's seats on a day from each area's quota (an area without a limit takes none); refused when one is full. */
export async function takeSeats(tx: Tx, tenant: TenantRef, date: string, areas: readonly VisitorArea[], seats: number) {
  const window = dayWindow(date, tenant.timeZone);
  // In one order of ids everywhere: two visits taking the same areas never wait for each other in a circle.
  for (const area of [...areas].sort((a, b) => a.id.localeCompare(b.id))) {
    if (area.available_number <= 0) continue;
    const slot = { resources_id: area.id, ...window, capacity: area.available_number, seats };
    if (!(await takeSeat(tx, tenant.id, slot))) {
      const used = await seatsTaken(tx, tenant.id, slot);
      throw new AppError('VISIT_QUOTA_FULL', {
        area: area.resources_name,
        date,
        remaining: Math.max(0, area.available_number - used),
        seats,
      });
    }
  }
}

/** Gives a party's seats on a day back to each area's quota. */
export async function releaseSeats(tx: Tx, tenant: TenantRef, date: string, areaIds: readonly string[], seats: number) {
  const window = dayWindow(date, tenant.timeZone);
  for (const id of [...areaIds].sort()) await releaseSeat(tx, tenant.id, { resources_id: id, ...window, seats });
}

/** Gives a visit's seats back to its areas' quotas, when it holds them. */
export async function releaseVisitSeats(tx: Tx, tenant: TenantRef, row: VisitRow) {
  if (row.seats_held) await releaseSeats(tx, tenant, row.in_school_date, splitIds(row.in_school_area), row.seats);
}

/** The names of the areas of visits, by area id (also areas no longer open to visitors). */
export async function visitAreaNames(
  tx: Tx,
  tenantId: string,
  rows: readonly VisitRow[],
): Promise<Map<string, AreaName>> {
  return resourceNames(tx, tenantId, [...new Set(rows.flatMap((r) => splitIds(r.in_school_area)))]);
}

/** A visit's areas as shown: their names joined (zh with 、, en with commas). */
export function visitAreasShown(row: VisitRow, names: ReadonlyMap<string, AreaName>): AreaName {
  const { zh, en } = areaNamesOf(splitIds(row.in_school_area), names);
  return { zh: zh.join('、'), en: en.join(', ') };
}
