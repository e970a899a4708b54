import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  lt,
  lte,
  ne,
  or,
  Placeholder,
  sql,
  type SQL,
} from 'drizzle-orm';
import { getTableConfig, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import {
  planMode,
  transactionWith,
  type Db,
  type Executor,
  type TenantTransactionOptions,
  type Tx,
} from '../../db/client.ts';
import { compile, compiledCache, runCompiled, textArray, type Compiled } from '../../db/compiled.ts';
import { recordsetColumns, resultRows } from '../../db/json-rows.ts';
import { resourcesTypes } from '../resource-types/resource-types.tables.ts';
import type { ColumnCondition } from '../resources/resources.rules.ts';
import {
  appointmentCollections,
  appointmentParticipants,
  appointments,
  appointmentSlotCounters,
} from './booking.tables.ts';

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointment = Omit<typeof appointments.$inferInsert, 'tenant_id'>;
export type ParticipantRow = typeof appointmentParticipants.$inferSelect;
export type NewParticipant = Omit<typeof appointmentParticipants.$inferInsert, 'tenant_id' | 'appointment_id'>;
export type CollectionRow = typeof appointmentCollections.$inferSelect;
export type NewCollection = Omit<typeof appointmentCollections.$inferInsert, 'tenant_id' | 'appointment_id'>;

/** An active booking as availability sees it. */
export interface ActiveBooking {
  id: string;
  resources_id: string;
  starts_at: Date;
  ends_at: Date;
  appointment_user: string;
}

/** Active bookings (holding their slot) of some resources overlapping [from, to): one query. */
export async function activeBookingsOverlapping(
  tx: Executor,
  tenantId: string,
  resourceIds: string[],
  from: Date,
  to: Date,
): Promise<ActiveBooking[]> {
  if (!resourceIds.length) return [];
  const a = appointments;
  return tx
    .select({
      id: a.id,
      resources_id: a.resources_id,
      starts_at: a.starts_at,
      ends_at: a.ends_at,
      appointment_user: a.appointment_user,
    })
    .from(a)
    .where(
      and(
        eq(a.tenant_id, tenantId),
        inArray(a.resources_id, resourceIds),
        eq(a.active, true),
        lt(a.starts_at, to),
        gt(a.ends_at, from),
      ),
    );
}

/** How many of `bookings` overlap [startsAt, endsAt). */
export function overlapCount(bookings: readonly ActiveBooking[], startsAt: number, endsAt: number): number {
  return bookings.filter((b) => b.starts_at.getTime() < endsAt && startsAt < b.ends_at.getTime()).length;
}

/**
 * Inserts one row of `table` through a statement compiled once per set of columns (values
 * mapped to the driver as Drizzle would, dates as ISO text) and gives the row back: the values
 * given as they were given (the database stores them as sent) and the columns the database
 * filled (id, defaults, times), which are all the statement returns. A booking has some fifty
 * columns: returning and parsing them all cost more than the insert. Undefined when the
 * statement inserted nothing (`ON CONFLICT DO NOTHING`). Not for upserts that update.
 */
async function insertRow<T extends PgTable>(
  tx: Executor,
  table: T,
  kind: string,
  row: Record<string, unknown>,
  build: (values: Record<string, Placeholder>, returning: Record<string, AnyPgColumn>) => SQL,
): Promise<T['$inferSelect'] | undefined> {
  const keys = Object.keys(row).filter((k) => row[k] !== undefined);
  const shape = writeShape(`${kind}:${keys.join(',')}`, () => {
    const { given, filled } = columnsOf(table, keys);
    return {
      given,
      filled,
      statement: compile(
        build(Object.fromEntries(given.map(([k]) => [k, sql.placeholder(k)])), Object.fromEntries(filled)),
      ),
    };
  });
  const values: Record<string, unknown> = {};
  for (const [k, column] of shape.given) values[k] = column.mapToDriverValue(row[k]);
  const [got] = await runCompiled(tx, shape.statement, values);
  return got ? (rowOfInsert(shape, row, got) as T['$inferSelect']) : undefined;
}

/** The columns of `table` an insert gives (`keys`, in their order) and those the database fills in. */
function columnsOf(table: PgTable, keys: readonly string[]): Pick<WriteShape, 'given' | 'filled'> {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const given = keys.filter((k) => k in columns).map((k) => [k, columns[k]!] as const);
  const named = new Set(given.map(([k]) => k));
  return { given, filled: Object.entries(columns).filter(([k]) => !named.has(k)) };
}

/** An inserted row: the values given, as given, and the columns the database filled in (`got`). */
function rowOfInsert(shape: WriteShape, row: Record<string, unknown>, got: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [k] of shape.given) out[k] = row[k];
  for (const [k, column] of shape.filled) {
    const v = got[column.name];
    out[k] = v === null || v === undefined ? null : column.mapFromDriverValue(v);
  }
  return out;
}

