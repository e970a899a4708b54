import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { compiledCache, runCompiled } from '../../db/compiled.ts';
import { rowsFromJson } from '../../db/json-rows.ts';
import { textArray } from '../../db/compiled.ts';
import type { BundleExtra } from '../booking/booking.resources.repository.ts';
import { appointments } from '../booking/booking.tables.ts';
import { resources } from '../resources/resources.tables.ts';
import { ballotDraws, ballotEntries, ballotSettings } from './ballot.tables.ts';

export type BallotSettingRow = typeof ballotSettings.$inferSelect;
export type BallotDrawRow = typeof ballotDraws.$inferSelect;
export type BallotEntryRow = typeof ballotEntries.$inferSelect;
export type AppointmentRow = typeof appointments.$inferSelect;

/** `column = any(ids)`: one parameter however many ids (an IN list takes one each). */
const idIn = (column: AnyPgColumn, ids: readonly string[]) => sql`${column} = any(${`{${ids.join(',')}}`}::uuid[])`;

/** The settings rows of some targets (a resource and its type), any kind. */
export async function settingsOf(tx: Executor, tenantId: string, targetIds: string[]): Promise<BallotSettingRow[]> {
  if (!targetIds.length) return [];
  const s = ballotSettings;
  return tx
    .select()
    .from(s)
    .where(and(eq(s.tenant_id, tenantId), inArray(s.target_id, targetIds)));
}

const compiledEntering = compiledCache();

/** What entering a date's ballot reads of it: drawn, entries awaiting the draw, the person's waiting entries. */
export interface EntryState {
  drawn: boolean;
  waiting: number;
  mine: { slot: string; appointment_id: string }[];
}

/** The placeholders of the entering statements. */
const P = {
  tenant: sql.placeholder('tenant'),
  resource: sql.placeholder('resource'),
  date: sql.placeholder('date'),
  person: sql.placeholder('person'),
  key: sql.placeholder('key'),
};

/** Whether the date was drawn (a condition on the entering statements' placeholders). */
const drawnSql = () => {
  const d = ballotDraws;
  return sql`exists (select 1 from ${d} where ${d.tenant_id} = ${P.tenant}::uuid and ${d.resources_id} = ${P.resource}::uuid
    and ${d.appointment_date} = ${P.date})`;
};

/** The columns `drawn`, `waiting` and `mine` of `EntryState` (names prefixed), each computed only when `when` holds. */
function stateColumns(when: SQL, prefix = ''): Record<string, SQL> {
  const e = ballotEntries;
  const a = appointments;
  const date = sql`${e.tenant_id} = ${P.tenant}::uuid and ${e.resources_id} = ${P.resource}::uuid and ${e.appointment_date} = ${P.date}`;
  return {
    [`${prefix}drawn`]: sql`case when ${when} then ${drawnSql()} end`,
    [`${prefix}waiting`]: sql`case when ${when} then (select count(*)::int from ${e} where ${date} and ${e.draw_id} is null) end`,
    [`${prefix}mine`]: sql`case when ${when} then (select coalesce(json_agg(json_build_object('slot', ${e.slot}, 'appointment_id', ${e.appointment_id})), '[]'::json)
      from ${e} join ${a} on ${a.id} = ${e.appointment_id}
      where ${date} and ${e.person} = ${P.person} and ${e.draw_id} is null and ${a.state} = '0' and ${a.audit_status} = '4') end`,
  };
}

function stateOf(row: Record<string, unknown>): EntryState {
  const mine = (typeof row.mine === 'string' ? JSON.parse(row.mine) : row.mine) as EntryState['mine'] | null;
  return { drawn: row.drawn === true, waiting: Number(row.waiting ?? 0), mine: mine ?? [] };
}

/**
 * What entering reads, as columns of the booking engine's read of the resource and the caller
 * (`submitStages.sceneExtra`: no round trip of its own, and none added to a race submit): the
 * settings rows of the resource and its type and, when the setting in force (the resource's own,
 * else its type's) is the ballot, the date's ballot lock taken shared (it waits for a running
 * draw of the date) and the date's state (`EntryState`). The state is read with the statement's
 * snapshot, taken before the lock was granted: it may miss a draw that ended meanwhile, so a
 * write that depends on the date not being drawn checks it again in its own statement
 * (`notDrawn`), and a refusal that depends on it reads it again (`entryState`). Read them back
 * with `enteringOf`.
 */
