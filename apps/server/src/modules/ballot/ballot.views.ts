import { formatDateTime, isoDateOf } from '@yuyue/shared';
import { withTenant } from '../../db/client.ts';
import { type RequestContext, requireUser } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { loadScene } from '../booking/booking.resources.ts';
import { clean, isoDateArg } from '../booking/booking.service.ts';
import { dateState, entriesOfBookings, entriesOfPerson, entryCounts, settingsOf } from './ballot.repository.ts';
import { personOf } from './ballot.rules.ts';
import { ballotWindow, effectiveSetting, settingOfResource } from './ballot.submit.ts';
import { managedAmong } from '../resources/resource-admins.ts';
import { typesOfResources } from './ballot.settings.repository.ts';
import { bookingClock } from '../../platform/clock.ts';

/**
 * `findBallotSettings`: the release settings in force for some resources (their own, else
 * their type's, else race) and the settings of some resource types. A resource is answered when
 * the caller may see it, or when they administer it (even disabled, or not open to them).
 */
export async function settingsFor(ctx: RequestContext, resourceIds: unknown, typeIds: unknown) {
  const { tenant, user } = requireUser(ctx);
  const resources = clean(Array.isArray(resourceIds) ? resourceIds : [])
    .filter(isUuid)
    .slice(0, 500);
  const types = clean(Array.isArray(typeIds) ? typeIds : [])
    .filter(isUuid)
    .slice(0, 500);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const scene = resources.length
      ? await loadScene(tx, tenant, ctx.user!, { ids: resources }, [isoDateOf(bookingClock.now(), tenant.timeZone)], {
          bookings: false,
        })
      : { resources: [] };
    const typeOf = new Map(scene.resources.map((r) => [r.row.id, r.row.resources_type_id]));
    const unseen = resources.filter((id) => !typeOf.has(id));
    if (unseen.length) {
      const managed = await managedAmong(tx, tenant.id, user, unseen);
      for (const [id, type] of await typesOfResources(tx, tenant.id, [...managed])) typeOf.set(id, type);
    }
    const rows = await settingsOf(tx, tenant.id, [...resources, ...types, ...typeOf.values()]);
    return [
      ...resources
        .filter((id) => typeOf.has(id))
        .map((id) => ({ target_kind: 'resource', target_id: id, ...effectiveSetting(rows, id, typeOf.get(id)!) })),
      ...types.map((id) => ({ target_kind: 'type', target_id: id, ...effectiveSetting(rows, '', id) })),
    ];
  });
}

/**
 * `findBallotDateInfo`: how a resource's date is released, for the booking screens: mode, the
 * window (opens, closes), its phase ('race', 'not_open', 'collecting', 'drawing', 'drawn'),
 * after the draw how many entered each slot, and the caller's entries.
 */
export async function dateInfo(ctx: RequestContext, resourceId: unknown, date: unknown) {
  const { tenant, user } = requireUser(ctx);
  const isoDate = isoDateArg(date, tenant.timeZone);
  if (typeof resourceId !== 'string' || !isUuid(resourceId)) throw new AppError('RESOURCE_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const scene = await loadScene(tx, tenant, user, { ids: [resourceId] }, [isoDate], { bookings: false });
    const res = scene.resources[0];
    if (!res) throw new AppError('RESOURCE_NOT_FOUND');
    const setting = await settingOfResource(tx, tenant.id, res.row.id, res.row.resources_type_id);
    const window = ballotWindow(setting, isoDate, res.rules, tenant.timeZone);
    const zone = tenant.timeZone;
    const base = {
      resources_id: res.row.id,
      appointment_date: isoDate,
      release_mode: window ? 'ballot' : 'race',
      window_minutes: setting.window_minutes,
      opens_at: window ? formatDateTime(window.opensAt, zone) : '',
      closes_at: window ? formatDateTime(window.closesAt, zone) : '',
    };
    if (!window) return { ...base, phase: 'race', slots: [], mine: [] };
    const now = bookingClock.now();
    const state = await dateState(tx, tenant.id, res.row.id, isoDate);
    const phase = state.drawn
      ? 'drawn'
      : now < window.opensAt
        ? 'not_open'
        : now < window.closesAt
          ? 'collecting'
          : state.waiting > 0
            ? 'drawing'
            : 'race';
    const counts = state.drawn
      ? await entryCounts(tx, tenant.id, [{ resources_id: res.row.id, appointment_date: isoDate }])
      : new Map<string, number>();
    const slots = [...counts].map(([k, n]) => ({ slot: k.split('|')[2]!, entered: n }));
    const mine = (await entriesOfPerson(tx, tenant.id, res.row.id, isoDate, personOf(user.account))).map((r) => ({
      ...r,
      outcome: r.outcome || 'waiting',
    }));
    return { ...base, phase, slots, mine };
  });
}

/**
 * `findBallotEntriesForSelf`: for the caller's bookings that came through a ballot, the entry's
 * state ('waiting' until the draw, then 'won', or the reason it was not drawn: 'full', 'capped',
 * 'refused' with the refusal, 'duplicate', 'withdrawn'), when it closes or was drawn, and after
 * the draw how many entered the slot. Bookings of others are left out.
 */
export async function entriesForSelf(ctx: RequestContext, appointmentIds: unknown) {
  const { tenant, user } = requireUser(ctx);
  const ids = clean(Array.isArray(appointmentIds) ? appointmentIds : [])
    .filter(isUuid)
    .slice(0, 200);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const own = await entriesOfBookings(tx, tenant.id, ids, user.account);
    const counts = await entryCounts(
      tx,
      tenant.id,
      own
        .filter((r) => r.draw)
        .map((r) => ({ resources_id: r.entry.resources_id, appointment_date: r.entry.appointment_date })),
    );
    const zone = tenant.timeZone;
    return own.map((r) => ({
      appointment_id: r.entry.appointment_id,
      slot: r.entry.slot,
      outcome: r.entry.outcome || 'waiting',
      refusal: r.entry.refusal,
      closes_at: formatDateTime(r.entry.closes_at.getTime(), zone),
      drawn_at: r.draw ? formatDateTime(r.draw.drawn_at.getTime(), zone) : '',
      entered: r.draw ? (counts.get(`${r.entry.resources_id}|${r.entry.appointment_date}|${r.entry.slot}`) ?? 0) : 0,
      position: r.entry.position,
    }));
  });
}