/** A row's given columns as the database stores them, named by column (`jsonb_to_recordset`'s input). */
function driverJson(row: Record<string, unknown>, given: WriteShape['given']): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, column] of given) o[column.name] = column.mapToDriverValue(row[k]);
  return o;
}

/** What an insert of bookings returns: the id and the columns the database filled in. */
const returningOf = (filled: WriteShape['filled']) =>
  sql.join(
    [appointments.id, ...filled.map(([, c]) => c)].map((c) => sql.identifier(c.name)),
    sql`, `,
  );

interface WriteShape {
  given: (readonly [string, AnyPgColumn])[];
  filled: [string, AnyPgColumn][];
  statement: Compiled;
}

/** Per table, kind and columns given (in the order given): the statement and its columns. */
const writeShapes = new Map<string, WriteShape>();

function writeShape(key: string, make: () => WriteShape): WriteShape {
  let shape = writeShapes.get(key);
  if (!shape) {
    shape = make();
    writeShapes.set(key, shape);
  }
  return shape;
}

const compiledWrite = compiledCache();

/**
 * Inserts a booking of an exclusive resource unless an active booking overlaps it: the
 * exclusion constraint decides, `ON CONFLICT DO NOTHING` turns a conflict into no row (a
 * concurrent insert waits for the other transaction instead of deadlocking). Undefined when taken.
 */
export async function insertExclusive(
  tx: Executor,
  tenantId: string,
  values: NewAppointment,
): Promise<AppointmentRow | undefined> {
  return insertRow(tx, appointments, 'exclusive', { ...values, tenant_id: tenantId, exclusive: true }, (v, filled) =>
    tx
      .insert(appointments)
      .values(v as never)
      .onConflictDoNothing()
      .returning(filled)
      .getSQL(),
  );
}

/**
 * Inserts several bookings of exclusive resources in one statement (the occurrences of a
 * series), each unless an active booking overlaps it, those of the same request included, in
 * the order given: the rows of the same length and order, undefined for each one taken. The
 * rows travel as one JSON value (`jsonb_to_recordset`), so the statement's text does not
 * depend on their number; their ids are made here to tell which were inserted.
 */
export async function insertExclusiveMany(
  tx: Executor,
  tenantId: string,
  list: readonly NewAppointment[],
): Promise<(AppointmentRow | undefined)[]> {
  if (list.length <= 1) return Promise.all(list.map((values) => insertExclusive(tx, tenantId, values)));
  const rows = list.map((values) => ({ ...values, id: randomUUID(), tenant_id: tenantId, exclusive: true }));
  const keys = Object.keys(rows[0]!).filter((k) => rows[0]![k as keyof (typeof rows)[0]] !== undefined);
  const shape = writeShape(`exclusive-many:${keys.join(',')}`, () => {
    const { given, filled } = columnsOf(appointments, keys);
    const { names, types } = recordsetColumns(given.map(([, c]) => c));
    return {
      given,
      filled,
      statement: compile(
        sql`insert into ${appointments} (${names}) select ${names} from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
          as x(${types}) on conflict do nothing returning ${returningOf(filled)}`,
      ),
    };
  });
  const json = rows.map((row) => driverJson(row, shape.given));
  const got = await runCompiled(tx, shape.statement, { rows: JSON.stringify(json) });
  const byId = new Map(got.map((g) => [String(g.id), g]));
  return rows.map((row) => {
    const g = byId.get(row.id);
    return g ? (rowOfInsert(shape, row, g) as AppointmentRow) : undefined;
  });
}

