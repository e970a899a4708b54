import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { compile, compiledCache, runCompiled } from '../../db/compiled.ts';
import { jsonRows, rowsFromJson } from '../../db/json-rows.ts';
import { departments, posts, userPositions } from '../directory/directory.tables.ts';
import type { OccupancyRow } from '../occupancy/occupancy.repository.ts';
import { resourcesOccupancies } from '../occupancy/occupancy.tables.ts';
import {
  filterConditions,
  type ResourcesTypeRow,
  type TypeAuthRow,
} from '../resource-types/resource-types.repository.ts';
import { resourcesTypeAuths, resourcesTypes } from '../resource-types/resource-types.tables.ts';
import type { ResourceAuthRow, ResourceFilter, ResourceRow, VisibilityRow } from '../resources/resources.repository.ts';
import { resources, resourcesAuths, resourcesVisibility } from '../resources/resources.tables.ts';
import {
  ruleListsFrom,
  type NumberLimitRuleRow,
  type RuleListRows,
  type RuleOwner,
  type RuleTemplateRow,
} from '../rules/rules.repository.ts';
import {
  appointmentNumberLimitRules,
  resourcesAvailableNumberRules,
  resourcesDates,
  resourcesMonths,
  resourcesNoReservationConfigs,
  resourcesRuleTemplates,
  resourcesTimeSlots,
  resourcesWeeks,
} from '../rules/rules.tables.ts';
import { banInForceJson, type BlackListRow } from '../blacklist/blacklist.repository.ts';
import { blackList } from '../blacklist/blacklist.tables.ts';
import type { ActiveBooking } from './booking.repository.ts';
import { appointments } from './booking.tables.ts';

/** Which resources the booking engine reads: some ids, or every resource of a type (optionally filtered). */
export interface ResourceSelection {
  /** UUIDs only (the caller checks them). */
  ids?: readonly string[];
  typeId?: string;
  filter?: ResourceFilter;
  /** Only enabled, not deleted resources (what ordinary users may see). */
  enabledOnly: boolean;
}

/** One active position of the caller: its department and post. */
export interface CallerPosition {
  dept: { id: string; code: string; name: string } | null;
  post: { id: string; code: string } | null;
}

/** What the booking engine needs of some resources and of the caller, read in one statement. */
export interface BookingBundle {
  resources: ResourceRow[];
  types: ResourcesTypeRow[];
  typeAuths: Map<string, TypeAuthRow[]>;
  typeLimits: Map<string, NumberLimitRuleRow[]>;
  templates: RuleTemplateRow[];
  visibility: Map<string, VisibilityRow[]>;
  auths: Map<string, ResourceAuthRow[]>;
  occupancies: OccupancyRow[];
  /** Rule lists by owner: each resource's own and each template's its resources use. */
  lists: Map<string, RuleListRows>;
  /** Active bookings of the resources overlapping the window (empty unless asked for). */
  bookings: ActiveBooking[];
  /** The caller's active positions, in the directory's order (departments by order and name). */
  positions: CallerPosition[];
  /** The departments of those positions and all their ancestors (id, parent id, code). */
  departments: { id: string; parent: string; code: string }[];
  /** The caller's blacklist entry in force at `banAt` (undefined when not asked for or none). */
  ban: BlackListRow | undefined;
}

const ruleTables = {
  months: resourcesMonths,
  dates: resourcesDates,
  weeks: resourcesWeeks,
  timeSlots: resourcesTimeSlots,
  noReservations: resourcesNoReservationConfigs,
  availableNumberRules: resourcesAvailableNumberRules,
  numberLimits: appointmentNumberLimitRules,
} as const;

