import { instantOf, parseIsoDate, VISITOR_CATEGORY } from '@yuyue/shared';
import type { Tx } from '../../db/client.ts';
import type { AuthUser, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { ResourcesTypeRow } from '../resource-types/resource-types.repository.ts';
import { deptWithAncestors, typeOpenTo, type Identity } from '../resource-types/resource-types.rules.ts';
import type { ResourceRow } from '../resources/resources.repository.ts';
import {
  closedPeriodsOf,
  effectiveRules,
  resourceVisibleTo,
  ruleOwnerOf,
  type ClosedPeriod,
} from '../resources/resources.rules.ts';
import { ruleFieldNames } from '../rules/rules.columns.ts';
import { banFrom, type Ban } from '../blacklist/blacklist.guard.ts';
import type { NumberLimitRuleRow, RuleListRows } from '../rules/rules.repository.ts';
import type { ActiveBooking } from './booking.repository.ts';
import {
  loadBookingBundle,
  type BookingBundle,
  type BundleExtra,
  type ResourceSelection,
} from './booking.resources.repository.ts';

const ruleFields = ruleFieldNames as readonly string[];

/**
 * A resource as the booking engine evaluates it: the row, its effective rules and rule lists
 * (its template's when it uses one that exists, else its own), its type and the type's
 * per-person limits, and the closed periods of any date of the loaded window.
 */
export interface BookingResource {
  row: ResourceRow;
  rules: ResourceRow;
  lists: RuleListRows;
  type: ResourcesTypeRow | undefined;
  typeLimits: NumberLimitRuleRow[];
  periodsOn(isoDate: string): ClosedPeriod[];
}

/** The resources a booking operation reads, their active bookings, and who the caller is. */
export interface BookingScene {
  resources: BookingResource[];
  /** Active bookings of those resources overlapping the loaded dates (empty when not asked for). */
  bookings: ActiveBooking[];
  identity: Identity;
  /** The caller's department: the first active position's that has one. */
  dept: { code: string; name: string };
  /** The caller's ban in force at `SceneOptions.banAt` (null when none; undefined when not asked). */
  ban: Ban | null | undefined;
  /** The values of `SceneOptions.extra`'s columns, by name (empty when none was asked for). */
  extra: Record<string, unknown>;
  /**
   * Whether someone else (`who`) may see one of the scene's resources, as their own scene would
   * have it (enabled, of an enabled type open to them, passing its lists): the ballot's draw
   * judges many bookers against one administrator's scene.
   */
  visibleTo(res: BookingResource, who: Identity): boolean;
}

/** [00:00 of the first date, 00:00 after the last date) in the tenant's zone. */
export function datesWindow(isoDates: readonly string[], timeZone: string): { from: Date; to: Date } {
  const sorted = [...isoDates].sort();
  const first = parseIsoDate(sorted[0]!)!;
  const last = parseIsoDate(sorted[sorted.length - 1]!)!;
  const next = new Date(Date.UTC(last.year, last.month - 1, last.day + 1));
  return {
    from: new Date(instantOf(first, { hour: 0, minute: 0 }, timeZone)),
    to: new Date(
      instantOf(
        { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() },
        { hour: 0, minute: 0 },
        timeZone,
      ),
    ),
  };
}

/**
 * A user's identity for grants (as `identityOf` in resource-types.service builds it) from their
 * active positions and the departments of those with their ancestors.
 */
export function identityFrom(
  user: Pick<AuthUser, 'id' | 'account'>,
  bundle: Pick<BookingBundle, 'positions' | 'departments'>,
): Identity {
  const parentOf = new Map(bundle.departments.map((d) => [d.id, d.parent]));
  const codeOf = new Map(bundle.departments.map((d) => [d.id, d.code]));
  return {
    userKeys: [user.id, user.account],
    positions: bundle.positions.map((p) => {
      const deptIds = p.dept ? deptWithAncestors(p.dept.id, parentOf) : [];
      return {
        deptKeys: [...deptIds, ...deptIds.map((id) => codeOf.get(id) ?? '').filter(Boolean)],
        postKeys: p.post ? [p.post.id, p.post.code] : [],
      };
    }),
  };
}

function resourceOf(row: ResourceRow, bundle: BookingBundle, timeZone: string): BookingResource {
  const owner = ruleOwnerOf(row);
  const template = owner.kind === 'template' ? bundle.templates.find((t) => t.id === owner.id) : undefined;
  const rules = effectiveRules(row, template, ruleFields);
  const lists = bundle.lists.get(template ? template.id : row.id)!;
  const occupancies = bundle.occupancies
    .filter((o) => o.resources_id === row.id)
    .map((o) => ({
      startsAt: o.starts_at.getTime(),
      endsAt: o.ends_at.getTime(),
      reason_cn: o.reason_cn,
      reason_en: o.reason_en,
    }));
  const periods = new Map<string, ClosedPeriod[]>();
  return {
    row,
    rules,
    lists,
    type: bundle.types.find((t) => t.id === row.resources_type_id),
    typeLimits: bundle.typeLimits.get(row.resources_type_id) ?? [],
    periodsOn(isoDate) {
      let p = periods.get(isoDate);
      if (!p) {
        p = closedPeriodsOf({ isoDate, rules, lists, occupancies, timeZone });
        periods.set(isoDate, p);
      }
      return p;
    },
  };
}

/**
 * Refuses a resource of a scene the booking engine does not book: one disabled or deleted
 * (administrators' scenes hold those too), or a visitor area, whose daily quota is taken by
 * visit applications only (its type read with the scene: no statement of its own).
 */
export function assertBookable(res: BookingResource): void {
  if (res.row.state !== 1 || res.row.del !== 0) throw new AppError('RESOURCE_NOT_BOOKABLE');
  if (res.type?.appointment_category === VISITOR_CATEGORY) throw new AppError('RESOURCE_VISITOR_AREA');
}

/** Whether the caller may see a resource: enabled, of an enabled type open to them, passing its own lists. */
function visibleTo(row: ResourceRow, bundle: BookingBundle, who: Identity): boolean {
  const type = bundle.types.find((t) => t.id === row.resources_type_id);
  if (row.state !== 1 || row.del !== 0 || !type || type.state !== 1 || type.del !== 0) return false;
  if (!typeOpenTo(bundle.typeAuths.get(type.id) ?? [], who)) return false;
  const vis = bundle.visibility.get(row.id) ?? [];
  const grant = (x: { obj_id: string; obj_type: string }) => ({
    grant_object_id: x.obj_id,
    grant_object_type: x.obj_type,
  });
  return resourceVisibleTo(
    {
      visible: vis.filter((x) => x.kind === 'visible').map(grant),
      invisible: vis.filter((x) => x.kind === 'invisible').map(grant),
      auths: bundle.auths.get(row.id) ?? [],
    },
    who,
  );
}

export interface SceneOptions {
  /** Read as an administrator: disabled and invisible resources too (acting on an existing booking). */
  asAdmin?: boolean;
  /** Also read the resources' active bookings over the dates (default true). */
  bookings?: boolean;
  /** Also read the caller's ban in force at this instant (`BookingScene.ban`). */
  banAt?: number;
  /** Another module's columns read with the scene (`BookingScene.extra`). */
  extra?: BundleExtra;
}

/**
 * Reads what a booking operation needs, in one statement whatever the number of resources:
 * the selected resources the caller may see (administrators see all of them; ordinary users
 * the enabled ones of enabled types open to them that their visible/invisible/auth lists let
 * through), with their rules and closed periods for `isoDates`, the active bookings on those
 * dates, and the caller's identity and department. Ids that are not UUIDs select nothing.
 */
export async function loadScene(
  tx: Tx,
  tenant: TenantRef,
  user: AuthUser,
  selection: Omit<ResourceSelection, 'enabledOnly'>,
  isoDates: readonly string[],
  opts: SceneOptions = {},
): Promise<BookingScene> {
  const admin = opts.asAdmin === true || user.role === 'admin';
  const typeOk = selection.typeId === undefined || isUuid(selection.typeId);
  const bundle = await loadBookingBundle(
    tx,
    tenant.id,
    { ...selection, ids: typeOk ? selection.ids?.filter((id) => isUuid(id)) : [], enabledOnly: !admin },
    { userId: user.id, account: user.account },
    {
      ...datesWindow(isoDates, tenant.timeZone),
      withBookings: opts.bookings !== false,
      banAt: opts.banAt === undefined ? undefined : new Date(opts.banAt),
      extra: opts.extra,
    },
  );
  const identity = identityFrom(user, bundle);
  const rows = admin ? bundle.resources : bundle.resources.filter((r) => visibleTo(r, bundle, identity));
  const dept = bundle.positions.find((p) => p.dept)?.dept;
  const shown = new Set(rows.map((r) => r.id));
  return {
    resources: rows.map((r) => resourceOf(r, bundle, tenant.timeZone)),
    bookings: bundle.bookings.filter((b) => shown.has(b.resources_id)),
    identity,
    dept: { code: dept?.code ?? '', name: dept?.name ?? '' },
    ban: opts.banAt === undefined ? undefined : banFrom(bundle.ban, tenant),
    extra: bundle.extra,
    visibleTo: (res, who) => visibleTo(res.row, bundle, who),
  };
}
