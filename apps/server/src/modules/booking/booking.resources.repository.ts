import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { compile, compiledCache, runCompiled } from '../../db/compiled.ts';
import { jsonRows, rowsFromJson } from '../../db/json-rows.ts';
import { departments, posts, userPositions, users } from '../directory/directory.tables.ts';
import type { OccupancyRow } from '../occupancy/occupancy.repository.ts';
import {
  filterConditions,
  type ResourcesTypeRow,
  type TypeAuthRow,
} from '../resource-types/resource-types.repository.ts';
import { resourcesTypeAuths, resourcesTypes } from '../resource-types/resource-types.tables.ts';
import type { ResourceAuthRow, ResourceFilter, ResourceRow, VisibilityRow } from '../resources/resources.repository.ts';
import { resources, resourcesAuths, resourcesOccupancies, resourcesVisibility } from '../resources/resources.tables.ts';
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
import { banInForceJson, bansInForceJson, type BlackListRow } from '../blacklist/blacklist.repository.ts';
import { blackList } from '../blacklist/blacklist.tables.ts';
import { textArray } from '../../db/compiled.ts';
import { type ActiveBooking } from './booking.repository.ts';
import { appointments, catalogueVersions } from './booking.tables.ts';

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
  /** The values of an extra's columns (`BundleExtra`), by their names, as the driver gave them. */
  extra: Record<string, unknown>;
}

/**
 * Columns another module adds to the live part of a bundle statement, so that what it needs
 * with the engine's read costs no round trip of its own (the ballot's settings and date state
 * with a submit). `columns` may use the bundle's placeholders (`tenant`, ...), the relation
 * `sel(id)` of the selected resources, and placeholders of their own, filled from `values`
 * (names that do not clash with the bundle's); the statement is compiled once per `key`, so the
 * columns of one key must always be the same.
 */
