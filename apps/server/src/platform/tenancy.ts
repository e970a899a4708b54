import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tenants } from '../modules/tenants/tenants.tables.ts';
import type { TenantRef } from './context.ts';
import { onChange } from './events.ts';
import { isUuid } from './ids.ts';

type TenantRow = typeof tenants.$inferSelect;

export function toTenantRef(row: TenantRow): TenantRef {
  return { id: row.id, key: row.tenant_key, timeZone: row.time_zone, isSuper: row.is_super };
}

/**
 * The tenant a request acts in when no token says so: the `x-tenant` header (a tenant key),
 * else a tenant whose domains list the request's host, else the deployment's first tenant.
 * Every anonymous request asks, so the tenants are read once per TENANT_CACHE_MS (forgotten at
 * once on a change notification of a tenant); a key not among them is looked up (a tenant made
 * meanwhile).
 */
export async function resolveTenant(
  db: Db,
  hint: { key?: string | null; host?: string | null },
): Promise<TenantRef | null> {
  const rows = await allTenants(db);
  if (hint.key) {
    const known = rows.find((t) => t.tenant_key === hint.key);
    if (known) return toTenantRef(known);
    const [row] = await db.select().from(tenants).where(eq(tenants.tenant_key, hint.key)).limit(1);
    return row ? toTenantRef(row) : null;
  }
  const host = hint.host?.split(':')[0]?.toLowerCase();
  const byHost = host
    ? rows.find((t) =>
        t.domains
          .split(',')
          .map((d) => d.trim())
          .includes(host),
      )
    : undefined;
  const row = byHost ?? rows[0];
  return row ? toTenantRef(row) : null;
}

/** The tenants (oldest first) as read last, per database, and until when they are reused. */
const tenantLists = new WeakMap<Db, { rows: TenantRow[]; until: number; generation: number }>();

async function allTenants(db: Db): Promise<TenantRow[]> {
  const now = Date.now();
  const hit = tenantLists.get(db);
  if (hit && hit.until > now && hit.generation === generation) return hit.rows;
  const started = generation;
  const rows = await db.select().from(tenants).orderBy(asc(tenants.create_time));
  // a change announced while reading may not be in what was read: kept only when none was
  if (started === generation) tenantLists.set(db, { rows, until: now + TENANT_CACHE_MS, generation });
  return rows;
}

/**
 * How long a tenant found by id is reused without reading it again. A change reaches every
 * instance as a change notification (platform/events.ts) within a second; this lifetime bounds
 * how stale an instance gets only while it is not listening.
 */
export const TENANT_CACHE_MS = 5_000;
const tenantsById = new Map<string, { ref: TenantRef; until: number }>();
/** Bumped by every forget: a read that began before one is not kept (it may have read the old row). */
let generation = 0;

onChange((change) => {
  if (change.kind === 'tenant') {
    generation++;
    tenantsById.delete(change.id);
  } else if (change.kind === 'all') {
    generation++;
    tenantsById.clear();
  }
});

/**
 * The tenant with this id. Every authenticated request asks, so a found tenant is reused for
 * up to TENANT_CACHE_MS, until a change to it is announced (`announce`, platform/events.ts); the
 * requests asking while it is being read (a burst once it expired) share that one read.
 */
export async function findTenantById(db: Db, id: string): Promise<TenantRef | null> {
  if (!isUuid(id)) return null;
  const hit = tenantsById.get(id);
  if (hit && hit.until > Date.now()) return hit.ref;
  const ofDb = readingTenants.get(db) ?? new Map<string, { read: Promise<TenantRef | null>; generation: number }>();
  readingTenants.set(db, ofDb);
  const under = ofDb.get(id);
  // a read begun before a change was announced may hold the old row: not shared after it
  if (under && under.generation === generation) return under.read;
  const reading = { read: readTenant(db, id), generation };
  ofDb.set(id, reading);
  void reading.read
    .finally(() => {
      if (ofDb.get(id) === reading) ofDb.delete(id);
    })
    .catch(() => undefined);
  return reading.read;
}

/** The reads of tenants by id under way, per database. */
const readingTenants = new WeakMap<Db, Map<string, { read: Promise<TenantRef | null>; generation: number }>>();

async function readTenant(db: Db, id: string): Promise<TenantRef | null> {
  const now = Date.now();
  const started = generation;
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  if (!row) {
    tenantsById.delete(id);
    return null;
  }
  const ref = toTenantRef(row);
  if (started !== generation) return ref;
  if (tenantsById.size > 1000) tenantsById.clear();
  tenantsById.set(id, { ref, until: now + TENANT_CACHE_MS });
  return ref;
}