/** The values a bundle statement takes, named as its placeholders. */
const P = {
  tenant: sql.placeholder('tenant'),
  user: sql.placeholder('user'),
  ids: sql.placeholder('ids'),
  typeId: sql.placeholder('typeId'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  account: sql.placeholder('account'),
  banAt: sql.placeholder('banAt'),
};

function selectionWhere(s: ResourceSelection): SQL {
  const r = resources;
  const conds: SQL[] = [eq(r.tenant_id, P.tenant)];
  if (s.ids) conds.push(sql`${r.id} = any(${P.ids}::uuid[])`);
  if (s.typeId) conds.push(eq(r.resources_type_id, P.typeId));
  if (s.enabledOnly) conds.push(eq(r.state, 1), eq(r.del, 0));
  if (s.filter) {
    const { resources_name, ...rest } = s.filter;
    conds.push(...filterConditions(r as unknown as Record<string, AnyPgColumn>, rest, ['state']));
    if (resources_name) {
      const zh = filterConditions({ n: r.resources_name }, { n: resources_name });
      const en = filterConditions({ n: r.resources_name_en }, { n: resources_name });
      if (zh.length) conds.push(or(and(...zh), and(...en))!);
    }
  }
  return and(...conds)!;
}

/**
 * Bundle statements by shape. Building the bundle statement with Drizzle costs about a
 * millisecond of CPU, on every booking request; its text depends only on the shape of the
 * selection, so it is built once with placeholders and each call only fills in the values.
 */
const compiledBundle = compiledCache();

const json = (v: unknown): Record<string, unknown>[] =>
  ((typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>[] | null) ?? [];

function grouped<T>(rows: T[], keyOf: (r: T) => string | null): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = keyOf(r);
    if (k !== null) out.set(k, [...(out.get(k) ?? []), r]);
  }
  return out;
}

/** The bundle statement of a selection's shape, its values as placeholders (see `compiledBundle`). */
function bundleStatement(selection: ResourceSelection, withBookings: boolean, withBan: boolean): SQL {
  const t = resourcesTypes;
  const ta = resourcesTypeAuths;
  const nl = appointmentNumberLimitRules;
  const tpl = resourcesRuleTemplates;
  const v = resourcesVisibility;
  const a = resourcesAuths;
  const o = resourcesOccupancies;
  const ids = sql`(select id from sel)`;
  const typeIds = sql`(select resources_type_id from sel)`;
  const templateIds = sql`(select rule_template_id from sel where rule_source = '1' and rule_template_id is not null)`;
  const parts: Record<string, SQL> = {
    resources: sql`(select coalesce(json_agg(sel order by sel."order", sel.resources_name, sel.id), '[]'::json) from sel)`,
    types: jsonRows(t, and(eq(t.tenant_id, P.tenant), sql`${t.id} in ${typeIds}`)),
    type_auths: jsonRows(ta, and(eq(ta.tenant_id, P.tenant), sql`${ta.resources_type_id} in ${typeIds}`), [
      asc(ta.grant_time),
      asc(ta.id),
    ]),
    type_limits: jsonRows(nl, and(eq(nl.tenant_id, P.tenant), sql`${nl.resources_type_id} in ${typeIds}`), [
      asc(nl.create_time),
      asc(nl.id),
    ]),
    templates: jsonRows(tpl, and(eq(tpl.tenant_id, P.tenant), sql`${tpl.id} in ${templateIds}`)),
    visibility: jsonRows(v, and(eq(v.tenant_id, P.tenant), sql`${v.resources_id} in ${ids}`), [
      asc(v.create_time),
      asc(v.id),
    ]),
    auths: jsonRows(a, and(eq(a.tenant_id, P.tenant), sql`${a.resources_id} in ${ids}`), [
      asc(a.grant_time),
      asc(a.id),
    ]),
    occupancies: jsonRows(
      o,
      and(
        eq(o.tenant_id, P.tenant),
        sql`${o.resources_id} in ${ids}`,
        sql`${o.starts_at} < ${P.to}::timestamptz`,
        sql`${o.ends_at} > ${P.from}::timestamptz`,
      ),
    ),
    positions: sql`(select coalesce(json_agg(json_build_object('dept_id', d.id, 'dept_code', d.code, 'dept_name', d.name,
        'post_id', p.id, 'post_code', p.code) order by d.order_num, d.name, p.name), '[]'::json)
      from ${userPositions} up left join ${departments} d on d.id = up.dept_id left join ${posts} p on p.id = up.post_id
      where up.tenant_id = ${P.tenant} and up.user_id = ${P.user} and up.active)`,
    departments: sql`(with recursive anc(id, parent, code) as (
        select d.id, d.parent, d.code from ${departments} d where d.tenant_id = ${P.tenant} and d.id in
          (select up.dept_id from ${userPositions} up where up.tenant_id = ${P.tenant} and up.user_id = ${P.user} and up.active)
        union
        select d.id, d.parent, d.code from ${departments} d join anc on d.id::text = anc.parent where d.tenant_id = ${P.tenant}
      ) select coalesce(json_agg(anc), '[]'::json) from anc)`,
  };
  for (const [key, table] of Object.entries(ruleTables)) {
    parts[key] = jsonRows(
      table,
      and(
        eq(table.tenant_id, P.tenant),
        or(sql`${table.resources_id} in ${ids}`, sql`${table.rule_template_id} in ${templateIds}`),
      ),
      [asc(table.create_time), asc(table.id)],
    );
  }
  if (withBookings) {
    const b = appointments;
    parts.bookings = sql`(select coalesce(json_agg(json_build_object('id', ${b.id}, 'resources_id', ${b.resources_id},
        'starts_at', ${b.starts_at}, 'ends_at', ${b.ends_at}, 'appointment_user', ${b.appointment_user})), '[]'::json)
      from ${b} where ${and(
        eq(b.tenant_id, P.tenant),
        sql`${b.resources_id} in ${ids}`,
        eq(b.active, true),
        sql`${b.starts_at} < ${P.to}::timestamptz`,
        sql`${b.ends_at} > ${P.from}::timestamptz`,
      )})`;
  }
  if (withBan) parts.ban = banInForceJson(P.tenant, P.account, P.banAt);
  const columns = Object.entries(parts).map(([key, part]) => sql`${part} as ${sql.identifier(key)}`);
  return sql`with sel as (select * from ${resources} where ${selectionWhere(selection)}) select ${sql.join(columns, sql`, `)}`;
}