export interface BundleExtra {
  key: string;
  columns: Record<string, SQL>;
  values: Record<string, unknown>;
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
  rids: sql.placeholder('rids'),
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

/** What of a bundle the tenant's catalogue version covers: the same while the version is. */
type CataloguePart = Pick<
  BookingBundle,
  'resources' | 'types' | 'typeAuths' | 'typeLimits' | 'templates' | 'visibility' | 'auths' | 'lists'
>;

/**
 * The tables the catalogue part is read from: each has the trigger that gives the tenant a new
 * catalogue version when one of its rows changes (migration catalogue_version; a test holds
 * the two together).
 */
export const catalogueTables: readonly PgTable[] = [
  ...new Set<PgTable>([
    resources,
    resourcesTypes,
    resourcesTypeAuths,
    appointmentNumberLimitRules,
    resourcesRuleTemplates,
    resourcesVisibility,
    resourcesAuths,
    ...Object.values(ruleTables),
  ]),
];

/** The catalogue part's subqueries, for the resources of `sel` (the selection). */
function catalogueColumns(): Record<string, SQL> {
  const t = resourcesTypes;
  const ta = resourcesTypeAuths;
  const nl = appointmentNumberLimitRules;
  const tpl = resourcesRuleTemplates;
  const v = resourcesVisibility;
  const a = resourcesAuths;
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
  return parts;
}

/**
 * The subqueries read on every call: the catalogue version, and what changes without it (the
 * caller's positions, departments and ban, occupancies, active bookings), for the resources of
 * the relation `sel(id)`.
 */
function liveColumns(withBookings: boolean, withBan: boolean, extra?: BundleExtra): Record<string, SQL> {
  const o = resourcesOccupancies;
  const cv = catalogueVersions;
  const ids = sql`(select id from sel)`;
  const parts: Record<string, SQL> = {
    version: sql`coalesce((select ${cv.version}::text from ${cv} where ${cv.tenant_id} = ${P.tenant}), '')`,
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
  if (withBookings) {
    const b = appointments;
    // Per resource, fenced (`offset 0`: the planner may not flatten the lateral join) and
    // through `appointments_resource_active_idx`: a resource's active bookings ending after the
    // window opens, so the read never grows with the tenant's bookings or a resource's history,
    // whatever the statistics (a generic plan made while the table was small once scanned every
    // booking of the tenant here). The resource ids are the tenant's (row-level security too).
    parts.bookings = sql`(select coalesce(json_agg(json_build_object('id', bk.id, 'resources_id', bk.resources_id,
        'starts_at', bk.starts_at, 'ends_at', bk.ends_at, 'appointment_user', bk.appointment_user)), '[]'::json)
      from sel cross join lateral (select ${b.id}, ${b.resources_id}, ${b.starts_at}, ${b.ends_at}, ${b.appointment_user}
        from ${b} where ${b.resources_id} = sel.id and ${b.active} and ${b.ends_at} > ${P.from}::timestamptz
          and ${b.starts_at} < ${P.to}::timestamptz offset 0) bk)`;
  }
  if (withBan) parts.ban = banInForceJson(P.tenant, P.account, P.banAt);
  for (const [key, part] of Object.entries(extra?.columns ?? {})) parts[`x_${key}`] = part;
  return parts;
}

const selectColumns = (parts: Record<string, SQL>) =>
  sql.join(
    Object.entries(parts).map(([key, part]) => sql`${part} as ${sql.identifier(key)}`),
    sql`, `,
  );

/** The whole bundle of a selection's shape: the catalogue part and the live part. */
function bundleStatement(
  selection: ResourceSelection,
  withBookings: boolean,
  withBan: boolean,
  extra?: BundleExtra,
): SQL {
  const parts = { ...catalogueColumns(), ...liveColumns(withBookings, withBan, extra) };
  return sql`with sel as (select * from ${resources} where ${selectionWhere(selection)}) select ${selectColumns(parts)}`;
}

/** Only the live part, for resources whose catalogue part is known (`rids`). */
function liveStatement(withBookings: boolean, withBan: boolean, extra?: BundleExtra): SQL {
  return sql`with sel(id) as (select unnest(${P.rids}::uuid[])) select ${selectColumns(liveColumns(withBookings, withBan, extra))}`;
}

/**
 * Catalogue parts read recently, by tenant and selection, with the catalogue version they were
 * read at (see `catalogueVersions`). Least recently used first; bounded.
 */
const catalogueCache = new Map<string, { version: string; part: CataloguePart }>();
const CATALOGUE_CACHE_SIZE = 500;

/** Freezes a cached part's rows and lists: requests share them, so a change would be a bug (it throws). */
function frozen(part: CataloguePart): CataloguePart {
  const freezeAll = (list: readonly object[]) => {
    for (const r of list) Object.freeze(r);
    Object.freeze(list);
  };
  for (const key of Object.keys(part) as (keyof CataloguePart)[]) {
    const value = part[key];
    if (Array.isArray(value)) freezeAll(value);
    else if (value instanceof Map) {
      for (const v of value.values()) {
        if (Array.isArray(v)) freezeAll(v);
        else for (const list of Object.values(v as object)) freezeAll(list as object[]);
      }
    }
  }
  return part;
}

function remember(key: string, entry: { version: string; part: CataloguePart }): void {
  catalogueCache.delete(key);
  catalogueCache.set(key, entry);
  if (catalogueCache.size > CATALOGUE_CACHE_SIZE) catalogueCache.delete(catalogueCache.keys().next().value!);
}

function cataloguePartOf(row: Record<string, unknown>): CataloguePart {
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
    lists: ruleListsFrom(owners, row),
  };
}

type LivePart = Omit<BookingBundle, keyof CataloguePart>;

function livePartOf(row: Record<string, unknown>): LivePart {
  return {
    occupancies: rowsFromJson(resourcesOccupancies, row.occupancies),
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
    extra: Object.fromEntries(
      Object.entries(row)
        .filter(([k]) => k.startsWith('x_'))
        .map(([k, v]) => [k.slice(2), v]),
    ),
  };
}

/**
 * The selected resources with their types (grants, per-person limits), templates, rule lists,
 * visibility lists, grants, occupancies overlapping [from, to), their active bookings there
 * (when `withBookings`), and the caller's active positions with the departments' ancestors:
 * ONE statement, however many resources are selected (the booking path's hot read). The
 * catalogue part is kept (`catalogueCache`) and, while the tenant's catalogue version has not
 * moved, only the live part is read (a smaller statement; the version comes with it, in the
 * same snapshot, so a kept part is used only while it is what the tables hold).
 */
export async function loadBookingBundle(
  tx: Executor,
  tenantId: string,
  selection: ResourceSelection,
  caller: { userId: string; account: string },
  window: { from: Date; to: Date; withBookings: boolean; banAt?: Date; extra?: BundleExtra },
): Promise<BookingBundle> {
  const { withBookings, extra } = window;
  const withBan = window.banAt !== undefined;
  const extraKey = extra ? `:${extra.key}` : '';
  const values = {
    tenant: tenantId,
    user: caller.userId,
    account: caller.account,
    // an array literal: a JS array would be spread into one parameter per element (the text would vary)
    ids: `{${(selection.ids ?? []).join(',')}}`,
    typeId: selection.typeId ?? null,
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    banAt: window.banAt?.toISOString() ?? null,
    ...extra?.values,
  };
  // a filtered selection (a search) is neither compiled nor cached: its text varies
  const shape =
    selection.filter && Object.keys(selection.filter).length
      ? null
      : `${!!selection.ids}:${!!selection.typeId}:${selection.enabledOnly}`;
  const key = shape && `${tenantId}|${shape}|${values.ids}|${values.typeId ?? ''}`;
  const known = key ? catalogueCache.get(key) : undefined;
  if (known) {
    const live = compiledBundle(`live:${withBookings}:${withBan}${extraKey}`, () =>
      liveStatement(withBookings, withBan, extra),
    );
    const [row = {}] = await runCompiled(tx, live, {
      ...values,
      rids: `{${known.part.resources.map((r) => r.id).join(',')}}`,
    });
    if (row.version === known.version) {
      remember(key!, known);
      return { ...known.part, ...livePartOf(row) };
    }
  }
  const build = () => bundleStatement(selection, withBookings, withBan, extra);
  const [row = {}] = await runCompiled(
    tx,
    shape ? compiledBundle(`${shape}:${withBookings}:${withBan}${extraKey}`, build) : compile(build()),
    values,
  );
  const part = cataloguePartOf(row);
  if (key) remember(key, { version: String(row.version), part: frozen(part) });
  return { ...part, ...livePartOf(row) };
}

/** What the booking engine knows of one booker who is not the caller (`loadBookers`). */
export interface BookerBundle {
  /** The directory user's id; '' when the account has none. */
  userId: string;
  /** Active positions, in the directory's order (as `BookingBundle.positions`). */
  positions: CallerPosition[];
  /** The ban in force at `banAt` that ends last, if any. */
  ban: BlackListRow | undefined;
}

const compiledBookers = compiledCache();

/**
 * Per booker of `accounts` what `loadBookingBundle` reads of its caller (directory user, active
 * positions, the ban in force at `banAt`), and the departments of all their positions with
 * their ancestors: ONE statement however many bookers (the ballot's draw judges its winners
 * with it). Accounts are matched exactly, as the caller's own read matches them.
 */
export async function loadBookers(
  tx: Executor,
  tenantId: string,
  accounts: readonly string[],
  banAt: Date,
): Promise<{ bookers: Map<string, BookerBundle>; departments: BookingBundle['departments'] }> {
  const bookers = new Map<string, BookerBundle>();
  if (!accounts.length) return { bookers, departments: [] };
  const statement = compiledBookers('bookers', () => {
    const tenant = sql.placeholder('tenant');
    return sql`with acc as (select distinct unnest(${sql.placeholder('accounts')}::text[]) as account),
      u as (select ${users.id} as user_id, ${users.account} as account from ${users}
        where ${users.tenant_id} = ${tenant} and ${users.account} in (select account from acc)),
      up as (select u.account, x.dept_id, x.post_id from ${userPositions} x join u on u.user_id = x.user_id
        where x.tenant_id = ${tenant} and x.active)
      select
        (select coalesce(json_agg(json_build_object('account', u.account, 'user_id', u.user_id)), '[]'::json) from u) as users,
        (select coalesce(json_agg(json_build_object('account', up.account, 'dept_id', d.id, 'dept_code', d.code,
            'dept_name', d.name, 'post_id', p.id, 'post_code', p.code) order by up.account, d.order_num, d.name, p.name), '[]'::json)
          from up left join ${departments} d on d.id = up.dept_id left join ${posts} p on p.id = up.post_id) as positions,
        (with recursive anc(id, parent, code) as (
            select d.id, d.parent, d.code from ${departments} d where d.tenant_id = ${tenant} and d.id in (select dept_id from up)
            union
            select d.id, d.parent, d.code from ${departments} d join anc on d.id::text = anc.parent where d.tenant_id = ${tenant}
          ) select coalesce(json_agg(anc), '[]'::json) from anc) as departments,
        ${bansInForceJson(tenant, sql`${sql.placeholder('accounts')}::text[]`, sql.placeholder('banAt'))} as bans`;
  });
  const [row = {}] = await runCompiled(tx, statement, {
    tenant: tenantId,
    accounts: textArray(accounts),
    banAt: banAt.toISOString(),
  });
  for (const account of accounts) bookers.set(account, { userId: '', positions: [], ban: undefined });
  for (const u of json(row.users)) bookers.get(String(u.account))!.userId = String(u.user_id);
  for (const p of json(row.positions)) {
    bookers.get(String(p.account))!.positions.push({
      dept: p.dept_id ? { id: String(p.dept_id), code: String(p.dept_code), name: String(p.dept_name) } : null,
      post: p.post_id ? { id: String(p.post_id), code: String(p.post_code) } : null,
    });
  }
  for (const ban of rowsFromJson(blackList, row.bans)) bookers.get(ban.user_account)!.ban = ban;
  return {
    bookers,
    departments: json(row.departments).map((d) => ({
      id: String(d.id),
      parent: String(d.parent ?? ''),
      code: String(d.code ?? ''),
    })),
  };
}
