import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { AppointmentRow } from '../booking/booking.repository.ts';
import { appointments } from '../booking/booking.tables.ts';
import { resourcesTypes } from '../resource-types/resource-types.tables.ts';
import { resources } from '../resources/resources.tables.ts';
import { resourcesRuleTemplates } from '../rules/rules.tables.ts';
import type { RuleConfig } from '../rules/rules.columns.ts';
import { appointmentSigns, checkinCodeUses, checkinKeys } from './checkin.tables.ts';

export type SignRow = typeof appointmentSigns.$inferSelect;
type SignValues = Partial<Omit<typeof appointmentSigns.$inferInsert, 'tenant_id' | 'appointment_id'>>;

/** The tenant's code-signing secret; made (first insert wins) when `create` and missing. */
export async function tenantSecret(
  tx: Executor,
  tenantId: string,
  make: (() => string) | null,
): Promise<string | null> {
  const read = async () =>
    (await tx.select({ secret: checkinKeys.secret }).from(checkinKeys).where(eq(checkinKeys.tenant_id, tenantId)))[0]
      ?.secret ?? null;
  const found = await read();
  if (found || !make) return found;
  await tx.insert(checkinKeys).values({ tenant_id: tenantId, secret: make() }).onConflictDoNothing();
  return read();
}

/** What decides a resource's check-in rules: its own or its template's config, and its type's fields. */
export interface CheckInRuleRow {
  id: string;
  resources_name: string;
  resources_name_en: string;
  state: number;
  del: number;
  rule_config: RuleConfig;
  type: {
    punctuality_rule: string;
    deviation_minutes: number;
    earliest_punctuality_rule: string;
    earliest_deviation_minutes: number;
    sign_out_rule: string;
  } | null;
}

/** The check-in rule sources of some resources (all of the tenant's when `ids` is undefined): one query. */
export async function checkInRuleRows(tx: Executor, tenantId: string, ids?: string[]): Promise<CheckInRuleRow[]> {
  if (ids && !ids.length) return [];
  const r = resources;
  const tpl = resourcesRuleTemplates;
  const t = resourcesTypes;
  const rows = await tx
    .select({
      id: r.id,
      resources_name: r.resources_name,
      resources_name_en: r.resources_name_en,
      state: r.state,
      del: r.del,
      rule_source: r.rule_source,
      own: r.rule_config,
      template: tpl.rule_config,
      punctuality_rule: t.punctuality_rule,
      deviation_minutes: t.deviation_minutes,
      earliest_punctuality_rule: t.earliest_punctuality_rule,
      earliest_deviation_minutes: t.earliest_deviation_minutes,
      sign_out_rule: t.sign_out_rule,
    })
    .from(r)
    .leftJoin(tpl, and(eq(tpl.id, r.rule_template_id), eq(tpl.tenant_id, tenantId)))
    .leftJoin(t, and(eq(t.id, r.resources_type_id), eq(t.tenant_id, tenantId)))
    .where(and(eq(r.tenant_id, tenantId), ids ? inArray(r.id, ids) : undefined));
  return rows.map((x) => ({
    id: x.id,
    resources_name: x.resources_name,
    resources_name_en: x.resources_name_en,
    state: x.state,
    del: x.del,
    // A template that turns out missing falls back to the resource's own rules (as the booking engine reads them).
    rule_config: (x.rule_source === '1' && x.template ? x.template : x.own) ?? {},
    type:
      x.punctuality_rule === null
        ? null
        : {
            punctuality_rule: x.punctuality_rule,
            deviation_minutes: x.deviation_minutes ?? 0,
            earliest_punctuality_rule: x.earliest_punctuality_rule ?? '',
            earliest_deviation_minutes: x.earliest_deviation_minutes ?? 0,
            sign_out_rule: x.sign_out_rule ?? '',
          },
  }));
}

/**
 * Records the single use of a voucher code; false when it was used already. Of two
 * simultaneous uses the second waits for the first and then finds the nonce taken.
 */