/**
 * Inserts bookings that hold nothing yet (inactive: no seat taken, outside the exclusion
 * constraint) and, in the SAME statement, a row of `companion.table` for each, naming its
 * booking in `appointment_id` (another module's record of it: the ballot's entry): one round
 * trip however many. Rows travel as JSON (`jsonb_to_recordset`), ids are made here; the
 * statement is compiled once per shape. With a `guard` (a condition on its own placeholders,
 * `key` naming its shape), nothing is written unless it holds when the statement runs. Gives
 * the new bookings' ids in the order given, or none when the guard did not hold.
 */
export async function insertInactiveWith(
  tx: Executor,
  tenantId: string,
  list: readonly NewAppointment[],
  companion: { table: PgTable; rows: readonly Record<string, unknown>[] },
  guard?: { key: string; where: SQL; values: Record<string, unknown> },
): Promise<{ id: string }[]> {
  const rows = list.map((values) => ({ ...values, id: randomUUID(), tenant_id: tenantId, active: false }));
  if (!rows.length) return [];
  const keys = Object.keys(rows[0]!).filter((k) => rows[0]![k as keyof (typeof rows)[0]] !== undefined);
  const mates: Record<string, unknown>[] = companion.rows.map((r, i) => ({
    ...r,
    tenant_id: tenantId,
    appointment_id: rows[i]!.id,
  }));
  const mateKeys = Object.keys(mates[0]!).filter((k) => mates[0]![k] !== undefined);
  const mateColumns = getTableColumns(companion.table) as Record<string, AnyPgColumn>;
  const mateGiven = mateKeys.filter((k) => k in mateColumns).map((k) => [k, mateColumns[k]!] as const);
  const shape = writeShape(
    `inactive-with:${keys.join(',')}:${getTableConfig(companion.table).name}:${mateKeys.join(',')}:${guard?.key ?? ''}`,
    () => {
      const { given, filled } = columnsOf(appointments, keys);
      const { names, types } = recordsetColumns(given.map(([, c]) => c));
      const mate = recordsetColumns(mateGiven.map(([, c]) => c));
      return {
        given,
        filled,
        statement: compile(
          sql`with b as (insert into ${appointments} (${names}) select ${names} from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
            as x(${types}) where ${guard?.where ?? sql`true`} returning ${appointments.id}),
          m as (insert into ${companion.table} (${mate.names}) select ${mate.names} from jsonb_to_recordset(${sql.placeholder('mates')}::jsonb)
            as x(${mate.types}) where x.appointment_id in (select id from b))
          select * from b`,
        ),
      };
    },
  );
  const got = await runCompiled(tx, shape.statement, {
    ...guard?.values,
    rows: JSON.stringify(rows.map((r) => driverJson(r, shape.given))),
    mates: JSON.stringify(mates.map((r) => driverJson(r, mateGiven))),
  });
  // all or none: the guard held for every row, or for none
  return got.length ? rows.map((row) => ({ id: row.id })) : [];
}

/**
 * Takes `seats` seats (default one) of a capacity slot in one statement: inserts the slot's
 * counter with them taken, or, when it exists, `taken = taken + seats WHERE taken + seats <=
 * capacity`. False when they do not fit (the conditional update matched nothing). `capacity`
 * must be at least 1. The booking engine's capacity bookings and the visitor areas' daily
 * quotas both take their seats here.
 */