export function enteringExtra(tenantId: string, resourceId: string, isoDate: string, person: string): BundleExtra {
  return {
    key: 'ballot-entering',
    columns: enteringColumns(),
    values: { resource: resourceId, date: isoDate, person, key: drawKey(tenantId, resourceId, isoDate) },
  };
}

let enteringColumnsBuilt: Record<string, SQL> | undefined;

function enteringColumns(): Record<string, SQL> {
  if (enteringColumnsBuilt) return enteringColumnsBuilt;
  const s = ballotSettings;
  const r = resources;
  const type = sql`(select ${r.resources_type_id} from ${r} where ${r.tenant_id} = ${P.tenant}::uuid and ${r.id} = ${P.resource}::uuid)`;
  const mine = sql`${s.tenant_id} = ${P.tenant}::uuid and ((${s.target_kind} = 'resource' and ${s.target_id} = ${P.resource}::uuid)
    or (${s.target_kind} = 'type' and ${s.target_id} = ${type}))`;
  const ballot = sql`(select ${s.release_mode} from ${s} where ${mine} order by ${s.target_kind} = 'resource' desc limit 1) = 'ballot'`;
  enteringColumnsBuilt = {
    ballot_settings: sql`(select coalesce(json_agg(${s}), '[]'::json) from ${s} where ${mine})`,
    ballot_locked: sql`case when ${ballot} then (select true from pg_advisory_xact_lock_shared(hashtextextended(${P.key}, 0))) else false end`,
    ...stateColumns(ballot, 'ballot_'),
  };
  return enteringColumnsBuilt;
}

/** What `enteringExtra`'s columns gave. */
export function enteringOf(extra: Record<string, unknown>): { rows: BallotSettingRow[]; state: EntryState | null } {
  if (!('ballot_settings' in extra)) throw new Error('the ballot was not read with the scene (enteringExtra)');
  return {
    rows: rowsFromJson(ballotSettings, extra.ballot_settings),
    state:
      extra.ballot_locked === true
        ? stateOf({ drawn: extra.ballot_drawn, waiting: extra.ballot_waiting, mine: extra.ballot_mine })
        : null,
  };
}

/** The date's state (`EntryState`) read afresh, in one statement (the date's lock held). */
export async function entryState(
  tx: Executor,
  tenantId: string,
  where: { resourceId: string; isoDate: string; person: string },
): Promise<EntryState> {
  const statement = compiledEntering('entry-state', () => {
    const columns = Object.entries(stateColumns(sql`true`)).map(([name, c]) => sql`${c} as ${sql.identifier(name)}`);
    return sql`select ${sql.join(columns, sql`, `)}`;
  });
  const [row = {}] = await runCompiled(tx, statement, {
    tenant: tenantId,
    resource: where.resourceId,
    date: where.isoDate,
    person: where.person,
  });
  return stateOf(row);
}

/**
 * A guard for writing entries (`insertInactiveWith`): the date is not drawn, checked by the
 * writing statement itself (its own snapshot, the date's lock held).
 */
export function notDrawn(tenantId: string, resourceId: string, isoDate: string) {
  return {
    key: 'ballot-not-drawn',
    where: sql`not ${drawnSql()}`,
    values: { tenant: tenantId, resource: resourceId, date: isoDate },
  };
}

/** Creates or replaces the settings of one target. */
export async function upsertSetting(
  tx: Executor,
  tenantId: string,
  row: Pick<
    BallotSettingRow,
    'target_kind' | 'target_id' | 'release_mode' | 'window_minutes' | 'weighted' | 'max_wins_per_person' | 'update_user'
  >,
): Promise<BallotSettingRow> {
  const s = ballotSettings;
  const at = new Date();
  const [saved] = await tx
    .insert(s)
    .values({ ...row, tenant_id: tenantId, update_time: at })
    .onConflictDoUpdate({
      target: [s.tenant_id, s.target_kind, s.target_id],
      set: {
        release_mode: row.release_mode,
        window_minutes: row.window_minutes,
        weighted: row.weighted,
        max_wins_per_person: row.max_wins_per_person,
        update_user: row.update_user,
        update_time: at,
      },
    })
    .returning();
  return saved!;
}

