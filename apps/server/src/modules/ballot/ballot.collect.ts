import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { formatDateTime } from '@yuyue/shared';
import { withTenant, type Db, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { bookingClock } from '../../platform/clock.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { onChange } from '../../platform/events.ts';
import { recordBallotBatch } from '../../platform/metrics.ts';
import { banFrom } from '../blacklist/blacklist.guard.ts';
import {
  countBookersBookings,
  engineTransaction,
  insertInactiveWith,
  lockBookers,
} from '../booking/booking.repository.ts';
import { loadBookers } from '../booking/booking.resources.repository.ts';
import { assertBookable, identityFrom, loadScene } from '../booking/booking.resources.ts';
import {
  judgeTargets,
  quotasOf,
  refuseIfBanned,
  refuseOverQuota,
  type AppointmentInput,
  type Request,
  type Target,
} from '../booking/booking.service.ts';
import { insertRequestChildren, rowOf, type SaveResult } from '../booking/booking.submit.service.ts';
import {
  ballotResourceIds,
  batchState,
  lockDateShared,
  notDrawn,
  settingsExtra,
  settingsFrom,
} from './ballot.repository.ts';
import { personOf, slotKey } from './ballot.rules.ts';
import { ballotEntries } from './ballot.tables.ts';
import { IN_BALLOT, ballotWindow, effectiveSetting, enteredTexts } from './ballot.submit.ts';

/**
 * Entering a ballot in batches (group commit). At a date's opening second hundreds of people
 * enter the same resource's ballot at once, and nothing is decided then: so the entries of one
 * resource's date that arrive while a batch is being written wait for the next batch, and each
 * batch is one transaction: the resource and its rules read once, the bookers' locks, their
 * directory positions, bans and limit counts read for all of them at once, every entry judged by
 * the engine's own rules in the engine's order (as a submit's `evaluate` and the draw judge
 * them: visibility, bookable, ban, slot rules, per-person limits), the accepted ones written in
 * one statement, and one commit. Each request is answered once its batch has committed.
 *
 * A request the batch cannot decide goes the usual way (`saveAppointments`' own transaction,
 * which enters the ballot one request at a time, or books, or refuses): the resource not in its
 * window, drawn, asking for a captcha or the frequency guard (checked per request), a batch
 * that failed (a database fault, a conflict with another instance), or a resource no longer in
 * ballot mode. So the batch only ever does faster what the usual way would do.
 */

/** The most entries one batch takes (one statement writes them: the JSON of their rows). */
const MAX_BATCH = 200;
/**
 * How many batches of one resource's date are written at once, each in its own transaction (of
 * the pool's connections), and how many waiting entries make it worth splitting them. Batches
 * at once cannot deadlock: each takes its bookers' locks in one statement, in a fixed order, then
 * the date's lock shared; a person in two of them is entered by the first to commit (the second
 * waits for that person's lock, then reads the entry).
 */
const PARALLEL_BATCHES = 4;
const SPLIT_FROM = 50;
/**
 * How old the set of resources under a ballot setting may get before it is read again (a hint:
 * see `mayCollect`). A change of a setting reaches every instance as a change notification at
 * once (`BALLOT_SETTINGS`); this lifetime bounds how stale an instance gets only while it is not
 * listening.
 */
const HINT_MS = 10_000;
/** The change notification's scope of the ballot settings (platform/events.ts `settings`). */
export const BALLOT_SETTINGS = 'ballot';

export interface CollectRequest {
  tenant: TenantRef;
  user: AuthUser;
  model: AppointmentInput;
  req: Request & { resourceId: string };
}

interface Pending extends CollectRequest {
  ctx: RequestContext;
  settle: (outcome: Outcome) => void;
}

type Outcome = { result: SaveResult } | { error: unknown } | null;

interface Queue {
  waiting: Pending[];
  running: boolean;
}

/** Per database (each app has its own): the queues by tenant, resource and date, and the hints. */
const queuesOf = new WeakMap<Db, Map<string, Queue>>();
const hintsOf = new WeakMap<Db, Map<string, Hint>>();

/**
 * Bumped by every change notification of a tenant's ballot settings (and by "anything may have
 * changed"): a hint read before it is read again, and a read under way then is not kept.
 */
const forgotten = new Map<string, number>();
let forgottenAll = 0;
const generationOf = (tenantId: string) => forgottenAll + (forgotten.get(tenantId) ?? 0);

onChange((change) => {
  if (change.kind === 'all') forgottenAll++;
  else if (change.kind === 'settings' && change.scope === BALLOT_SETTINGS) {
    forgotten.set(change.tenantId, (forgotten.get(change.tenantId) ?? 0) + 1);
  }
});

/** A tenant's resources under a ballot setting: when read, and the read under way. */
interface Hint {
  /** `performance.now()` of the read (-Infinity: never read; that clock starts with the process). */
  at: number;
  ids: Set<string> | null;
  reading: Promise<void> | null;
  /** `generationOf` the tenant when `ids` was read. */
  generation: number;
}

/**
 * `submitStages.collect`: a submit for a resource under a ballot setting is entered with the
 * other entries of its date arriving meanwhile; null when it goes the usual way.
 */
export async function collectEntry(ctx: RequestContext, request: CollectRequest): Promise<SaveResult | null> {
  if (!(await mayCollect(ctx.db, request.tenant.id, request.req.resourceId))) return null;
  const key = `${request.tenant.id}|${request.req.resourceId}|${request.req.isoDate}`;
  const queues = queuesOf.get(ctx.db) ?? new Map<string, Queue>();
  queuesOf.set(ctx.db, queues);
  let queue = queues.get(key);
  if (!queue) {
    queue = { waiting: [], running: false };
    queues.set(key, queue);
  }
  const outcome = await new Promise<Outcome>((settle) => {
    queue.waiting.push({ ...request, ctx, settle });
    if (!queue.running) void drain(ctx.db, queues, key, queue);
  });
  if (outcome && 'error' in outcome) throw outcome.error;
  return outcome ? outcome.result : null;
}

/**
 * Whether the resource is under a ballot setting, from the tenant's set of such resources, read
 * again in the background once it is `HINT_MS` old (only a tenant's first request waits for it).
 * Only a hint: a resource set to ballot since goes the usual way (whose own read sees the
 * setting) and one set back to race is sent the usual way by its batch.
 */
async function mayCollect(db: Db, tenantId: string, resourceId: string): Promise<boolean> {
  const hints = hintsOf.get(db) ?? new Map<string, Hint>();
  hintsOf.set(db, hints);
  const generation = generationOf(tenantId);
  let hint = hints.get(tenantId);
  if (hint && hint.generation !== generation && !hint.reading) {
    // a setting changed since it was read: read it again, and wait for it
    hints.delete(tenantId);
    hint = undefined;
  }
  if (!hint) {
    hint = { at: -Infinity, ids: null, reading: null, generation };
    hints.set(tenantId, hint);
  }
  if (!hint.reading && performance.now() - hint.at > HINT_MS) {
    const h = hint;
    h.reading = withTenant(db, tenantId, (tx) => ballotResourceIds(tx, tenantId))
      .then((list) => {
        // a change announced while reading may not be in what was read: read again next time
        h.generation = generation === generationOf(tenantId) ? generation : -1;
        h.ids = new Set(list);
        h.at = performance.now();
      })
      // unread (the database failing): the next request asks again; meanwhile the usual way
      .catch(() => undefined)
      .finally(() => {
        h.reading = null;
      });
  }
  if (!hint.ids && hint.reading) await hint.reading;
  return hint.ids?.has(resourceId) ?? false;
}

/**
 * Writes the queue's entries in batches until none wait. The entries arriving in the same turn
 * of the event loop as the first (a burst at the opening second arrives in one or two) wait for
 * that turn to end and are written together, in up to PARALLEL_BATCHES transactions at once
 * (bursts of the same size each: a batch's round trips overlap the others' work); requests
 * arriving meanwhile join the next round.
 */
async function drain(db: Db, queues: Map<string, Queue>, key: string, queue: Queue): Promise<void> {
  queue.running = true;
  try {
    await yieldToLoop();
    while (queue.waiting.length) {
      const waiting = Math.min(queue.waiting.length, MAX_BATCH * PARALLEL_BATCHES);
      const parts = Math.min(PARALLEL_BATCHES, Math.ceil(waiting / SPLIT_FROM));
      const size = Math.ceil(waiting / parts);
      const batches: Pending[][] = [];
      for (let taken = 0; taken < waiting; taken += size) batches.push(queue.waiting.splice(0, size));
      await Promise.all(batches.map((batch) => writeBatch(db, batch)));
    }
  } finally {
    queue.running = false;
    if (!queue.waiting.length) queues.delete(key);
  }
}

/** One batch in its transaction; each request settled with its outcome (null: the usual way). */
async function writeBatch(db: Db, batch: Pending[]): Promise<void> {
  let outcomes: Outcome[];
  try {
    outcomes = await withTenant(db, batch[0]!.tenant.id, (tx) => enterBatch(tx, batch), engineTransaction);
    recordBallotBatch(outcomes.every((o) => o === null) ? 'usual' : 'entered', batch.length);
  } catch (err) {
    // nothing of the batch was written: each request goes the usual way (and meets the fault itself)
    batch[0]!.ctx.log.warn({ err, requests: batch.length }, 'ballot entries: a batch failed; they go one by one');
    recordBallotBatch('failed', batch.length);
    outcomes = batch.map(() => null);
  }
  batch.forEach((p, i) => p.settle(outcomes[i] ?? null));
}

/** A nil id matches no directory user: the resource is read as an administrator, each booker judged after. */
const NIL_ID = '00000000-0000-0000-0000-000000000000';

/** One batch (one resource's date, one tenant) in its transaction: the outcome of each request. */
async function enterBatch(tx: Tx, batch: readonly Pending[]): Promise<Outcome[]> {
  const { tenant, req } = batch[0]!;
  const { resourceId, isoDate } = req;
  const zone = tenant.timeZone;
  const usual = batch.map(() => null);
  const now = bookingClock.now();
  const reader: AuthUser = { id: NIL_ID, account: '', name: '', role: 'admin', tenantId: tenant.id };
  const scene = await loadScene(tx, tenant, reader, { ids: [resourceId] }, [isoDate], {
    asAdmin: true,
    extra: settingsExtra(resourceId),
  });
  const res = scene.resources[0];
  // not found, or a captcha or frequency guard to check per request: the usual way
  if (!res || res.rules.open_captcha_verify === '1' || res.rules.open_frequency_verify === '1') return usual;
  const setting = effectiveSetting(settingsFrom(scene.extra), resourceId, res.row.resources_type_id);
  const window = ballotWindow(setting, isoDate, res.rules, zone);
  if (!window || now < window.opensAt || now >= window.closesAt) return usual;

  // the bookers' locks before the date's (the order of the usual way: no deadlock between them)
  const accounts = [...new Set(batch.map((p) => p.user.account))];
  await lockBookers(tx, tenant.id, accounts);
  await lockDateShared(tx, tenant.id, resourceId, isoDate);
  // the window may have ended while the locks were awaited: from then on the usual way decides
  if (bookingClock.now() >= window.closesAt) return usual;
  const state = await batchState(tx, tenant.id, resourceId, isoDate, [...new Set(accounts.map(personOf))]);
  if (state.drawn) return usual;
  const mine = new Map<string, Map<string, string>>();
  for (const e of state.mine) {
    const slots = mine.get(e.person) ?? new Map<string, string>();
    slots.set(e.slot, e.appointment_id);
    mine.set(e.person, slots);
  }
  const { bookers, departments } = await loadBookers(tx, tenant.id, accounts, new Date(now));
  const quotas = quotasOf(res, isoDate, now);
  const have = await countBookersBookings(
    tx,
    tenant.id,
    accounts,
    quotas.map((q) => q.window),
  );

  // each request judged as `evaluate` judges it, in its order; the entries of the accepted ones planned
  const outcomes: Outcome[] = batch.map(() => null);
  const plans: { at: number; targets: Target[]; fresh: Target[]; rows: number[] }[] = [];
  const rows: Parameters<typeof insertInactiveWith>[2][number][] = [];
  const entries: Record<string, unknown>[] = [];
  const closesAt = new Date(window.closesAt);
  batch.forEach((p, at) => {
    try {
      const booker = bookers.get(p.user.account);
      const positions = booker?.positions ?? [];
      if (p.user.role !== 'admin' && !scene.visibleTo(res, identityFrom(p.user, { positions, departments }))) {
        throw new AppError('RESOURCE_NOT_FOUND');
      }
      assertBookable(res);
      refuseIfBanned(banFrom(booker?.ban, tenant));
      const targets = judgeTargets(res, scene.bookings, p.user.account, p.req, now, zone);
      refuseOverQuota(quotas, have.get(p.user.account) ?? quotas.map(() => 0), targets.length);
      const person = personOf(p.user.account);
      const had = mine.get(person) ?? new Map<string, string>();
      mine.set(person, had);
      const fresh = targets.filter((t) => !had.has(slotKey(t.start, t.end)));
      const dept = positions.find((x) => x.dept)?.dept;
      const plan = { at, targets, fresh, rows: [] as number[] };
      for (const t of fresh) {
        plan.rows.push(rows.length);
        rows.push({
          ...rowOf(p.model, res, p.user, { code: dept?.code ?? '', name: dept?.name ?? '' }, t, isoDate, false),
          audit_status: IN_BALLOT,
        });
        entries.push({
          resources_id: resourceId,
          appointment_date: isoDate,
          slot: slotKey(t.start, t.end),
          person,
          closes_at: closesAt,
        });
        // the same person entering the same slot again in this batch is given this entry
        had.set(slotKey(t.start, t.end), '');
      }
      plans.push(plan);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      outcomes[at] = { error: err };
    }
  });

  const inserted = await insertInactiveWith(
    tx,
    tenant.id,
    rows,
    { table: ballotEntries, rows: entries },
    notDrawn(tenant.id, resourceId, isoDate),
  );
  // drawn early (drawBallotNow) while the batch waited for the date's lock: the usual way books
  if (rows.length && !inserted.length) return usual;
  const made = new Map<string, string>(); // person|slot -> the booking made in this batch
  entries.forEach((e, i) => made.set(`${String(e.person)}|${String(e.slot)}`, inserted[i]!.id));
  const closes = formatDateTime(window.closesAt, zone);
  for (const plan of plans) {
    const p = batch[plan.at]!;
    const person = personOf(p.user.account);
    const own = plan.rows.map((i) => inserted[i]!.id);
    await insertRequestChildren(tx, tenant.id, own, p.model);
    const ids = plan.targets.map((t) => {
      const slot = slotKey(t.start, t.end);
      return mine.get(person)?.get(slot) || made.get(`${person}|${slot}`)!;
    });
    if (plan.fresh.length) {
      await audit(tx, p.ctx, {
        module: 'ballot',
        type: 'enter',
        content: `参加抽签 ${res.row.resources_name} ${isoDate} ${plan.fresh.map((t) => slotKey(t.start, t.end)).join(',')}（${closes} 开奖）`,
        object: ids.join(','),
      });
    }
    outcomes[plan.at] = { result: { ids, auditStatus: IN_BALLOT, texts: enteredTexts(closes) } };
  }
  return outcomes;
}