export async function consumeCode(
  tx: Executor,
  tenantId: string,
  use: { nonce: string; appointment_id: string; used_time: Date; expires_at: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(checkinCodeUses)
    .values({ ...use, tenant_id: tenantId })
    .onConflictDoNothing()
    .returning({ nonce: checkinCodeUses.nonce });
  return rows.length === 1;
}

/** Forgets used codes that expired before `before` (they are refused as expired anyway). */
export async function sweepCodeUses(tx: Executor, tenantId: string, before: Date): Promise<number> {
  const rows = await tx
    .delete(checkinCodeUses)
    .where(and(eq(checkinCodeUses.tenant_id, tenantId), lt(checkinCodeUses.expires_at, before)))
    .returning({ nonce: checkinCodeUses.nonce });
  return rows.length;
}

export interface BookingWithSign extends AppointmentRow {
  sign: SignRow | null;
}

/** A booking with its check-in record; `forUpdate` locks the booking until the transaction ends. */
export async function bookingWithSign(
  tx: Executor,
  tenantId: string,
  id: string,
  forUpdate = false,
): Promise<BookingWithSign | undefined> {
  const q = tx
    .select({ a: appointments, s: appointmentSigns })
    .from(appointments)
    .leftJoin(appointmentSigns, eq(appointmentSigns.appointment_id, appointments.id))
    .where(and(eq(appointments.tenant_id, tenantId), eq(appointments.id, id)));
  const [row] = forUpdate ? await q.for('update', { of: appointments }) : await q;
  return row ? { ...row.a, sign: row.s } : undefined;
}

/** The caller's bookings (not deleted) of one resource starting in [from, to), with check-in records. */
export async function userBookingsAt(
  tx: Executor,
  tenantId: string,
  account: string,
  resourceId: string,
  from: Date,
  to: Date,
): Promise<BookingWithSign[]> {
  const a = appointments;
  const rows = await tx
    .select({ a, s: appointmentSigns })
    .from(a)
    .leftJoin(appointmentSigns, eq(appointmentSigns.appointment_id, a.id))
    .where(
      and(
        eq(a.tenant_id, tenantId),
        eq(a.resources_id, resourceId),
        eq(a.appointment_user, account),
        eq(a.del, 0),
        gte(a.starts_at, from),
        lt(a.starts_at, to),
      ),
    )
    .orderBy(asc(a.starts_at));
  return rows.map((r) => ({ ...r.a, sign: r.s }));
}

/** Bookings still to be performed and confirmed (valid, approved or needing no approval, not deleted). */
function toPerform(tenantId: string): SQL {
  const a = appointments;
  return and(eq(a.tenant_id, tenantId), eq(a.state, '0'), inArray(a.audit_status, ['0', '2']), eq(a.del, 0))!;
}

/**
 * Marks a booking performed (appointment_state '1') if it is still in state `from` ('0' to be
 * performed, or '2' a no-show being corrected): one conditional update, so of two check-ins of
 * one booking at once exactly one changes it. Undefined when it was not in that state.
 */
export async function markPerformed(
  tx: Executor,
  tenantId: string,
  id: string,
  from: '0' | '2',
  at: Date,
): Promise<AppointmentRow | undefined> {
  const a = appointments;
  const [row] = await tx
    .update(a)
    .set({ appointment_state: '1', update_time: at })
    .where(and(toPerform(tenantId), eq(a.id, id), eq(a.appointment_state, from)))
    .returning();
  return row;
}

/**
 * Marks bookings still to be performed and holding their slot no-shows (appointment_state '2'):
 * one conditional update, so each is marked once however many markers run at once. Returns
 * those it marked; the caller frees their slots.
 */
export async function markMissed(tx: Executor, tenantId: string, ids: string[], at: Date): Promise<AppointmentRow[]> {
  if (!ids.length) return [];
  const a = appointments;
  return tx
    .update(a)
    .set({ appointment_state: '2', update_time: at })
    .where(and(toPerform(tenantId), inArray(a.id, ids), eq(a.appointment_state, '0'), eq(a.active, true)))
    .returning();
}

/** Writes a booking's check-in record (created at its first event; the given columns replaced). */
export async function upsertSign(
  tx: Executor,
  tenantId: string,
  booking: Pick<AppointmentRow, 'id' | 'resources_id' | 'appointment_user'>,
  values: SignValues,
): Promise<void> {
  await tx
    .insert(appointmentSigns)
    .values({
      tenant_id: tenantId,
      appointment_id: booking.id,
      resources_id: booking.resources_id,
      appointment_user: booking.appointment_user,
      ...values,
    })
    .onConflictDoUpdate({ target: appointmentSigns.appointment_id, set: values });
}

/** Records a check-out unless one is recorded already (conditional: of two at once one wins). */
export async function recordSignOut(
  tx: Executor,
  tenantId: string,
  appointmentId: string,
  values: Pick<SignValues, 'sign_out_time' | 'sign_out_way' | 'sign_out_user' | 'sign_out_user_name' | 'update_time'>,
): Promise<boolean> {
  const s = appointmentSigns;
  const rows = await tx
    .update(s)
    .set(values)
    .where(
      and(
        eq(s.tenant_id, tenantId),
        eq(s.appointment_id, appointmentId),
        isNotNull(s.sign_in_time),
        isNull(s.sign_out_time),
      ),
    )
    .returning({ id: s.appointment_id });
  return rows.length === 1;
}

/** Which bookings of a group of resources to look at for no-shows: when their check-in closes. */
export interface NoShowGroup {
  resourceIds: string[];
  /** Check-in closes this many minutes after the start (at most at the end); 0: at the end. */
  latestMinutes: number;
}

/**
 * Bookings whose check-in closed in (from, now] and that are still to be performed, holding
 * their slot and not checked in: the no-show job's candidates, oldest first.
 */
export async function noShowCandidates(
  tx: Executor,
  tenantId: string,
  group: NoShowGroup,
  now: Date,
  from: Date,
  limit: number,
): Promise<{ id: string; appointment_user: string }[]> {
  if (!group.resourceIds.length) return [];
  const a = appointments;
  const lateness = group.latestMinutes * 60_000;
  // closes = min(start + lateness, end) with lateness > 0, else end.
  const closedByNow =
    lateness > 0 ? or(lte(a.starts_at, new Date(now.getTime() - lateness)), lte(a.ends_at, now))! : lte(a.ends_at, now);
  const closedAfterFrom =
    lateness > 0
      ? and(gt(a.starts_at, new Date(from.getTime() - lateness)), gt(a.ends_at, from))!
      : gt(a.ends_at, from);
  return tx
    .select({ id: a.id, appointment_user: a.appointment_user })
    .from(a)
    .where(
      and(
        toPerform(tenantId),
        inArray(a.resources_id, group.resourceIds),
        eq(a.appointment_state, '0'),
        eq(a.active, true),
        closedByNow,
        closedAfterFrom,
      ),
    )
    .orderBy(asc(a.starts_at), asc(a.id))
    .limit(limit);
}

/** Columns of the sign list's filter map. */
export const signFilterColumns = [
  'resources_id',
  'resources_type_id',
  'appointment_date',
  'appointment_state',
  'appointment_user',
] as const;
export type SignFilter = Partial<Record<(typeof signFilterColumns)[number], { eq?: string; in?: string[] }>>;

export interface SignQuery {
  filter: SignFilter;
  dateFrom?: string;
  dateTo?: string;
  /** Substring of the booker's account or name. */
  keyword?: string;
  /** '0' to check in, '1' checked in, '2' checked out, '3' no-show. */
  signState?: string;
  /** Only the bookings of the resources the caller administers (resource-admins.ts); all when absent. */
  managed?: SQL;
}

/**
 * A page of the tenant's confirmed bookings (valid, approved or needing no approval, not
 * deleted, not terminated) with their check-in records, latest first.
 */
export async function pageSigns(
  tx: Executor,
  tenantId: string,
  q: SignQuery,
  page: { limit: number; offset: number },
): Promise<{ rows: BookingWithSign[]; total: number }> {
  const a = appointments;
  const s = appointmentSigns;
  const conds: SQL[] = [toPerform(tenantId), inArray(a.appointment_state, ['0', '1', '2'])];
  for (const column of signFilterColumns) {
    const c = q.filter[column];
    if (!c) continue;
    if (c.eq !== undefined) conds.push(eq(a[column], c.eq));
    if (c.in !== undefined) conds.push(c.in.length ? inArray(a[column], c.in) : sql`false`);
  }
  if (q.dateFrom) conds.push(gte(a.appointment_date, q.dateFrom));
  if (q.dateTo) conds.push(lte(a.appointment_date, q.dateTo));
  if (q.keyword) {
    const pattern = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(a.appointment_user, pattern), ilike(a.appointment_user_name, pattern))!);
  }
  if (q.signState === '0') conds.push(eq(a.appointment_state, '0'));
  else if (q.signState === '1') conds.push(eq(a.appointment_state, '1'), isNull(s.sign_out_time));
  else if (q.signState === '2') conds.push(eq(a.appointment_state, '1'), isNotNull(s.sign_out_time));
  else if (q.signState === '3') conds.push(eq(a.appointment_state, '2'));
  else if (q.signState) conds.push(sql`false`);
  if (q.managed) conds.push(q.managed);
  const where = and(...conds);
  const rows = await tx
    .select({ a, s })
    .from(a)
    .leftJoin(s, eq(s.appointment_id, a.id))
    .where(where)
    .orderBy(desc(a.starts_at), asc(a.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(a).leftJoin(s, eq(s.appointment_id, a.id)).where(where);
  return { rows: rows.map((r) => ({ ...r.a, sign: r.s })), total: total?.n ?? 0 };
}

/** The instants some accounts' bookings were marked no-shows since `since` (still no-shows now). */
export async function noShowTimes(
  tx: Executor,
  tenantId: string,
  accounts: string[],
  since: Date,
): Promise<Map<string, number[]>> {
  if (!accounts.length) return new Map();
  const s = appointmentSigns;
  const rows = await tx
    .select({ account: s.appointment_user, at: s.missed_time })
    .from(s)
    .innerJoin(appointments, eq(appointments.id, s.appointment_id))
    .where(
      and(
        eq(s.tenant_id, tenantId),
        inArray(s.appointment_user, accounts),
        isNotNull(s.missed_time),
        gt(s.missed_time, since),
        eq(appointments.appointment_state, '2'),
      ),
    );
  const out = new Map<string, number[]>();
  for (const r of rows) out.set(r.account, [...(out.get(r.account) ?? []), r.at!.getTime()]);
  return out;
}