/**
 * The selected resources with their types (grants, per-person limits), templates, rule lists,
 * visibility lists, grants, occupancies overlapping [from, to), their active bookings there
 * (when `withBookings`), and the caller's active positions with the departments' ancestors:
 * ONE statement, however many resources are selected (the booking path's hot read).
 */
export async function loadBookingBundle(
  tx: Executor,
  tenantId: string,
  selection: ResourceSelection,
  caller: { userId: string; account: string },
  window: { from: Date; to: Date; withBookings: boolean; banAt?: Date },
): Promise<BookingBundle> {
  const withBan = window.banAt !== undefined;
  const build = () => bundleStatement(selection, window.withBookings, withBan);
  const shape =
    selection.filter && Object.keys(selection.filter).length
      ? null
      : `${!!selection.ids}:${!!selection.typeId}:${selection.enabledOnly}:${window.withBookings}:${withBan}`;
  const [row = {}] = await runCompiled(tx, shape ? compiledBundle(shape, build) : compile(build()), {
    tenant: tenantId,
    user: caller.userId,
    account: caller.account,
    // an array literal: a JS array would be spread into one parameter per element (the text would vary)
    ids: `{${(selection.ids ?? []).join(',')}}`,
    typeId: selection.typeId ?? null,
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    banAt: window.banAt?.toISOString() ?? null,
  });
  const rows = rowsFromJson(resources, row.resources);
  const owners: RuleOwner[] = [
    ...rows.map((r) => ({ kind: 'resource' as const, id: r.id })),
    ...rows
      .filter((r) => r.rule_source === '1' && r.rule_template_id)
      .map((r) => ({ kind: 'template' as const, id: r.rule_template_id! })),
  ];
  return {
    resources: rows,
    types: rowsFromJson(resourcesTypes, row.types),
    typeAuths: grouped(rowsFromJson(resourcesTypeAuths, row.type_auths), (r) => r.resources_type_id),
    typeLimits: grouped(rowsFromJson(appointmentNumberLimitRules, row.type_limits), (r) => r.resources_type_id),
    templates: rowsFromJson(resourcesRuleTemplates, row.templates),
    visibility: grouped(rowsFromJson(resourcesVisibility, row.visibility), (r) => r.resources_id),
    auths: grouped(rowsFromJson(resourcesAuths, row.auths), (r) => r.resources_id),
    occupancies: rowsFromJson(resourcesOccupancies, row.occupancies),
    lists: ruleListsFrom(owners, row),
    bookings: json(row.bookings).map((b) => ({
      id: String(b.id),
      resources_id: String(b.resources_id),
      starts_at: new Date(String(b.starts_at)),
      ends_at: new Date(String(b.ends_at)),
      appointment_user: String(b.appointment_user),
    })),
    positions: json(row.positions).map((p) => ({
      dept: p.dept_id ? { id: String(p.dept_id), code: String(p.dept_code), name: String(p.dept_name) } : null,
      post: p.post_id ? { id: String(p.post_id), code: String(p.post_code) } : null,
    })),
    departments: json(row.departments).map((d) => ({
      id: String(d.id),
      parent: String(d.parent ?? ''),
      code: String(d.code ?? ''),
    })),
    ban: row.ban
      ? rowsFromJson(blackList, [typeof row.ban === 'string' ? JSON.parse(row.ban) : row.ban])[0]
      : undefined,
  };
}