/** Removes one target's own settings (it then follows its type's, or the default). */
export async function deleteSetting(tx: Executor, tenantId: string, kind: string, targetId: string) {
  const s = ballotSettings;
  await tx.delete(s).where(and(eq(s.tenant_id, tenantId), eq(s.target_kind, kind), eq(s.target_id, targetId)));
}

/**
 * The key of a resource's date's ballot lock: entries take it shared, the draw exclusive. Entering
 * takes it after its bookers' locks (`withBookerLock`, `lockBookers`); the draw takes it first and
 * then waits for no other lock (`lockDateExclusive`), so the two orders never meet in a deadlock.
 */
const drawKey = (tenantId: string, resourceId: string, isoDate: string) =>
  `yy-ballot:${tenantId}:${resourceId}:${isoDate}`;

/**
 * Holds the date's ballot alone until the transaction ends (entering waits). The draw's first
 * lock: holding it, the draw only tries the locks it needs next (`tryLockBookers`, and its
 * entries' bookings without waiting: `lockEntryBookings`, `refuseEntries`), for a booker's submit
 * may be waiting for this lock while holding its booker's.
 */
export async function lockDateExclusive(tx: Executor, tenantId: string, resourceId: string, isoDate: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${drawKey(tenantId, resourceId, isoDate)}, 0))`);
}

/** Holds the date's ballot shared until the transaction ends (a draw waits; entering does not). */
export async function lockDateShared(tx: Executor, tenantId: string, resourceId: string, isoDate: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock_shared(hashtextextended(${drawKey(tenantId, resourceId, isoDate)}, 0))`,
  );
}

/**
 * What a batch of entries reads of a resource's date, in one statement (the date's lock held):
 * whether it was drawn, and the entries of the batch's persons still waiting for the draw
 * (`EntryState.mine`, for many).
 */
export async function batchState(
  tx: Executor,
  tenantId: string,
  resourceId: string,
  isoDate: string,
  persons: readonly string[],
): Promise<{ drawn: boolean; mine: { person: string; slot: string; appointment_id: string }[] }> {
  const statement = compiledEntering('batch-state', () => {
    const e = ballotEntries;
    const a = appointments;
    return sql`select ${drawnSql()} as drawn, (select coalesce(json_agg(json_build_object('person', ${e.person},
      'slot', ${e.slot}, 'appointment_id', ${e.appointment_id})), '[]'::json)
      from ${e} join ${a} on ${a.id} = ${e.appointment_id}
      where ${e.tenant_id} = ${P.tenant}::uuid and ${e.resources_id} = ${P.resource}::uuid and ${e.appointment_date} = ${P.date}
        and ${e.person} = any(${P.person}::text[]) and ${e.draw_id} is null and ${a.state} = '0' and ${a.audit_status} = '4') as mine`;
  });
  const [row = {}] = await runCompiled(tx, statement, {
    tenant: tenantId,
    resource: resourceId,
    date: isoDate,
    person: textArray(persons),
  });
  const mine = typeof row.mine === 'string' ? JSON.parse(row.mine) : row.mine;
  return {
    drawn: row.drawn === true,
    mine: (mine ?? []) as { person: string; slot: string; appointment_id: string }[],
  };
}

/** The settings rows of a resource and its type as a column of the engine's read (`BundleExtra`). */
export function settingsExtra(resourceId: string): BundleExtra {
  return {
    key: 'ballot-settings',
    columns: { ballot_settings: enteringColumns().ballot_settings! },
    values: { resource: resourceId },
  };
}

/** What `settingsExtra`'s column gave. */
export function settingsFrom(extra: Record<string, unknown>): BallotSettingRow[] {
  if (!('ballot_settings' in extra)) throw new Error('the settings were not read with the scene (settingsExtra)');
  return rowsFromJson(ballotSettings, extra.ballot_settings);
}

/**
 * The resources a ballot setting names, directly or through their type (a hint only: a
 * resource's own `race` under a type's `ballot` is among them; what decides is read again).
 */
export async function ballotResourceIds(tx: Executor, tenantId: string): Promise<string[]> {
  const s = ballotSettings;
  const r = resources;
  const rows = await tx
    .select({ id: r.id })
    .from(s)
    .innerJoin(
      r,
      and(
        eq(r.tenant_id, s.tenant_id),
        or(
          and(eq(s.target_kind, 'resource'), eq(r.id, s.target_id)),
          and(eq(s.target_kind, 'type'), eq(r.resources_type_id, s.target_id)),
        ),
      ),
    )
    .where(and(eq(s.tenant_id, tenantId), eq(s.release_mode, 'ballot')));
  return rows.map((x) => x.id);
}