export async function takeSeat(
  tx: Executor,
  tenantId: string,
  slot: { resources_id: string; starts_at: Date; ends_at: Date; capacity: number; seats?: number },
): Promise<boolean> {
  const seats = slot.seats ?? 1;
  if (seats < 1) return true;
  if (seats > slot.capacity) return false;
  const c = appointmentSlotCounters;
  const taken = compiledWrite('seat', () =>
    tx
      .insert(c)
      .values({
        tenant_id: sql.placeholder('tenant'),
        resources_id: sql.placeholder('resource'),
        starts_at: sql.placeholder('startsAt'),
        ends_at: sql.placeholder('endsAt'),
        capacity: sql.placeholder('capacity'),
        taken: sql`${sql.placeholder('seats')}::integer`,
      } as never)
      .onConflictDoUpdate({
        target: [c.resources_id, c.starts_at, c.ends_at],
        set: { taken: sql`${c.taken} + excluded.taken`, capacity: sql`excluded.capacity` },
        setWhere: sql`${c.taken} + excluded.taken <= excluded.capacity`,
      })
      .returning({ taken: c.taken })
      .getSQL(),
  );
  const rows = await runCompiled(tx, taken, {
    tenant: tenantId,
    resource: slot.resources_id,
    startsAt: slot.starts_at.toISOString(),
    endsAt: slot.ends_at.toISOString(),
    capacity: slot.capacity,
    seats,
  });
  return rows.length > 0;
}

/** Gives back the seats (default one) a capacity booking or a visit held. */
export async function releaseSeat(
  tx: Executor,
  tenantId: string,
  slot: { resources_id: string; starts_at: Date; ends_at: Date; seats?: number },
): Promise<void> {
  const c = appointmentSlotCounters;
  const seats = slot.seats ?? 1;
  await tx
    .update(c)
    .set({ taken: sql`greatest(${c.taken} - ${seats}, 0)` })
    .where(
      and(
        eq(c.tenant_id, tenantId),
        eq(c.resources_id, slot.resources_id),
        eq(c.starts_at, slot.starts_at),
        eq(c.ends_at, slot.ends_at),
        gt(c.taken, 0),
      ),
    );
}

/** Seats taken of a slot's counter (0 when none was ever taken). */
export async function seatsTaken(
  tx: Executor,
  tenantId: string,
  slot: { resources_id: string; starts_at: Date; ends_at: Date },
): Promise<number> {
  const c = appointmentSlotCounters;
  const rows = await tx
    .select({ taken: c.taken })
    .from(c)
    .where(
      and(
        eq(c.tenant_id, tenantId),
        eq(c.resources_id, slot.resources_id),
        eq(c.starts_at, slot.starts_at),
        eq(c.ends_at, slot.ends_at),
      ),
    );
  return rows[0]?.taken ?? 0;
}

/** The seats taken of a resource's slot counters starting in [from, to), by `startsAt|endsAt` (epoch ms). */
export async function seatsTakenOf(
  tx: Executor,
  tenantId: string,
  resourceId: string,
  from: Date,
  to: Date,
): Promise<Map<string, number>> {
  const c = appointmentSlotCounters;
  const rows = await tx
    .select({ starts_at: c.starts_at, ends_at: c.ends_at, taken: c.taken })
    .from(c)
    .where(and(eq(c.tenant_id, tenantId), eq(c.resources_id, resourceId), gte(c.starts_at, from), lt(c.starts_at, to)));
  return new Map(rows.map((r) => [`${r.starts_at.getTime()}|${r.ends_at.getTime()}`, r.taken]));
}

