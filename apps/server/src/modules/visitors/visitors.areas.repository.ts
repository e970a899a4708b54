import { VISITOR_CATEGORY } from '@yuyue/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { isUuid } from '../../platform/ids.ts';
import { resourcesTypes } from '../resource-types/resource-types.tables.ts';
import { resources } from '../resources/resources.tables.ts';
import type { AreaName } from './visitors.areas.rules.ts';

/** A campus area that takes visitors: its daily quota is `available_number` people (0: no limit). */
export interface VisitorArea {
  id: string;
  resources_name: string;
  resources_name_en: string;
  resources_type_id: string;
  campus_name: string;
  building_name: string;
  available_number: number;
}

/**
 * The enabled, undeleted resources of enabled visitor resource types: every one, or those of
 * `ids` (an id that is not such an area is left out).
 */
export async function visitorAreas(tx: Executor, tenantId: string, ids?: readonly string[]): Promise<VisitorArea[]> {
  if (ids && ids.length === 0) return [];
  const r = resources;
  const rows = await tx
    .select({
      id: r.id,
      resources_name: r.resources_name,
      resources_name_en: r.resources_name_en,
      resources_type_id: r.resources_type_id,
      campus_name: r.campus_name,
      building_name: r.building_name,
      available_number: r.available_number,
    })
    .from(r)
    .innerJoin(resourcesTypes, eq(resourcesTypes.id, r.resources_type_id))
    .where(
      and(
        eq(r.tenant_id, tenantId),
        eq(r.del, 0),
        eq(r.state, 1),
        eq(resourcesTypes.appointment_category, VISITOR_CATEGORY),
        eq(resourcesTypes.del, 0),
        eq(resourcesTypes.state, 1),
        ids ? inArray(r.id, [...ids]) : undefined,
      ),
    )
    .orderBy(r.resources_name);
  return rows.map((row) => ({ ...row, resources_type_id: String(row.resources_type_id) }));
}

/**
 * The areas open to visitors: those of `allowed` (the overall settings' apply_school_resources)
 * that are visitor areas, or, while it names none, every visitor area.
 */
export async function offeredAreas(tx: Executor, tenantId: string, allowed: readonly string[]): Promise<VisitorArea[]> {
  return visitorAreas(tx, tenantId, allowed.length ? allowed.filter((id) => isUuid(id)) : undefined);
}

/** Resources' names by id (areas shown on visits, also those no longer open to visitors). */
export async function resourceNames(
  tx: Executor,
  tenantId: string,
  ids: readonly string[],
): Promise<Map<string, AreaName>> {
  const wanted = ids.filter((id) => isUuid(id));
  if (!wanted.length) return new Map();
  const rows = await tx
    .select({ id: resources.id, zh: resources.resources_name, en: resources.resources_name_en })
    .from(resources)
    .where(and(eq(resources.tenant_id, tenantId), inArray(resources.id, wanted)));
  return new Map(rows.map((r) => [r.id, { zh: r.zh, en: r.en }]));
}