/** Whether a resource's date was drawn, and how many entries await a draw: one statement. */
export async function dateState(
  tx: Executor,
  tenantId: string,
  resourceId: string,
  isoDate: string,
): Promise<{ drawn: boolean; waiting: number }> {
  const e = ballotEntries;
  const d = ballotDraws;
  const [row] = await tx
    .select({
      drawn: sql<boolean>`exists (select 1 from ${d} where ${d.tenant_id} = ${tenantId} and ${d.resources_id} = ${resourceId} and ${d.appointment_date} = ${isoDate})`,
      waiting: sql<number>`(select count(*)::int from ${e} where ${e.tenant_id} = ${tenantId} and ${e.resources_id} = ${resourceId} and ${e.appointment_date} = ${isoDate} and ${e.draw_id} is null)`,
    })
    .from(sql`(select 1) as one`);
  return { drawn: !!row?.drawn, waiting: Number(row?.waiting ?? 0) };
}

/** The resources' dates whose windows closed by `now` with entries not drawn yet. */
export async function dueDates(
  tx: Executor,
  tenantId: string,
  now: Date,
): Promise<{ resources_id: string; appointment_date: string }[]> {
  const e = ballotEntries;
  return tx
    .selectDistinct({ resources_id: e.resources_id, appointment_date: e.appointment_date })
    .from(e)
    .where(and(eq(e.tenant_id, tenantId), isNull(e.draw_id), lte(e.closes_at, now)));
}

/** What the draw reads of an entry's booking. */
export type EntryBooking = Pick<
  AppointmentRow,
  | 'id'
  | 'state'
  | 'audit_status'
  | 'del'
  | 'appointment_user'
  | 'resources_type_id'
  | 'resources_name'
  | 'resources_name_en'
  | 'appointment_date'
  | 'appointment_state'
  | 'time_slot_id'
  | 'start_time'
  | 'end_time'
  | 'starts_at'
  | 'ends_at'
  | 'email'
>;

/** The entries of a date not drawn yet, each with what the draw needs of its booking. */
export async function undrawnEntries(tx: Executor, tenantId: string, resourceId: string, isoDate: string) {
  const e = ballotEntries;
  const a = appointments;
  return tx
    .select({
      entry: {
        id: e.id,
        person: e.person,
        slot: e.slot,
        create_time: e.create_time,
        closes_at: e.closes_at,
      },
      booking: {
        id: a.id,
        state: a.state,
        audit_status: a.audit_status,
        del: a.del,
        appointment_user: a.appointment_user,
        resources_type_id: a.resources_type_id,
        resources_name: a.resources_name,
        resources_name_en: a.resources_name_en,
        appointment_date: a.appointment_date,
        appointment_state: a.appointment_state,
        time_slot_id: a.time_slot_id,
        start_time: a.start_time,
        end_time: a.end_time,
        starts_at: a.starts_at,
        ends_at: a.ends_at,
        email: a.email,
      },
    })
    .from(e)
    .innerJoin(a, eq(a.id, e.appointment_id))
    .where(
      and(
        eq(e.tenant_id, tenantId),
        eq(e.resources_id, resourceId),
        eq(e.appointment_date, isoDate),
        isNull(e.draw_id),
      ),
    )
    .orderBy(asc(e.create_time), asc(e.id));
}

/**
 * Locks the bookings of some entries the draw is about to judge (until the transaction ends:
 * they can no longer be withdrawn meanwhile) and gives the ids of those still in the ballot.
 * Waits for none (the draw holds its date's lock): one locked by another transaction fails the
 * statement with lock_not_available (55P03), and the draw is tried again.
 */
export async function lockEntryBookings(tx: Executor, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const a = appointments;
  const rows = await tx
    .select({ id: a.id })
    .from(a)
    .where(and(eq(a.tenant_id, tenantId), idIn(a.id, ids), eq(a.state, '0'), eq(a.audit_status, '4'), eq(a.del, 0)))
    .for('update', { noWait: true });
  return new Set(rows.map((r) => r.id));
}