/** Inserts a booking of a capacity resource (its seat already taken). */
export async function insertShared(tx: Executor, tenantId: string, values: NewAppointment): Promise<AppointmentRow> {
  const row = await insertRow(
    tx,
    appointments,
    'shared',
    { ...values, tenant_id: tenantId, exclusive: false },
    (v, filled) =>
      tx
        .insert(appointments)
        .values(v as never)
        .returning(filled)
        .getSQL(),
  );
  return row!;
}

export async function insertParticipants(
  tx: Executor,
  tenantId: string,
  appointmentId: string,
  rows: NewParticipant[],
): Promise<void> {
  if (!rows.length) return;
  await tx
    .insert(appointmentParticipants)
    .values(rows.map((r) => ({ ...r, tenant_id: tenantId, appointment_id: appointmentId })));
}

export async function insertCollections(
  tx: Executor,
  tenantId: string,
  appointmentId: string,
  rows: NewCollection[],
): Promise<void> {
  if (!rows.length) return;
  await tx
    .insert(appointmentCollections)
    .values(rows.map((r) => ({ ...r, tenant_id: tenantId, appointment_id: appointmentId })));
}

/** How the booking engine's transactions run (`withTenant`'s options): with generic plans. */
export const engineTransaction: TenantTransactionOptions = { genericPlans: true };

/**
 * Runs a booker's submit in a transaction that enters the tenant (as `withTenant` does: the
 * application role and `app.tenant_id`, transaction-local) and takes the booker's advisory lock
 * in the same round trip. The lock serialises the submits of one booker (any resource) until the
 * transaction ends, so per-person limits hold under concurrent submits of the same user. Runs as
 * `engineTransaction`.
 */
export async function withBookerLock<T>(
  db: Db,
  tenantId: string,
  account: string,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  return transactionWith(
    db,
    enterAndLock,
    { tenant: tenantId, key: bookerKey(tenantId, account), ...planMode(engineTransaction) },
    fn,
  );
}

const enterAndLock = compile(
  sql`select set_config('app.tenant_id', ${sql.placeholder('tenant')}, true), set_config('role', 'yuyue_app', true),
    set_config('plan_cache_mode', ${sql.placeholder('plan')}, true),
    pg_advisory_xact_lock(hashtextextended(${sql.placeholder('key')}, 0))`,
);

const bookerKey = (tenantId: string, account: string) => `yy-booker:${tenantId}:${account}`;

/** Takes the booker's lock (`withBookerLock`) in a transaction already in the tenant. */
export async function lockBooker(tx: Executor, tenantId: string, account: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${bookerKey(tenantId, account)}, 0))`);
}

/**
 * Takes several bookers' locks (`withBookerLock`) in one statement, in a fixed order (two
 * transactions locking overlapping sets cannot each wait for the other).
 */
export async function lockBookers(tx: Executor, tenantId: string, accounts: readonly string[]): Promise<void> {
  if (!accounts.length) return;
  const keys = [...new Set(accounts.map((a) => bookerKey(tenantId, a)))].sort();
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from unnest(${textArray(keys)}::text[]) as k order by k`,
  );
}

/**
 * Tries several bookers' locks (`withBookerLock`) in one statement without waiting for any: gives
 * the accounts whose lock another transaction holds (the others are held until the transaction
 * ends). For a transaction that must wait for no booker: the ballot's draw, which holds its date's
 * lock meanwhile while a booker's submit may wait for that lock holding its own.
 */
export async function tryLockBookers(tx: Executor, tenantId: string, accounts: readonly string[]): Promise<string[]> {
  if (!accounts.length) return [];
  const byKey = new Map(accounts.map((a) => [bookerKey(tenantId, a), a]));
  const busy = await tx.execute(
    sql`select k from unnest(${textArray([...byKey.keys()])}::text[]) as k where not pg_try_advisory_xact_lock(hashtextextended(k, 0))`,
  );
  return resultRows(busy).map((r) => byKey.get(String(r.k))!);
}

/**
 * What a per-person limit counts of the booker's active bookings: those dated from..to (of one
 * resource or of one type), or the unfinished ones of a type (to be performed, ending after
 * `after`).
 */
