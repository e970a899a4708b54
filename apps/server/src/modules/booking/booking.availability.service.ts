import { formatDateTime, minutesOf } from '@yuyue/shared';
import { withTenant } from '../../db/client.ts';
import { type AuthUser, type RequestContext, requireUser } from '../../platform/context.ts';
import { bookingClock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { resourceFilterColumns } from '../resources/resources.repository.ts';
import { normaliseFilterMap, slotCapacity } from '../resources/resources.rules.ts';
import { countBookerBookings, overlapCount, engineTransaction, type ActiveBooking } from './booking.repository.ts';
import { loadScene, type BookingResource, type BookingScene } from './booking.resources.ts';
import { openingInstant, slotInstants, slotStatus, type SlotStatus } from './booking.rules.ts';
import { type Quota, type Resource, banReason, isoDateArg, quotasOf } from './booking.service.ts';

/* What the caller may book: slots of a resource or a type on a date, and what is left of each limit. */

/** One per-person limit of a booking, and how much of it the caller has used (`findAppointmentAllowance`). */
export interface Allowance {
  /** What it counts: bookings of this resource, or of every resource of its type. */
  scope: 'resource' | 'type';
  kind: Quota['kind'];
  appointment_number_rule: string;
  limit: number;
  /** The dates counted (inclusive, YYYY-MM-DD; open ends as 0000-01-01 / 9999-12-31); empty for 'unfinished'. */
  period_begin: string;
  period_end: string;
  used: number;
  /** How many more the caller may book under this limit (never below 0). */
  remaining: number;
}

/**
 * The caller's allowance for a booking of a resource on a date: every per-person limit the
 * submit would hold it to (`quotasOf`), with the caller's bookings it counts now, counted by the
 * submit's own statement. A resource the caller may not see is RESOURCE_NOT_FOUND.
 */
export async function allowance(ctx: RequestContext, resourceId: unknown, date: unknown): Promise<Allowance[]> {
  const { tenant, user } = requireUser(ctx);
  const isoDate = isoDateArg(date, tenant.timeZone);
  return withTenant(
    ctx.db,
    tenant.id,
    async (tx) => {
      const now = bookingClock.now();
      const scene = await loadScene(tx, tenant, user, { ids: [String(resourceId)] }, [isoDate], { bookings: false });
      const res = scene.resources[0];
      if (!res) throw new AppError('RESOURCE_NOT_FOUND');
      const quotas = quotasOf(res, isoDate, now);
      const used = await countBookerBookings(
        tx,
        tenant.id,
        user.account,
        quotas.map((q) => q.window),
      );
      return quotas.map((q, i) => {
        const w = q.window;
        return {
          scope: w.kind === 'unfinished' || w.typeId ? 'type' : 'resource',
          kind: q.kind,
          appointment_number_rule: q.rule,
          limit: q.limit,
          period_begin: w.kind === 'dated' ? w.from : '',
          period_end: w.kind === 'dated' ? w.to : '',
          used: used[i]!,
          remaining: Math.max(0, q.limit - used[i]!),
        };
      });
    },
    engineTransaction,
  );
}

/** A slot of a resource on a date as the caller sees it, with the rule that closes it. */
export interface SlotAvailability {
  id: string;
  kssj: string;
  jssj: string;
  state: SlotStatus['state'];
  rule: string;
  opens_at: string;
  capacity: number;
  remaining: number;
  reason_cn: string;
  reason_en: string;
}

/** The fixed slots of a resource on a date as the caller sees them, given the active bookings read. */
function slotsOf(
  res: Resource,
  isoDate: string,
  booked: readonly ActiveBooking[],
  who: { account: string; now: number; banned: { reason_cn: string; reason_en: string } | null },
  zone: string,
): SlotAvailability[] {
  if (res.rules.time_slot_rule === '2') return [];
  const own = booked.filter((b) => b.resources_id === res.row.id);
  const opensAt = openingInstant(isoDate, res.rules, zone);
  const periods = res.periodsOn(isoDate);
  return res.lists.timeSlots
    .filter((s) => s.del === 0)
    .flatMap((s) => {
      const at = slotInstants(isoDate, s.kssj, s.jssj, zone);
      if (!at) return [];
      const capacity =
        res.row.state === 1 ? slotCapacity(isoDate, s, res.row.available_number, res.lists.availableNumberRules) : 0;
      const overlapping = own.filter((b) => b.starts_at.getTime() < at.endsAt && at.startsAt < b.ends_at.getTime());
      const closure = periods.find((p) => p.start < minutesOf(s.jssj)! && minutesOf(s.kssj)! < p.end) ?? null;
      const status = slotStatus({
        now: who.now,
        isoDate,
        start: s.kssj,
        end: s.jssj,
        ...at,
        opensAt,
        closure,
        rules: res.rules,
        capacity,
        taken: overlapCount(overlapping, at.startsAt, at.endsAt),
        mine: overlapping.filter((b) => b.appointment_user === who.account).length,
        banned: who.banned,
      });
      return [
        {
          id: s.id,
          kssj: s.kssj,
          jssj: s.jssj,
          state: status.state,
          rule: status.rule ?? '',
          opens_at: status.opensAt === null ? '' : formatDateTime(status.opensAt, zone),
          capacity,
          remaining: status.remaining,
          reason_cn: status.reason_cn,
          reason_en: status.reason_en,
        },
      ];
    });
}

/** Who asks for availability: account, the booking clock's now, and the ban in force then (its texts). */
function viewer(user: AuthUser, now: number, scene: BookingScene) {
  return { account: user.account, now, banned: banReason(scene.ban) };
}

/** Availability of a resource's fixed slots on a date for the caller: state, seats left and why closed. */
export async function availability(
  ctx: RequestContext,
  resourceId: unknown,
  date: unknown,
): Promise<SlotAvailability[]> {
  return (await availabilityWithScene(ctx, resourceId, date)).slots;
}

/** `availability`, with the scene it was computed from (its resource and active bookings). */
export async function availabilityWithScene(
  ctx: RequestContext,
  resourceId: unknown,
  date: unknown,
): Promise<{ slots: SlotAvailability[]; resource: BookingResource; bookings: BookingScene['bookings'] }> {
  const { tenant, user } = requireUser(ctx);
  const isoDate = isoDateArg(date, tenant.timeZone);
  return withTenant(
    ctx.db,
    tenant.id,
    async (tx) => {
      const now = bookingClock.now();
      const scene = await loadScene(tx, tenant, user, { ids: [String(resourceId)] }, [isoDate], { banAt: now });
      const res = scene.resources[0];
      if (!res) throw new AppError('RESOURCE_NOT_FOUND');
      const slots = slotsOf(res, isoDate, scene.bookings, viewer(user, now, scene), tenant.timeZone);
      return { slots, resource: res, bookings: scene.bookings };
    },
    engineTransaction,
  );
}

/** One resource of a type with its slots on a date (`findResourceTypeSlotAvailability`). */
export interface ResourceAvailability {
  resources_id: string;
  resources_name: string;
  resources_name_en: string;
  resources_number: string;
  available_number: number;
  time_slot_rule: string;
  need_approve: string;
  slots: SlotAvailability[];
}

/**
 * `findResourceTypeSlotAvailability`: every resource of a type the caller may see (filtered by
 * location and the other resource filter columns), in display order, each with its fixed slots
 * on the date as `findResourceSlotAvailability` gives them. The reads do not grow with the
 * number of resources: one statement loads the resources, rules and bookings, one the ban.
 */
export async function typeAvailability(
  ctx: RequestContext,
  typeId: unknown,
  date: unknown,
  filter: unknown,
): Promise<ResourceAvailability[]> {
  const { tenant, user } = requireUser(ctx);
  const isoDate = isoDateArg(date, tenant.timeZone);
  const where = normaliseFilterMap(filter, resourceFilterColumns, ['id', 'resources_type_id', 'rule_template_id']);
  if (typeof typeId !== 'string' || !isUuid(typeId.trim())) throw new AppError('RESOURCE_TYPE_NOT_FOUND');
  return withTenant(
    ctx.db,
    tenant.id,
    async (tx) => {
      const now = bookingClock.now();
      const scene = await loadScene(tx, tenant, user, { typeId: typeId.trim(), filter: where }, [isoDate], {
        banAt: now,
      });
      const who = viewer(user, now, scene);
      return scene.resources.map((res) => ({
        resources_id: res.row.id,
        resources_name: res.row.resources_name,
        resources_name_en: res.row.resources_name_en,
        resources_number: res.row.resources_number,
        available_number: res.row.available_number,
        time_slot_rule: res.rules.time_slot_rule,
        need_approve: res.rules.need_approve,
        slots: slotsOf(res, isoDate, scene.bookings, who, tenant.timeZone),
      }));
    },
    engineTransaction,
  );
}