/** Per person (of `persons`): no-shows of bookings that ended since `since`, and ballot wins entered since then. */
export async function recentRecords(
  tx: Executor,
  tenantId: string,
  persons: string[],
  since: Date,
): Promise<Map<string, { noShows: number; wins: number }>> {
  const out = new Map<string, { noShows: number; wins: number }>(persons.map((p) => [p, { noShows: 0, wins: 0 }]));
  if (!persons.length) return out;
  const a = appointments;
  const e = ballotEntries;
  const person = sql<string>`lower(btrim(${a.appointment_user}))`;
  const [missed, won] = await Promise.all([
    tx
      .select({ person, n: count() })
      .from(a)
      .where(
        and(eq(a.tenant_id, tenantId), eq(a.appointment_state, '2'), gte(a.ends_at, since), inArray(person, persons)),
      )
      .groupBy(person),
    tx
      .select({ person: e.person, n: count() })
      .from(e)
      .where(
        and(eq(e.tenant_id, tenantId), eq(e.outcome, 'won'), gte(e.create_time, since), inArray(e.person, persons)),
      )
      .groupBy(e.person),
  ]);
  for (const r of missed) out.get(r.person)!.noShows = Number(r.n);
  for (const r of won) out.get(r.person)!.wins = Number(r.n);
  return out;
}

export async function insertDraw(
  tx: Executor,
  tenantId: string,
  row: Omit<typeof ballotDraws.$inferInsert, 'tenant_id'>,
): Promise<BallotDrawRow> {
  const [saved] = await tx
    .insert(ballotDraws)
    .values({ ...row, tenant_id: tenantId })
    .returning();
  return saved!;
}

/** Records each entry's part in a draw (one statement). */
export async function recordEntries(
  tx: Executor,
  tenantId: string,
  drawId: string,
  rows: { id: string; weight: number | null; position: number | null; outcome: string; refusal: string }[],
): Promise<void> {
  if (!rows.length) return;
  const e = ballotEntries;
  await tx.execute(sql`update ${e} set draw_id = ${drawId}, weight = x.weight, position = x.position,
    outcome = x.outcome, refusal = x.refusal
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id uuid, weight real, position integer, outcome text, refusal text)
    where ${e.tenant_id} = ${tenantId} and ${e.id} = x.id`);
}

/**
 * The drawn entries' bookings start holding their slots, in one statement: normal codes
 * (audit '0', or '1' awaiting approval). Gives the rows changed (those still in the ballot).
 */
export async function activateEntries(
  tx: Executor,
  tenantId: string,
  ids: readonly string[],
  set: { exclusive: boolean; audit_status: string; at: Date },
): Promise<AppointmentRow[]> {
  if (!ids.length) return [];
  const a = appointments;
  return tx
    .update(a)
    .set({ active: true, exclusive: set.exclusive, audit_status: set.audit_status, update_time: set.at })
    .where(and(eq(a.tenant_id, tenantId), idIn(a.id, ids), eq(a.state, '0'), eq(a.audit_status, '4')))
    .returning();
}

/**
 * Entries not drawn (or refused) become refused bookings (audit '3'); gives the ids of those
 * changed. Their rows are locked first without waiting (as `lockEntryBookings`: 55P03 when
 * another transaction holds one, say an administrator's change of it waiting for its booker's
 * lock, which the draw may hold), then changed in one statement.
 */
/** How long refusing the losers may wait for a row another transaction holds. */
const REFUSE_LOCK_WAIT = '100ms';

export async function refuseEntries(tx: Executor, tenantId: string, ids: string[], at: Date): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const a = appointments;
  const where = and(eq(a.tenant_id, tenantId), idIn(a.id, ids), eq(a.audit_status, '4'));
  // an entry's booking locked by another transaction (an administrator moving it, who may wait
  // for a booker's lock the draw holds) fails the draw's attempt at once (55P03) rather than
  // waiting: the draw lets go of everything and tries again (a bounded wait, not a row-locking
  // pass of its own over thousands of losers)
  await tx.execute(sql`select set_config('lock_timeout', ${REFUSE_LOCK_WAIT}, true)`);
  const rows = await tx
    .update(a)
    .set({ audit_status: '3', active: false, update_time: at })
    .where(where)
    .returning({ id: a.id });
  await tx.execute(sql`select set_config('lock_timeout', '0', true)`);
  return new Set(rows.map((r) => r.id));
}

export interface DrawFilter {
  /** The administrator's scope (a condition on the draw's resource); undefined: all. */
  scope?: SQL;
  resourceIds?: string[];
  dateFrom?: string;
  dateTo?: string;
}

