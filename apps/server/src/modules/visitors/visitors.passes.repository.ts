import { and, asc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appointments } from '../booking/booking.tables.ts';
import {
  visitorAppointments,
  visitorEntries,
  visitorLongTerms,
  visitorOverallSettings,
  visitorPasses,
  visitorPassKeys,
} from './visitors.tables.ts';
import { nameContains } from './visitors.appointments.repository.ts';

/** Entry passes, their signing keys and gate entries: the only Drizzle user of those tables. */

export type LongTermRow = typeof visitorLongTerms.$inferSelect;
export type PassRow = typeof visitorPasses.$inferSelect;
export type PassKeyRow = typeof visitorPassKeys.$inferSelect;

const lock = (tx: Executor, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);

/** Serialises making a tenant's signing key (first need, rotation) across requests and instances. */
export async function lockPassKeys(tx: Executor, tenantId: string): Promise<void> {
  await lock(tx, `visitor-pass-keys:${tenantId}`);
}

/** Serialises issuing the pass of one visit or long-term visitor (one pass per window). */
export async function lockPassRef(tx: Executor, tenantId: string, refId: string): Promise<void> {
  await lock(tx, `visitor-pass:${tenantId}:${refId}`);
}

/** Serialises entries of one pass at one place (the repeat flag), keys taken in sorted order. */
export async function lockEntryPlaces(tx: Executor, tenantId: string, keys: readonly string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) await lock(tx, `visitor-entry:${tenantId}:${key}`);
}

/** The overall setting is_visitor_qr_code (1 when the tenant saved no settings). */
export async function qrCodeSetting(tx: Executor, tenantId: string): Promise<number> {
  const [row] = await tx
    .select({ v: visitorOverallSettings.is_visitor_qr_code })
    .from(visitorOverallSettings)
    .where(eq(visitorOverallSettings.tenant_id, tenantId));
  return row ? row.v : 1;
}

/** What a pass needs of a booking: its state, its current window and its booker. */
export async function findBooking(tx: Executor, tenantId: string, id: string) {
  const a = appointments;
  const [row] = await tx
    .select({
      state: a.state,
      active: a.active,
      del: a.del,
      appointment_state: a.appointment_state,
      starts_at: a.starts_at,
      ends_at: a.ends_at,
      created_user: a.created_user,
      appointment_user: a.appointment_user,
    })
    .from(a)
    .where(and(eq(a.tenant_id, tenantId), eq(a.id, id)));
  return row ?? null;
}

/** A long-term visitor. */
export async function findLongTerm(tx: Executor, tenantId: string, id: string): Promise<LongTermRow | null> {
  const [row] = await tx
    .select()
    .from(visitorLongTerms)
    .where(and(eq(visitorLongTerms.tenant_id, tenantId), eq(visitorLongTerms.id, id)));
  return row ?? null;
}

/** Long-term visitors of a person type (or any) whose name contains `name` (or any), by name; at most `limit`. */
export async function searchLongTerms(
  tx: Executor,
  tenantId: string,
  personType: string,
  name: string,
  limit: number,
): Promise<LongTermRow[]> {
  const l = visitorLongTerms;
  return tx
    .select()
    .from(l)
    .where(
      and(
        eq(l.tenant_id, tenantId),
        personType ? eq(l.person_type, personType) : undefined,
        name ? nameContains(l.user_name, name) : undefined,
      ),
    )
    .orderBy(asc(l.user_name), asc(l.id))
    .limit(limit);
}

// ---------------------------------------------------------------- keys

/** The key that signs new passes: the newest unretired one. */
export async function signingKey(tx: Executor, tenantId: string): Promise<PassKeyRow | null> {
  const k = visitorPassKeys;
  const [row] = await tx
    .select()
    .from(k)
    .where(and(eq(k.tenant_id, tenantId), isNull(k.retired_at)))
    .orderBy(sql`${k.create_time} desc`, sql`${k.id} desc`)
    .limit(1);
  return row ?? null;
}

/** A key by its kid (retired or not). */
export async function keyByKid(tx: Executor, tenantId: string, kid: string): Promise<PassKeyRow | null> {
  const k = visitorPassKeys;
  const [row] = await tx
    .select()
    .from(k)
    .where(and(eq(k.tenant_id, tenantId), eq(k.kid, kid)));
  return row ?? null;
}

