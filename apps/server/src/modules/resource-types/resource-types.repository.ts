import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { resources } from '../resources/resources.tables.ts';
import type { ColumnCondition } from '../resources/resources.rules.ts';
import { resourcesTypeAuths, resourcesTypeExtendedProperties, resourcesTypes } from './resource-types.tables.ts';

export type ResourcesTypeRow = typeof resourcesTypes.$inferSelect;
export type NewResourcesType = Omit<typeof resourcesTypes.$inferInsert, 'tenant_id'>;
export type ExtendedPropertyRow = typeof resourcesTypeExtendedProperties.$inferSelect;
export type TypeAuthRow = typeof resourcesTypeAuths.$inferSelect;

export const typeFilterColumns = [
  'id',
  'resources_name',
  'resources_name_en',
  'resources_tag',
  'state',
  'appointment_category',
  'resource_open_mode',
  'can_location',
] as const;
export type TypeFilter = Partial<Record<(typeof typeFilterColumns)[number], ColumnCondition>>;

function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** SQL conditions of a normalised filter map; integer columns compare as integers (a non-number matches nothing). */
export function filterConditions(
  columns: Record<string, AnyPgColumn>,
  filter: Record<string, ColumnCondition | undefined>,
  intColumns: readonly string[] = [],
): SQL[] {
  const out: SQL[] = [];
  for (const [key, c] of Object.entries(filter)) {
    const col = columns[key];
    if (!c || !col) continue;
    const isInt = intColumns.includes(key);
    const value = (v: string) => (isInt ? (/^-?\d+$/.test(v) ? Number(v) : null) : v);
    if (c.eq !== undefined) {
      const v = value(c.eq);
      out.push(v === null ? inArray(col, []) : eq(col, v));
    }
    if (c.in !== undefined)
      out.push(
        inArray(
          col,
          c.in.map(value).filter((v) => v !== null),
        ),
      );
    if (c.like !== undefined && !isInt) out.push(ilike(col, containsPattern(c.like)));
  }
  return out;
}

/** The tenant's types matching the filter, by order then name. */
export async function listTypes(tx: Executor, tenantId: string, filter: TypeFilter): Promise<ResourcesTypeRow[]> {
  const t = resourcesTypes;
  const { resources_name, ...rest } = filter;
  const conds = [
    eq(t.tenant_id, tenantId),
    ...filterConditions(t as unknown as Record<string, AnyPgColumn>, rest, ['state']),
  ];
  if (resources_name) {
    // A name matches in either language.
    const zh = filterConditions({ n: t.resources_name }, { n: resources_name });
    const en = filterConditions({ n: t.resources_name_en }, { n: resources_name });
    if (zh.length) conds.push(or(and(...zh), and(...en))!);
  }
  return tx
    .select()
    .from(t)
    .where(and(...conds))
    .orderBy(asc(t.order), asc(t.resources_name), asc(t.id));
}

