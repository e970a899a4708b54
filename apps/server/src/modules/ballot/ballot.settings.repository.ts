import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { resourcesTypes } from '../resource-types/resource-types.tables.ts';
import { resources } from '../resources/resources.tables.ts';
import { ballotSettings } from './ballot.tables.ts';

/*
 * The release settings of many resources at once (docs/GLOSSARY.md "Ballot"): the back office's
 * page "release settings of my resources" reads each resource with its own settings row and its
 * type's, so the settings in force (ballot.submit.ts `effectiveSetting`) come with the page.
 */

/** A resource's own settings row and its type's, each left-joined (null when none). */
const own = alias(ballotSettings, 'own_setting');
const ofType = alias(ballotSettings, 'type_setting');

/** The mode in force, as `effectiveSetting` decides it: the resource's own, else its type's, else race. */
const modeInForce = sql<string>`coalesce(${own.release_mode}, ${ofType.release_mode}, 'race')`;

export interface ResourceSettingQuery {
  /** Only the resources the caller administers (resource-admins.ts); all when absent. */
  managed?: SQL;
  /** Part of the name (either language) or the number. */
  keyword?: string;
  /** Only the resources whose mode in force is this one. */
  mode?: 'race' | 'ballot';
}

/** `%text%` for ILIKE, its wildcards taken literally (backslash is the default escape). */
const containsPattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Joins a resource's own settings row and its type's to a select from `resources`. */
function withSettings<Q extends PgSelect>(q: Q) {
  const r = resources;
  return q
    .leftJoin(own, and(eq(own.tenant_id, r.tenant_id), eq(own.target_kind, 'resource'), eq(own.target_id, r.id)))
    .leftJoin(
      ofType,
      and(eq(ofType.tenant_id, r.tenant_id), eq(ofType.target_kind, 'type'), eq(ofType.target_id, r.resources_type_id)),
    );
}

function whereOf(tenantId: string, q: ResourceSettingQuery): SQL {
  const r = resources;
  const conds: SQL[] = [eq(r.tenant_id, tenantId)];
  if (q.managed) conds.push(q.managed);
  if (q.keyword) {
    const p = containsPattern(q.keyword);
    conds.push(
      or(
        sql`${r.resources_name} ilike ${p}`,
        sql`${r.resources_name_en} ilike ${p}`,
        sql`${r.resources_number} ilike ${p}`,
      )!,
    );
  }
  if (q.mode) conds.push(sql`${modeInForce} = ${q.mode}`);
  return and(...conds)!;
}

/** A page of resources (by order, then name) with their type's names and both settings rows, and how many match. */
export async function pageResourceSettings(
  tx: Executor,
  tenantId: string,
  q: ResourceSettingQuery,
  page: { limit: number; offset: number },
) {
  const r = resources;
  const where = whereOf(tenantId, q);
  const rows = await withSettings(
    tx
      .select({
        id: r.id,
        resources_name: r.resources_name,
        resources_name_en: r.resources_name_en,
        resources_number: r.resources_number,
        resources_type_id: r.resources_type_id,
        resources_type_name: sql<string>`coalesce(${resourcesTypes.resources_name}, '')`,
        resources_type_name_en: sql<string>`coalesce(${resourcesTypes.resources_name_en}, '')`,
        state: r.state,
        own,
        ofType,
      })
      .from(r)
      .leftJoin(
        resourcesTypes,
        and(eq(resourcesTypes.tenant_id, r.tenant_id), eq(resourcesTypes.id, r.resources_type_id)),
      )
      .$dynamic(),
  )
    .where(where)
    .orderBy(asc(r.order), asc(r.resources_name), asc(r.id))
    .limit(page.limit)
    .offset(page.offset);
  const [n] = await withSettings(tx.select({ n: count() }).from(r).$dynamic()).where(where);
  return { rows, total: n?.n ?? 0 };
}

/** The type of each of some resources of the tenant (those that exist). */
export async function typesOfResources(
  tx: Executor,
  tenantId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: resources.id, type: resources.resources_type_id })
    .from(resources)
    .where(and(eq(resources.tenant_id, tenantId), inArray(resources.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.type]));
}