export type BookerWindow =
  | { kind: 'dated'; from: string; to: string; resourceId?: string; typeId?: string }
  | { kind: 'unfinished'; typeId: string; after: Date };

/** The booker's active bookings in each window, counted in one statement. */
export async function countBookerBookings(
  tx: Executor,
  tenantId: string,
  account: string,
  windows: readonly BookerWindow[],
): Promise<number[]> {
  if (!windows.length) return [];
  // compiled once per shape of the windows (their kinds and filters), values as placeholders
  const shape = windows
    .map((w) => (w.kind === 'dated' ? `d${w.resourceId ? 'r' : ''}${w.typeId ? 't' : ''}` : 'u'))
    .join(',');
  const c = compiledCounts(shape, () => {
    const a = appointments;
    const counts = windows.map((w, i) => {
      const p = (name: string) => sql.placeholder(`${name}${i}`);
      const conds: SQL[] =
        w.kind === 'dated'
          ? [gte(a.appointment_date, p('from')), lte(a.appointment_date, p('to'))]
          : [eq(a.resources_type_id, p('type')), eq(a.appointment_state, '0'), sql`${a.ends_at} > ${p('after')}`];
      if (w.kind === 'dated' && w.resourceId) conds.push(eq(a.resources_id, p('resource')));
      if (w.kind === 'dated' && w.typeId) conds.push(eq(a.resources_type_id, p('type')));
      return sql`(count(*) filter (where ${and(...conds)}))::int as ${sql.identifier(`n${i}`)}`;
    });
    return sql`select ${sql.join(counts, sql`, `)} from ${a} where ${and(
      eq(a.tenant_id, sql.placeholder('tenant')),
      eq(a.appointment_user, sql.placeholder('account')),
      sql`${a.active}`,
    )}`;
  });
  const values: Record<string, unknown> = { tenant: tenantId, account };
  windows.forEach((w, i) => {
    if (w.kind === 'dated') {
      Object.assign(values, { [`from${i}`]: w.from, [`to${i}`]: w.to });
      if (w.resourceId) values[`resource${i}`] = w.resourceId;
      if (w.typeId) values[`type${i}`] = w.typeId;
    } else Object.assign(values, { [`type${i}`]: w.typeId, [`after${i}`]: w.after.toISOString() });
  });
  const [row = {}] = await runCompiled(tx, c, values);
  return windows.map((_, i) => Number(row[`n${i}`] ?? 0));
}

const compiledCounts = compiledCache();

/** Whether an active booking counts under a window (`countBookerBookings`' condition, in memory). */
export function countsIn(
  w: BookerWindow,
  b: Pick<AppointmentRow, 'appointment_date' | 'resources_id' | 'resources_type_id' | 'appointment_state' | 'ends_at'>,
): boolean {
  if (w.kind === 'unfinished') {
    return b.resources_type_id === w.typeId && b.appointment_state === '0' && b.ends_at.getTime() > w.after.getTime();
  }
  return (
    b.appointment_date >= w.from &&
    b.appointment_date <= w.to &&
    (!w.resourceId || b.resources_id === w.resourceId) &&
    (!w.typeId || b.resources_type_id === w.typeId)
  );
}

/**
 * `countBookerBookings` for several bookers in one statement: per account (all of `accounts`,
 * matched exactly), its active bookings in each window.
 */