export async function findType(
  tx: Executor,
  tenantId: string,
  id: string,
  lock = false,
): Promise<ResourcesTypeRow | undefined> {
  const q = tx
    .select()
    .from(resourcesTypes)
    .where(and(eq(resourcesTypes.tenant_id, tenantId), eq(resourcesTypes.id, id)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function insertType(tx: Executor, tenantId: string, values: NewResourcesType): Promise<ResourcesTypeRow> {
  const [row] = await tx
    .insert(resourcesTypes)
    .values({ ...values, tenant_id: tenantId })
    .returning();
  if (!row) throw new Error('type row missing after insert');
  return row;
}

export async function updateType(
  tx: Executor,
  tenantId: string,
  id: string,
  patch: Partial<NewResourcesType>,
): Promise<ResourcesTypeRow | undefined> {
  const [row] = await tx
    .update(resourcesTypes)
    .set({ ...patch, update_time: new Date() })
    .where(and(eq(resourcesTypes.tenant_id, tenantId), eq(resourcesTypes.id, id)))
    .returning();
  return row;
}

export async function deleteType(tx: Executor, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(resourcesTypes)
    .where(and(eq(resourcesTypes.tenant_id, tenantId), eq(resourcesTypes.id, id)))
    .returning({ id: resourcesTypes.id });
  return rows.length > 0;
}

export async function countResourcesOfType(tx: Executor, tenantId: string, typeId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(resources)
    .where(and(eq(resources.tenant_id, tenantId), eq(resources.resources_type_id, typeId)));
  return row?.n ?? 0;
}

function byType<T extends { resources_type_id: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(r.resources_type_id) ?? [];
    list.push(r);
    out.set(r.resources_type_id, list);
  }
  return out;
}

export async function typeAuths(
  tx: Executor,
  tenantId: string,
  typeIds: string[],
): Promise<Map<string, TypeAuthRow[]>> {
  if (!typeIds.length) return new Map();
  const rows = await tx
    .select()
    .from(resourcesTypeAuths)
    .where(and(eq(resourcesTypeAuths.tenant_id, tenantId), inArray(resourcesTypeAuths.resources_type_id, typeIds)))
    .orderBy(asc(resourcesTypeAuths.grant_time), asc(resourcesTypeAuths.id));
  return byType(rows);
}

export async function typeExtendedProperties(
  tx: Executor,
  tenantId: string,
  typeIds: string[],
): Promise<Map<string, ExtendedPropertyRow[]>> {
  if (!typeIds.length) return new Map();
  const rows = await tx
    .select()
    .from(resourcesTypeExtendedProperties)
    .where(
      and(
        eq(resourcesTypeExtendedProperties.tenant_id, tenantId),
        inArray(resourcesTypeExtendedProperties.resources_type_id, typeIds),
      ),
    )
    .orderBy(
      asc(resourcesTypeExtendedProperties.order_num),
      asc(resourcesTypeExtendedProperties.extended_properties_code),
    );
  return byType(rows);
}

export async function replaceTypeAuths(
  tx: Executor,
  tenantId: string,
  typeId: string,
  grants: { grant_object_id: string; grant_object_name?: string; grant_object_type: string }[],
  by: { account: string; name: string },
): Promise<void> {
  await tx
    .delete(resourcesTypeAuths)
    .where(and(eq(resourcesTypeAuths.tenant_id, tenantId), eq(resourcesTypeAuths.resources_type_id, typeId)));
  if (!grants.length) return;
  await tx.insert(resourcesTypeAuths).values(
    grants.map((g) => ({
      tenant_id: tenantId,
      resources_type_id: typeId,
      grant_object_id: g.grant_object_id,
      grant_object_name: g.grant_object_name ?? '',
      grant_object_type: g.grant_object_type,
      operate_user_id: by.account,
      operate_user_name: by.name,
    })),
  );
}

export async function replaceTypeExtendedProperties(
  tx: Executor,
  tenantId: string,
  typeId: string,
  props: {
    extended_properties_code: string;
    extended_properties_name?: string;
    code_description?: string;
    code_tags?: string;
    order_num?: number;
  }[],
): Promise<void> {
  await tx
    .delete(resourcesTypeExtendedProperties)
    .where(
      and(
        eq(resourcesTypeExtendedProperties.tenant_id, tenantId),
        eq(resourcesTypeExtendedProperties.resources_type_id, typeId),
      ),
    );
  if (!props.length) return;
  await tx.insert(resourcesTypeExtendedProperties).values(
    props.map((p, i) => ({
      tenant_id: tenantId,
      resources_type_id: typeId,
      extended_properties_code: p.extended_properties_code,
      extended_properties_name: p.extended_properties_name ?? '',
      code_description: p.code_description ?? '',
      code_tags: p.code_tags ?? '',
      order_num: p.order_num ?? i,
    })),
  );
}

/** Which of `ids` are (not deleted) resource types of the tenant. */
export async function existingResourceTypeIds(tx: Executor, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await tx
    .select({ id: resourcesTypes.id })
    .from(resourcesTypes)
    .where(
      and(eq(resourcesTypes.tenant_id, tenantId), sql`${resourcesTypes.id}::text in ${ids}`, eq(resourcesTypes.del, 0)),
    );
  return new Set(rows.map((r) => r.id));
}