/** Stores a new key; false when the kid is taken (the caller draws another). */
export async function insertKey(
  tx: Executor,
  tenantId: string,
  key: { kid: string; public_key: string; private_key_enc: string; create_time: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(visitorPassKeys)
    .values({ tenant_id: tenantId, ...key })
    .onConflictDoNothing()
    .returning({ id: visitorPassKeys.id });
  return rows.length === 1;
}

/** Retires every signing key of the tenant at `at`; returns their kids. */
export async function retireKeys(tx: Executor, tenantId: string, at: Date): Promise<string[]> {
  const k = visitorPassKeys;
  const rows = await tx
    .update(k)
    .set({ retired_at: at })
    .where(and(eq(k.tenant_id, tenantId), isNull(k.retired_at)))
    .returning({ kid: k.kid });
  return rows.map((r) => r.kid);
}

/** The keys gates need: every unretired key and every retired key that signed a pass not yet expired. */
export async function publishedKeys(tx: Executor, tenantId: string, now: Date) {
  const k = visitorPassKeys;
  const p = visitorPasses;
  return tx
    .select({ kid: k.kid, public_key: k.public_key })
    .from(k)
    .where(
      and(
        eq(k.tenant_id, tenantId),
        or(
          isNull(k.retired_at),
          sql`exists (select 1 from ${p} where ${p.tenant_id} = ${k.tenant_id} and ${p.kid} = ${k.kid} and ${p.valid_to} > ${now})`,
        ),
      ),
    )
    .orderBy(asc(k.create_time), asc(k.kid));
}

// ---------------------------------------------------------------- passes

/** The unrevoked pass of a visit or long-term visitor for exactly this window and these areas. */
export async function findCurrentPass(
  tx: Executor,
  tenantId: string,
  ref: { refId: string; kind: string; from: Date; to: Date; areas: string },
): Promise<PassRow | null> {
  const p = visitorPasses;
  const [row] = await tx
    .select()
    .from(p)
    .where(
      and(
        eq(p.tenant_id, tenantId),
        eq(p.ref_id, ref.refId),
        eq(p.kind, ref.kind),
        eq(p.valid_from, ref.from),
        eq(p.valid_to, ref.to),
        eq(p.areas, ref.areas),
        isNull(p.revoked_at),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Whether a visit or long-term visitor has unrevoked passes (for other windows than the current one). */
export async function hasUnrevokedPasses(tx: Executor, tenantId: string, refId: string): Promise<boolean> {
  const p = visitorPasses;
  const rows = await tx
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.tenant_id, tenantId), eq(p.ref_id, refId), isNull(p.revoked_at)))
    .limit(1);
  return rows.length > 0;
}

/** Stores an issued pass. */
export async function insertPass(
  tx: Executor,
  tenantId: string,
  pass: { serial: string; kind: string; ref_id: string; kid: string; areas: string; valid_from: Date; valid_to: Date },
): Promise<PassRow> {
  const [row] = await tx
    .insert(visitorPasses)
    .values({ tenant_id: tenantId, ...pass })
    .returning();
  return row!;
}

/** A pass by its serial. */
export async function passBySerial(tx: Executor, tenantId: string, serial: string): Promise<PassRow | null> {
  const [row] = await tx
    .select()
    .from(visitorPasses)
    .where(and(eq(visitorPasses.tenant_id, tenantId), eq(visitorPasses.serial, serial)));
  return row ?? null;
}

/**
 * Passes whose visit, booking or long-term visitor no longer admits them, though nobody revoked
 * them explicitly: the visit is not approved (any more) or deleted or moved; the booking is
 * cancelled, rejected, terminated, missed, deleted or moved to another window; the long-term
 * visitor is disabled or deleted. Derived here, so the booking engine never has to call us.
 */
function withoutGroundSql(): SQL {
  const p = visitorPasses;
  const v = visitorAppointments;
  const b = appointments;
  const l = visitorLongTerms;
  return sql`(
    (${p.kind} in ('visit', 'booking') and not exists (
      select 1 from ${v} where ${v.tenant_id} = ${p.tenant_id} and ${v.id} = ${p.ref_id}
        and ${v.del} = 0 and ${v.state} = 2
        and (${p.kind} = 'booking' or (${v.valid_from} = ${p.valid_from} and ${v.valid_to} = ${p.valid_to}))
        and (${p.kind} = 'visit' or exists (
          select 1 from ${b} where ${b.tenant_id} = ${v.tenant_id} and ${b.id} = ${v.booking_id}
            and ${b.state} = '0' and ${b.active} and ${b.del} = 0 and ${b.appointment_state} in ('0', '1')
            and ${b.starts_at} = ${p.valid_from} and ${b.ends_at} = ${p.valid_to}))))
    or (${p.kind} = 'longTerm' and not exists (
      select 1 from ${l} where ${l.tenant_id} = ${p.tenant_id} and ${l.id} = ${p.ref_id} and ${l.is_enable} = 1))
  )`;
}

/** The serials gates must refuse: revoked or without ground (see above), and still inside their window. */
export async function revokedSerials(tx: Executor, tenantId: string, now: Date): Promise<string[]> {
  const p = visitorPasses;
  const rows = await tx
    .select({ serial: p.serial })
    .from(p)
    .where(
      and(eq(p.tenant_id, tenantId), gt(p.valid_to, now), or(sql`${p.revoked_at} is not null`, withoutGroundSql())),
    )
    .orderBy(asc(p.serial));
  return rows.map((r) => r.serial);
}

/** A pass by serial with whether it lost its ground (revoked_at is on the row). */
export async function passWithGround(tx: Executor, tenantId: string, serial: string) {
  const p = visitorPasses;
  const [row] = await tx
    .select({ pass: p, groundless: sql<boolean>`${withoutGroundSql()}` })
    .from(p)
    .where(and(eq(p.tenant_id, tenantId), eq(p.serial, serial)));
  return row ? { pass: row.pass, groundless: row.groundless === true } : null;
}

// ---------------------------------------------------------------- entries

/**
 * Whether an entry of the pass at the place is already stored since `from` (its window's start).
 * Any such entry, earlier or later: entries queued offline arrive out of order, and of two sent
 * at once the one stored second is the repeat (the calls are serialised per pass and place).
 */
export async function priorEntry(
  tx: Executor,
  tenantId: string,
  q: { serial: string; place: string; from: Date },
): Promise<boolean> {
  const e = visitorEntries;
  const rows = await tx
    .select({ id: e.id })
    .from(e)
    .where(
      and(
        eq(e.tenant_id, tenantId),
        eq(e.pass_serial, q.serial),
        eq(e.arrival_place, q.place),
        sql`${e.arrive_time} >= ${q.from}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The stored entries of these entry keys (key -> id). */
export async function entriesByKey(tx: Executor, tenantId: string, keys: readonly string[]) {
  if (!keys.length) return new Map<string, string>();
  const e = visitorEntries;
  const rows = await tx
    .select({ id: e.id, entry_key: e.entry_key })
    .from(e)
    .where(and(eq(e.tenant_id, tenantId), inArray(e.entry_key, [...keys])));
  return new Map(rows.map((r) => [r.entry_key, r.id]));
}

/** Where a gate entry came from (`visitor_lists.data_source`): the page at once, an import, a gate's offline queue. */
export const ENTRY_SOURCE = { page: 1, imported: 2, synced: 3 } as const;
export type EntrySource = (typeof ENTRY_SOURCE)[keyof typeof ENTRY_SOURCE];

/** Stores an entry once per entry key: its id, or null when the key was stored before. */
export async function insertEntry(
  tx: Executor,
  tenantId: string,
  entry: {
    entry_key: string;
    apply_id: string | null;
    pass_serial: string;
    visitor_id: string | null;
    visitor_name: string;
    arrive_time: Date;
    arrival_place: string;
    repeat: boolean;
    recorded_by: string;
    data_source: EntrySource;
  },
): Promise<string | null> {
  const rows = await tx
    .insert(visitorEntries)
    .values({ tenant_id: tenantId, ...entry })
    .onConflictDoNothing({ target: [visitorEntries.tenant_id, visitorEntries.entry_key] })
    .returning({ id: visitorEntries.id });
  return rows[0]?.id ?? null;
}

/** Entries of the tenant (tests and the visitor list read them). */
export async function entriesOfSerial(tx: Executor, tenantId: string, serial: string) {
  const e = visitorEntries;
  return tx
    .select()
    .from(e)
    .where(and(eq(e.tenant_id, tenantId), eq(e.pass_serial, serial), ne(e.entry_key, '')))
    .orderBy(asc(e.arrive_time));
}