export async function countBookersBookings(
  tx: Executor,
  tenantId: string,
  accounts: readonly string[],
  windows: readonly BookerWindow[],
): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>(accounts.map((a) => [a, windows.map(() => 0)]));
  if (!windows.length || !accounts.length) return out;
  const a = appointments;
  const counts = windows.map((w) => {
    const conds: SQL[] =
      w.kind === 'dated'
        ? [gte(a.appointment_date, w.from), lte(a.appointment_date, w.to)]
        : [eq(a.resources_type_id, w.typeId), eq(a.appointment_state, '0'), gt(a.ends_at, w.after)];
    if (w.kind === 'dated' && w.resourceId) conds.push(eq(a.resources_id, w.resourceId));
    if (w.kind === 'dated' && w.typeId) conds.push(eq(a.resources_type_id, w.typeId));
    return sql<number>`(count(*) filter (where ${and(...conds)}))::int`;
  });
  const rows = await tx
    .select({ account: a.appointment_user, counts: sql<number[]>`array[${sql.join(counts, sql`, `)}]` })
    .from(a)
    .where(
      and(
        eq(a.tenant_id, tenantId),
        sql`${a.appointment_user} = any(${textArray(accounts)}::text[])`,
        eq(a.active, true),
      ),
    )
    .groupBy(a.appointment_user);
  for (const r of rows) out.set(r.account, r.counts.map(Number));
  return out;
}

/**
 * Successful bookings per resource (the contract's `totalSuccessReserveCounts`): valid, not
 * deleted, and not refused or awaiting approval; past and future alike.
 */
