import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { filterConditions } from '../resource-types/resource-types.repository.ts';
import type { ColumnCondition } from './resources.rules.ts';
import { resources, resourcesAuths, resourcesVisibility } from './resources.tables.ts';

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
