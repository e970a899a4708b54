import { and, asc, count, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { jsonRows, resultRows, rowsFromJson } from '../../db/json-rows.ts';
import type { OccupancyRow } from '../occupancy/occupancy.repository.ts';
import {
  filterConditions,
  type ResourcesTypeRow,
  type TypeAuthRow,
} from '../resource-types/resource-types.repository.ts';
import { resourcesTypeAuths, resourcesTypes } from '../resource-types/resource-types.tables.ts';
import {
  ruleListSelections,
  ruleListsFrom,
  type NumberLimitRuleRow,
  type RuleListRows,
  type RuleOwner,
  type RuleTemplateRow,
} from '../rules/rules.repository.ts';
import { appointmentNumberLimitRules, resourcesRuleTemplates } from '../rules/rules.tables.ts';
import type { ColumnCondition } from './resources.rules.ts';
import { resources, resourcesAuths, resourcesOccupancies, resourcesVisibility } from './resources.tables.ts';

export type ResourceRow = typeof resources.$inferSelect;
export type NewResource = Omit<typeof resources.$inferInsert, 'tenant_id'>;
export type VisibilityRow = typeof resourcesVisibility.$inferSelect;
export type ResourceAuthRow = typeof resourcesAuths.$inferSelect;

export const resourceFilterColumns = [
  'id',
  'resources_type_id',
  'resources_number',
  'resources_name',
  'campus_code',
  'building_code',
  'floor_code',
  'need_approve',
  'state',
  'rule_source',
  'rule_template_id',
  'admin_dept',
] as const;
export type ResourceFilter = Partial<Record<(typeof resourceFilterColumns)[number], ColumnCondition>>;

export interface ResourceQuery {
  filter: ResourceFilter;
  typeIds?: string[];
  /** Substring of the name in either language. */
  name?: string;
  /** Each must be an extended-property item name of the resource. */
  itemNames?: string[];
  enabledOnly?: boolean;
  /** Only the resources the caller administers (resource-admins.ts); all when absent. */
  managed?: SQL;
}

function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(tenantId: string, q: ResourceQuery): SQL {
  const r = resources;
  const { resources_name, ...rest } = q.filter;
  const conds: SQL[] = [
    eq(r.tenant_id, tenantId),
    ...filterConditions(r as unknown as Record<string, AnyPgColumn>, rest, ['state']),
  ];
  if (resources_name) {
    const zh = filterConditions({ n: r.resources_name }, { n: resources_name });
    const en = filterConditions({ n: r.resources_name_en }, { n: resources_name });
    if (zh.length) conds.push(or(and(...zh), and(...en))!);
  }
  if (q.typeIds) conds.push(inArray(r.resources_type_id, q.typeIds));
  if (q.name) {
    const p = containsPattern(q.name);
    conds.push(or(sql`${r.resources_name} ilike ${p}`, sql`${r.resources_name_en} ilike ${p}`)!);
  }
  for (const item of q.itemNames ?? []) {
    conds.push(sql`${r.extended_properties} @> ${JSON.stringify([{ item_name: item }])}::jsonb`);
  }
  if (q.enabledOnly) conds.push(eq(r.state, 1), eq(r.del, 0));
  if (q.managed) conds.push(q.managed);
  return and(...conds)!;
}

/** Every resource matching the query, by order then name (the caller filters visibility and pages). */
export async function listResources(tx: Executor, tenantId: string, q: ResourceQuery): Promise<ResourceRow[]> {
  return tx
    .select()
    .from(resources)
    .where(whereOf(tenantId, q))
    .orderBy(asc(resources.order), asc(resources.resources_name), asc(resources.id));
}

/** A page of resources and how many match. */
export async function pageResources(
  tx: Executor,
  tenantId: string,
  q: ResourceQuery,
  page: { limit: number; offset: number },
): Promise<{ rows: ResourceRow[]; total: number }> {
  const where = whereOf(tenantId, q);
  const rows = await tx
    .select()
    .from(resources)
    .where(where)
    .orderBy(asc(resources.order), asc(resources.resources_name), asc(resources.id))
    .limit(page.limit)
    .offset(page.offset);
  const [n] = await tx.select({ n: count() }).from(resources).where(where);
  return { rows, total: n?.n ?? 0 };
}

export async function findResource(
  tx: Executor,
  tenantId: string,
  id: string,
  lock = false,
): Promise<ResourceRow | undefined> {
  const q = tx
    .select()
    .from(resources)
    .where(and(eq(resources.tenant_id, tenantId), eq(resources.id, id)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function insertResource(tx: Executor, tenantId: string, values: NewResource): Promise<ResourceRow> {
  const [row] = await tx
    .insert(resources)
    .values({ ...values, tenant_id: tenantId })
    .returning();
  if (!row) throw new Error('resource row missing after insert');
  return row;
}

export async function updateResource(
  tx: Executor,
  tenantId: string,
  id: string,
  patch: Partial<NewResource>,
): Promise<ResourceRow | undefined> {
  const [row] = await tx
    .update(resources)
    .set({ ...patch, update_time: new Date() })
    .where(and(eq(resources.tenant_id, tenantId), eq(resources.id, id)))
    .returning();
  return row;
}

/** Deletes a resource; its rule rows, visibility, grants and occupancies go with it (foreign keys cascade). */
export async function deleteResource(tx: Executor, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(resources)
    .where(and(eq(resources.tenant_id, tenantId), eq(resources.id, id)))
    .returning({ id: resources.id });
  return rows.length > 0;
}

function byResource<T extends { resources_id: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(r.resources_id) ?? [];
    list.push(r);
    out.set(r.resources_id, list);
  }
  return out;
}

export async function visibilityOf(
  tx: Executor,
  tenantId: string,
  ids: string[],
): Promise<Map<string, VisibilityRow[]>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select()
    .from(resourcesVisibility)
    .where(and(eq(resourcesVisibility.tenant_id, tenantId), inArray(resourcesVisibility.resources_id, ids)))
    .orderBy(asc(resourcesVisibility.create_time), asc(resourcesVisibility.id));
  return byResource(rows);
}

export async function authsOf(tx: Executor, tenantId: string, ids: string[]): Promise<Map<string, ResourceAuthRow[]>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select()
    .from(resourcesAuths)
    .where(and(eq(resourcesAuths.tenant_id, tenantId), inArray(resourcesAuths.resources_id, ids)))
    .orderBy(asc(resourcesAuths.grant_time), asc(resourcesAuths.id));
  return byResource(rows);
}

export interface AccessEntry {
  obj_id: string;
  obj_name?: string;
  obj_type: string;
}

/** Replaces one kind of visibility entries ('visible' or 'invisible') of a resource. */
export async function replaceVisibility(
  tx: Executor,
  tenantId: string,
  resourceId: string,
  kind: 'visible' | 'invisible',
  entries: AccessEntry[],
): Promise<void> {
  await tx
    .delete(resourcesVisibility)
    .where(
      and(
        eq(resourcesVisibility.tenant_id, tenantId),
        eq(resourcesVisibility.resources_id, resourceId),
        eq(resourcesVisibility.kind, kind),
      ),
    );
  if (!entries.length) return;
  await tx.insert(resourcesVisibility).values(
    entries.map((e) => ({
      tenant_id: tenantId,
      resources_id: resourceId,
      kind,
      obj_id: e.obj_id,
      obj_name: e.obj_name ?? '',
      obj_type: e.obj_type,
    })),
  );
}

export interface AuthEntry {
  grant_open_id?: string;
  grant_object_id: string;
  grant_object_name?: string;
  grant_object_type: string;
  grant_permission_item?: string;
}

export async function replaceAuths(
  tx: Executor,
  tenantId: string,
  resourceId: string,
  grants: AuthEntry[],
  by: { account: string; name: string },
): Promise<void> {
  await tx
    .delete(resourcesAuths)
    .where(and(eq(resourcesAuths.tenant_id, tenantId), eq(resourcesAuths.resources_id, resourceId)));
  if (!grants.length) return;
  await tx.insert(resourcesAuths).values(
    grants.map((g) => ({
      tenant_id: tenantId,
      resources_id: resourceId,
      grant_open_id: g.grant_open_id ?? '',
      grant_object_id: g.grant_object_id,
      grant_object_name: g.grant_object_name ?? '',
      grant_object_type: g.grant_object_type,
      grant_permission_item: g.grant_permission_item ?? '',
      operate_user_id: by.account,
      operate_user_name: by.name,
    })),
  );
}

/** What the rules, visibility and booking of some resources need, loaded in one statement. */
export interface ResourceBundle {
  types: ResourcesTypeRow[];
  typeAuths: Map<string, TypeAuthRow[]>;
  typeLimits: Map<string, NumberLimitRuleRow[]>;
  templates: RuleTemplateRow[];
  visibility: Map<string, VisibilityRow[]>;
  auths: Map<string, ResourceAuthRow[]>;
  occupancies: OccupancyRow[];
  lists: Map<string, RuleListRows>;
}

/**
 * Every type of the tenant, the types' grants and per-person limits (of `typeIds`), the
 * templates `templateIds`, the resources' visibility lists, grants and occupancies between
 * `from` and `to`, and the rule lists of `owners` (templates' or resources' own): one round
 * trip where separate selects took a dozen.
 */
export async function loadResourceBundle(
  tx: Executor,
  tenantId: string,
  q: { ids: string[]; typeIds: string[]; templateIds: string[]; owners: RuleOwner[]; from: Date; to: Date },
): Promise<ResourceBundle> {
  const none = sql`false`;
  const any = <T>(col: T, ids: string[]) => (ids.length ? inArray(col as never, ids) : none);
  const t = resourcesTypes;
  const ta = resourcesTypeAuths;
  const nl = appointmentNumberLimitRules;
  const tpl = resourcesRuleTemplates;
  const v = resourcesVisibility;
  const a = resourcesAuths;
  const o = resourcesOccupancies;
  const parts: Record<string, SQL> = {
    types: jsonRows(t, eq(t.tenant_id, tenantId), [asc(t.order), asc(t.resources_name), asc(t.id)]),
    type_auths: jsonRows(ta, and(eq(ta.tenant_id, tenantId), any(ta.resources_type_id, q.typeIds)), [
      asc(ta.grant_time),
      asc(ta.id),
    ]),
    type_limits: jsonRows(nl, and(eq(nl.tenant_id, tenantId), any(nl.resources_type_id, q.typeIds)), [
      asc(nl.create_time),
      asc(nl.id),
    ]),
    templates: jsonRows(tpl, and(eq(tpl.tenant_id, tenantId), any(tpl.id, q.templateIds))),
    visibility: jsonRows(v, and(eq(v.tenant_id, tenantId), any(v.resources_id, q.ids)), [
      asc(v.create_time),
      asc(v.id),
    ]),
    auths: jsonRows(a, and(eq(a.tenant_id, tenantId), any(a.resources_id, q.ids)), [asc(a.grant_time), asc(a.id)]),
    occupancies: jsonRows(
      o,
      and(eq(o.tenant_id, tenantId), any(o.resources_id, q.ids), lt(o.starts_at, q.to), gt(o.ends_at, q.from)),
    ),
    ...ruleListSelections(tenantId, {
      resourceIds: q.owners.filter((w) => w.kind === 'resource').map((w) => w.id),
      templateIds: q.owners.filter((w) => w.kind === 'template').map((w) => w.id),
    }),
  };
  const columns = Object.entries(parts).map(([key, part]) => sql`${part} as ${sql.identifier(key)}`);
  const row = resultRows(await tx.execute(sql`select ${sql.join(columns, sql`, `)}`))[0] ?? {};
  const grouped = <T>(rows: T[], keyOf: (r: T) => string | null) => {
    const out = new Map<string, T[]>();
    for (const r of rows) {
      const k = keyOf(r);
      if (k !== null) out.set(k, [...(out.get(k) ?? []), r]);
    }
    return out;
  };
  return {
    types: rowsFromJson(t, row.types),
    typeAuths: grouped(rowsFromJson(ta, row.type_auths), (r) => r.resources_type_id),
    typeLimits: grouped(rowsFromJson(nl, row.type_limits), (r) => r.resources_type_id),
    templates: rowsFromJson(tpl, row.templates),
    visibility: grouped(rowsFromJson(v, row.visibility), (r) => r.resources_id),
    auths: grouped(rowsFromJson(a, row.auths), (r) => r.resources_id),
    occupancies: rowsFromJson(o, row.occupancies),
    lists: ruleListsFrom(q.owners, row),
  };
}

/** Which of `ids` are (not deleted) resources of the tenant. */
export async function existingResourceIds(tx: Executor, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await tx
    .select({ id: resources.id })
    .from(resources)
    .where(and(eq(resources.tenant_id, tenantId), sql`${resources.id}::text in ${ids}`, eq(resources.del, 0)));
  return new Set(rows.map((r) => r.id));
}