export async function successfulBookingCounts(
  tx: Executor,
  tenantId: string,
  resourceIds: readonly string[],
): Promise<Map<string, number>> {
  if (!resourceIds.length) return new Map();
  const a = appointments;
  const rows = await tx
    .select({ id: a.resources_id, n: sql<number>`count(*)::int` })
    .from(a)
    .where(
      and(
        eq(a.tenant_id, tenantId),
        inArray(a.resources_id, [...resourceIds]),
        eq(a.state, '0'),
        eq(a.del, 0),
        inArray(a.audit_status, ['0', '2']),
      ),
    )
    .groupBy(a.resources_id);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** One booking; `forUpdate` locks its row until the transaction ends. */
export async function findAppointment(
  tx: Executor,
  tenantId: string,
  id: string,
  forUpdate = false,
): Promise<AppointmentRow | undefined> {
  const q = tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.tenant_id, tenantId), eq(appointments.id, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** Marks a booking cancelled (state '1'); it stops holding its slot. */
export async function markCancelled(
  tx: Executor,
  tenantId: string,
  id: string,
  cancel: { reason: string; by: string; at: Date },
): Promise<AppointmentRow | undefined> {
  const [row] = await tx
    .update(appointments)
    .set({
      state: '1',
      active: false,
      cancel_reason: cancel.reason,
      cancel_user: cancel.by,
      cancel_time: cancel.at,
      update_time: cancel.at,
    })
    .where(and(eq(appointments.tenant_id, tenantId), eq(appointments.id, id), eq(appointments.state, '0')))
    .returning();
  return row;
}

/**
 * Columns the booking lists filter on: api-contract 4's (eq, in), then the booker's (eq, in, and
 * like: part of the value, case-insensitive) for the back office: account, name, department code
 * and name, and `booker` (the account or the name matches).
 */
export const appointmentFilterColumns = [
  'id',
  'resources_id',
  'resources_type_id',
  'resources_number',
  'appointment_date',
  'audit_status',
  'state',
  'appointment_state',
  'appointment_user',
  'appointment_user_name',
  'dept_code',
  'dept_name',
  'booker',
] as const;
export type AppointmentFilter = Partial<Record<(typeof appointmentFilterColumns)[number], ColumnCondition>>;

export interface AppointmentQuery {
  filter: AppointmentFilter;
  /** Only bookings made by or for this account. */
  account: string;
  dateFrom?: string;
  dateTo?: string;
  /** Only bookings that went through approval. */
  onlyFlow?: boolean;
}

export interface AppointmentListRow extends AppointmentRow {
  resources_type_name: string;
  resources_type_name_en: string;
}

/** Filter columns that also take `like` (the contract's columns keep eq and in only). */
const likeFilterColumns: ReadonlySet<string> = new Set([
  'appointment_user',
  'appointment_user_name',
  'dept_code',
  'dept_name',
  'booker',
]);

function columnConds(col: AnyPgColumn, c: ColumnCondition, withLike = false): SQL[] {
  const out: SQL[] = [];
  if (c.eq !== undefined) out.push(eq(col, c.eq));
  if (c.in !== undefined) out.push(c.in.length ? inArray(col, c.in) : sql`false`);
  // `%`, `_` and `\` of the searched text are literal.
  if (withLike && c.like !== undefined) out.push(sql`${col} ilike ${`%${c.like.replace(/[\\%_]/g, '\\$&')}%`}`);
  return out;
}

/** The SQL conditions of a booking filter map (`booker`: the account or the name meets them). */
export function appointmentFilterConds(filter: AppointmentFilter): SQL[] {
  const a = appointments;
  const out: SQL[] = [];
  for (const column of appointmentFilterColumns) {
    const c = filter[column];
    if (!c) continue;
    const like = likeFilterColumns.has(column);
    if (column !== 'booker') out.push(...columnConds(a[column], c, like));
    else {
      const on = (col: AnyPgColumn) => and(...columnConds(col, c, like)) ?? sql`true`;
      out.push(or(on(a.appointment_user), on(a.appointment_user_name))!);
    }
  }
  return out;
}

/** A page of a user's bookings, latest date first, with their type names. */
export async function pageAppointments(
  tx: Executor,
  tenantId: string,
  q: AppointmentQuery,
  page: { limit: number; offset: number },
): Promise<{ rows: AppointmentListRow[]; total: number }> {
  const a = appointments;
  const conds: SQL[] = [
    eq(a.tenant_id, tenantId),
    eq(a.del, 0),
    or(eq(a.appointment_user, q.account), eq(a.created_user, q.account))!,
  ];
  conds.push(...appointmentFilterConds(q.filter));
  if (q.dateFrom) conds.push(gte(a.appointment_date, q.dateFrom));
  if (q.dateTo) conds.push(lte(a.appointment_date, q.dateTo));
  if (q.onlyFlow) conds.push(ne(a.audit_status, '0'));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    tx
      .select({
        appointment: a,
        resources_type_name: resourcesTypes.resources_name,
        resources_type_name_en: resourcesTypes.resources_name_en,
      })
      .from(a)
      .leftJoin(resourcesTypes, eq(resourcesTypes.id, a.resources_type_id))
      .where(where)
      .orderBy(desc(a.starts_at), asc(a.id))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ n: count() }).from(a).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r.appointment,
      resources_type_name: r.resources_type_name ?? '',
      resources_type_name_en: r.resources_type_name_en ?? '',
    })),
    total: total?.n ?? 0,
  };
}

/** Participants and collected values of some bookings, by booking id. */
export async function childrenOf(tx: Executor, tenantId: string, ids: string[]) {
  const participants = new Map<string, ParticipantRow[]>();
  const collections = new Map<string, CollectionRow[]>();
  if (!ids.length) return { participants, collections };
  const [ps, cs] = await Promise.all([
    tx
      .select()
      .from(appointmentParticipants)
      .where(and(eq(appointmentParticipants.tenant_id, tenantId), inArray(appointmentParticipants.appointment_id, ids)))
      .orderBy(asc(appointmentParticipants.create_time), asc(appointmentParticipants.id)),
    tx
      .select()
      .from(appointmentCollections)
      .where(and(eq(appointmentCollections.tenant_id, tenantId), inArray(appointmentCollections.appointment_id, ids)))
      .orderBy(asc(appointmentCollections.create_time), asc(appointmentCollections.id)),
  ]);
  for (const p of ps) participants.set(p.appointment_id, [...(participants.get(p.appointment_id) ?? []), p]);
  for (const c of cs) collections.set(c.appointment_id, [...(collections.get(c.appointment_id) ?? []), c]);
  return { participants, collections };
}