/** A page of draws, latest first. */
export async function pageDraws(
  tx: Executor,
  tenantId: string,
  filter: DrawFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: BallotDrawRow[]; total: number }> {
  const d = ballotDraws;
  const conds: SQL[] = [eq(d.tenant_id, tenantId)];
  if (filter.scope) conds.push(filter.scope);
  if (filter.resourceIds)
    conds.push(filter.resourceIds.length ? inArray(d.resources_id, filter.resourceIds) : sql`false`);
  if (filter.dateFrom) conds.push(gte(d.appointment_date, filter.dateFrom));
  if (filter.dateTo) conds.push(lte(d.appointment_date, filter.dateTo));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    tx.select().from(d).where(where).orderBy(desc(d.drawn_at), asc(d.id)).limit(page.limit).offset(page.offset),
    tx.select({ n: count() }).from(d).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findDraw(tx: Executor, tenantId: string, id: string): Promise<BallotDrawRow | undefined> {
  const d = ballotDraws;
  const [row] = await tx
    .select()
    .from(d)
    .where(and(eq(d.tenant_id, tenantId), eq(d.id, id)));
  return row;
}

/** A draw's entries with their bookers, in drawn order (withdrawn and merged ones last). */
export async function entriesOfDraw(tx: Executor, tenantId: string, drawId: string) {
  const e = ballotEntries;
  const a = appointments;
  return tx
    .select({
      entry: e,
      appointment_user: a.appointment_user,
      appointment_user_name: a.appointment_user_name,
      start_time: a.start_time,
      end_time: a.end_time,
    })
    .from(e)
    .innerJoin(a, eq(a.id, e.appointment_id))
    .where(and(eq(e.tenant_id, tenantId), eq(e.draw_id, drawId)))
    .orderBy(sql`${e.position} asc nulls last`, asc(e.create_time), asc(e.id));
}

/** The entries behind some bookings made by or for `account` (with their draws, when drawn). */
export async function entriesOfBookings(tx: Executor, tenantId: string, appointmentIds: string[], account: string) {
  if (!appointmentIds.length) return [];
  const e = ballotEntries;
  const d = ballotDraws;
  const a = appointments;
  return tx
    .select({ entry: e, draw: d })
    .from(e)
    .innerJoin(a, eq(a.id, e.appointment_id))
    .leftJoin(d, eq(d.id, e.draw_id))
    .where(
      and(
        eq(e.tenant_id, tenantId),
        inArray(e.appointment_id, appointmentIds),
        or(eq(a.appointment_user, account), eq(a.created_user, account)),
      ),
    );
}

/** A person's entries of a resource's date (drawn or not). */
export async function entriesOfPerson(
  tx: Executor,
  tenantId: string,
  resourceId: string,
  isoDate: string,
  person: string,
) {
  const e = ballotEntries;
  return tx
    .select({ slot: e.slot, appointment_id: e.appointment_id, outcome: e.outcome })
    .from(e)
    .where(
      and(
        eq(e.tenant_id, tenantId),
        eq(e.resources_id, resourceId),
        eq(e.appointment_date, isoDate),
        eq(e.person, person),
      ),
    );
}

/** How many entries each slot of some resources' dates has (withdrawn and merged ones not counted). */
export async function entryCounts(
  tx: Executor,
  tenantId: string,
  keys: { resources_id: string; appointment_date: string }[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!keys.length) return out;
  const e = ballotEntries;
  const a = appointments;
  const rows = await tx
    .select({ resources_id: e.resources_id, appointment_date: e.appointment_date, slot: e.slot, n: count() })
    .from(e)
    .innerJoin(a, eq(a.id, e.appointment_id))
    .where(
      and(
        eq(e.tenant_id, tenantId),
        or(...keys.map((k) => and(eq(e.resources_id, k.resources_id), eq(e.appointment_date, k.appointment_date))))!,
        sql`${e.outcome} not in ('withdrawn', 'duplicate')`,
        or(sql`${e.draw_id} is not null`, and(eq(a.state, '0'), eq(a.audit_status, '4')))!,
      ),
    )
    .groupBy(e.resources_id, e.appointment_date, e.slot);
  for (const r of rows) out.set(`${r.resources_id}|${r.appointment_date}|${r.slot}`, Number(r.n));
  return out;
}
