import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { withTenant, type Db, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError, sqlState } from '../../platform/errors.ts';
import type { Job } from '../../platform/jobs.ts';
import { banFrom, type Ban } from '../blacklist/blacklist.guard.ts';
import {
  countBookersBookings,
  countsIn,
  lockBookers,
  overlapCount,
  seatsTakenOf,
  takeSeat,
  tryLockBookers,
  type ActiveBooking,
} from '../booking/booking.repository.ts';
import { loadBookers, type BookerBundle } from '../booking/booking.resources.repository.ts';
import {
  assertBookable,
  datesWindow,
  identityFrom,
  loadScene,
  type BookingScene,
} from '../booking/booking.resources.ts';
import { slotInstants } from '../booking/booking.rules.ts';
import { judgeTargets, quotasOf, refuseIfBanned, refuseOverQuota } from '../booking/booking.service.ts';
import { queuePlainMails } from '../notifications/notifications.outbox.ts';
import { insertNotifications } from '../notifications/notifications.repository.ts';
import { slotCapacity } from '../resources/resources.rules.ts';
import { listTenants } from '../tenants/tenants.repository.ts';
import {
  activateEntries,
  dueDates,
  insertDraw,
  lockDateExclusive,
  lockEntryBookings,
  dateState,
  recentRecords,
  recordEntries,
  refuseEntries,
  undrawnEntries,
  type BallotDrawRow,
  type EntryBooking,
} from './ballot.repository.ts';
import {
  allocate,
  drawOrder,
  mergeDuplicates,
  slotKey,
  weightOf,
  type Decision,
  type DrawEntry,
} from './ballot.rules.ts';
import { IN_BALLOT, settingOfResource } from './ballot.submit.ts';
import { bookingClock } from '../../platform/clock.ts';

/** How far back no-shows and ballot wins lower a person's weight. */
export const WEIGHT_LOOKBACK_MS = 30 * 86_400_000;
/** How often the draw job looks for windows that closed. */
export const DRAW_EVERY_MS = 5_000;

const NIL_ID = '00000000-0000-0000-0000-000000000000';
/**
 * How many times a draw is tried before it gives up for now (SERVICE_UNAVAILABLE; the job tries
 * again at its next run): an attempt that failed kept nothing.
 */
const DRAW_ATTEMPTS = 8;
/** SQLSTATEs of an attempt that failed for what ran beside it, tried again. */
const RETRIED_STATES: ReadonlySet<string> = new Set([
  '23P01', // exclusion_violation: a change made beside the draw took a slot it gave
  '40P01', // deadlock_detected
  '40001', // serialization_failure
  '55P03', // lock_not_available: an entry's booking locked by another transaction (NOWAIT)
]);

/** A change made beside the draw took a place it gave (a seat counter or the exclusion constraint refused): drawn again. */
class DrawConflict extends Error {}

/** Bookers the draw reached were busy (their locks held elsewhere): the attempt let go of the date, to wait for them. */
class BookersBusy extends Error {
  constructor(readonly accounts: string[]) {
    super(`ballot draw: ${accounts.length} booker(s) busy`);
  }
}

const retried = (err: unknown) =>
  err instanceof DrawConflict || err instanceof BookersBusy || RETRIED_STATES.has(sqlState(err) ?? '');

/** A random pause before the next attempt (full jitter, growing with the attempts, at most 0.4 s). */
const backoffMs = (attempt: number) => Math.random() * Math.min(400, 10 * 2 ** attempt);

/**
 * Waits until each busy booker's lock is free, one at a time, each in a transaction holding
 * nothing else (so the wait can be part of no deadlock). A failure (a statement timeout behind a
 * long transaction) only ends the wait: the next attempt finds out.
 */
async function waitForBookers(db: Db, tenantId: string, accounts: readonly string[]): Promise<void> {
  for (const account of accounts) {
    await withTenant(db, tenantId, (tx) => lockBookers(tx, tenantId, [account])).catch(() => undefined);
  }
}

interface Entry extends DrawEntry {
  booking: EntryBooking;
}

/**
 * The places of each slot of a resource's date: capacity less the seats bookings already hold
 * (of a capacity resource, also no more than its seat counter leaves: `taken`).
 */
function placesOf(scene: BookingScene, tenant: TenantRef, isoDate: string, taken: ReadonlyMap<string, number>) {
  const res = scene.resources[0];
  if (!res) return null;
  const places = new Map<string, number>();
  if (res.rules.time_slot_rule === '2') return { res, places, free: true };
  for (const s of res.lists.timeSlots.filter((x) => x.del === 0)) {
    const at = slotInstants(isoDate, s.kssj, s.jssj, tenant.timeZone);
    if (!at) continue;
    const capacity = slotCapacity(isoDate, s, res.row.available_number, res.lists.availableNumberRules);
    const held = Math.max(
      overlapCount(scene.bookings, at.startsAt, at.endsAt),
      taken.get(`${at.startsAt}|${at.endsAt}`) ?? 0,
    );
    places.set(slotKey(s.kssj, s.jssj), Math.max(0, capacity - held));
  }
  return { res, places, free: false };
}

export interface DrawSummary {
  draw: BallotDrawRow;
  winners: number;
  losers: number;
}

/**
 * Draws one resource's date (docs/GLOSSARY.md "Ballot"), in one transaction holding the date's
 * ballot lock alone: nothing when it was drawn already or no entry waits. A cryptographic seed
 * is recorded (one for all the attempts: see below); entries withdrawn before (their booking
 * cancelled) take no part; duplicates of one person's slot are merged; the order is drawn from
 * the seed (weighted when the settings say so); then, in that order, each entry with a place
 * left and under the per-person cap is judged by the booking engine's rules as its booker's
 * submit would be (visibility, ban, slot rules, per-person limits) and takes its slot, or is
 * refused and the place passes on. The winners are judged against ONE scene of the resource
 * (rules, bookings, places, read once) and what is each booker's own (directory user and
 * positions, ban, bookings counted by the limits), read for all the bookers the draw reaches at
 * once, their locks taken (never waited for: see below) and their entries held; each win counts
 * for the entries judged after it. Winners become normal bookings ('booked'
 * notification) and the others are refused (audit '3') and told at once with the slots still
 * free, each in set-based statements. `by` is the administrator drawing early, null for the job.
 *
 * Lock order: entering takes its bookers' locks and then the date's (shared); the draw takes the
 * date's first, so while it holds it, it waits for no other lock: the bookers' locks are tried
 * (`tryLockBookers`) and the entries' bookings locked without waiting (`lockEntryBookings`,
 * `refuseEntries`). When one is busy the attempt is rolled back (letting the date go, so the
 * submit holding the booker can finish), the draw waits for the busy bookers holding nothing,
 * and tries again after a short random pause, with the same seed, at most DRAW_ATTEMPTS times in
 * all. An attempt that a change beside it beat to a slot (DrawConflict, the exclusion
 * constraint), or that PostgreSQL aborted (deadlock, serialization failure), is tried again the
 * same way; nothing of a failed attempt is kept. Past the last attempt: SERVICE_UNAVAILABLE.
 */
export async function drawDate(
  base: Omit<RequestContext, 'tenant' | 'user'>,
  tenant: TenantRef,
  resourceId: string,
  isoDate: string,
  by: AuthUser | null,
): Promise<DrawSummary | null> {
  // one seed for every attempt: what made an attempt fail has no say in the outcome
  const seed = randomBytes(32).toString('hex');
  for (let attempt = 1; ; attempt++) {
    try {
      return await drawOnce(base, tenant, resourceId, isoDate, by, seed);
    } catch (err) {
      if (!retried(err)) throw err;
      if (attempt >= DRAW_ATTEMPTS) {
        base.log.warn({ err, resourceId, isoDate, attempts: attempt }, 'ballot draw: gave up for now');
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      if (err instanceof BookersBusy) await waitForBookers(base.db, tenant.id, err.accounts);
      await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
    }
  }
}

/** What the draw knows of one booker (`loadBookers`, `countBookersBookings`). */
interface Booker {
  userId: string;
  positions: BookerBundle['positions'];
  ban: Ban | null;
  /** Their active bookings counted by each of the resource's limits (`quotasOf`), before the draw. */
  have: number[];
}

async function drawOnce(
  base: Omit<RequestContext, 'tenant' | 'user'>,
  tenant: TenantRef,
  resourceId: string,
  isoDate: string,
  by: AuthUser | null,
  seed: string,
): Promise<DrawSummary | null> {
  const ctx: RequestContext = { ...base, tenant, user: by };
  return withTenant(ctx.db, tenant.id, async (tx) => {
    await lockDateExclusive(tx, tenant.id, resourceId, isoDate);
    const state = await dateState(tx, tenant.id, resourceId, isoDate);
    if (state.drawn || state.waiting === 0) return null;
    const started = performance.now();
    const now = bookingClock.now();
    const at = new Date(now);
    const zone = tenant.timeZone;
    // the job reads the resource as an administrator with no directory user (a nil id matches nobody)
    const admin: AuthUser = by ?? { id: NIL_ID, account: '', name: '', role: 'admin', tenantId: tenant.id };
    const scene = await loadScene(tx, tenant, { ...admin, role: 'admin' }, { ids: [resourceId] }, [isoDate], {
      asAdmin: true,
    });
    const capacityResource = !!scene.resources[0] && scene.resources[0].row.available_number > 1;
    const day = datesWindow([isoDate], zone);
    const taken = capacityResource
      ? await seatsTakenOf(tx, tenant.id, resourceId, day.from, day.to)
      : new Map<string, number>();
    const found = placesOf(scene, tenant, isoDate, taken);
    const rows = await undrawnEntries(tx, tenant.id, resourceId, isoDate);
    const typeId = rows[0]!.booking.resources_type_id;
    const setting = await settingOfResource(tx, tenant.id, resourceId, typeId);
    const withdrawn = rows.filter(
      (r) => r.booking.state !== '0' || r.booking.audit_status !== IN_BALLOT || r.booking.del !== 0,
    );
    const taking = rows.filter((r) => !withdrawn.includes(r));
    const persons = [...new Set(taking.map((r) => r.entry.person))];
    const records = setting.weighted
      ? await recentRecords(tx, tenant.id, persons, new Date(now - WEIGHT_LOOKBACK_MS))
      : null;
    const entries: Entry[] = taking.map((r) => ({
      id: r.entry.id,
      person: r.entry.person,
      slot: r.entry.slot,
      at: r.entry.create_time.getTime(),
      weight: records ? weightOf(records.get(r.entry.person)!) : 1,
      booking: r.booking,
    }));
    const places = found?.places ?? new Map<string, number>();
    if (found?.free) for (const e of entries) places.set(e.slot, 1);
    const { kept, duplicates } = mergeDuplicates(entries);
    const order = drawOrder(kept, seed);
    const res = found?.res;
    const needApprove = res?.rules.need_approve === '1';
    const exclusive = !res || res.row.available_number <= 1 || res.rules.time_slot_rule === '2';
    const quotas = res ? quotasOf(res, isoDate, now) : [];

    // What is each booker's, read for the bookers the draw reaches, in rounds: allocate with what
    // is known (an entry whose booker or booking is not known yet is taken to win), read what the
    // entries judged that way need, and allocate again, until every entry judged was judged on
    // facts. Usually two rounds: the first reaches the first drawn of each place.
    const bookers = new Map<string, Booker>();
    const held = new Set<string>(); // bookings locked and still in the ballot
    const checked = new Set<string>(); // bookings locked (in the ballot or not)
    const departments = new Map<string, { id: string; parent: string; code: string }>();
    let decisions: Decision[];
    let winners: Entry[];
    const capacities = new Map<string, number>(); // a judged winner's slot's capacity (its target's)
    for (;;) {
      const needAccounts = new Set<string>();
      const needBookings = new Set<string>();
      const booked = [...scene.bookings];
      const have = new Map<string, number[]>();
      winners = [];
      decisions = await allocate(order, places, setting.max_wins_per_person, (e) => {
        const b = e.booking;
        const account = b.appointment_user;
        const booker = bookers.get(account);
        if (!booker || !checked.has(b.id)) {
          if (!booker) needAccounts.add(account);
          if (!checked.has(b.id)) needBookings.add(b.id);
        } else {
          const judged = judge(e, booker, have.get(account) ?? booker.have, booked);
          if (typeof judged === 'string') return judged;
          capacities.set(b.id, judged);
        }
        // a win: it counts for the entries judged after it
        booked.push({
          id: b.id,
          resources_id: resourceId,
          starts_at: b.starts_at,
          ends_at: b.ends_at,
          appointment_user: account,
        });
        const before = have.get(account) ?? booker?.have ?? quotas.map(() => 0);
        have.set(
          account,
          before.map((n, i) => n + (countsIn(quotas[i]!.window, { ...b, resources_id: resourceId }) ? 1 : 0)),
        );
        winners.push(e);
        return null;
      });
      if (!needAccounts.size && !needBookings.size) break;
      const accounts = [...needAccounts];
      // holding the date, the draw waits for no booker (see drawDate)
      const busy = await tryLockBookers(tx, tenant.id, accounts);
      if (busy.length) throw new BookersBusy(busy);
      const still = await lockEntryBookings(tx, tenant.id, [...needBookings]);
      for (const id of needBookings) {
        checked.add(id);
        if (still.has(id)) held.add(id);
      }
      const read = await loadBookers(tx, tenant.id, accounts, at);
      const counts = await countBookersBookings(
        tx,
        tenant.id,
        accounts,
        quotas.map((q) => q.window),
      );
      for (const d of read.departments) departments.set(d.id, d);
      for (const [account, b] of read.bookers) {
        bookers.set(account, {
          userId: b.userId,
          positions: b.positions,
          ban: banFrom(b.ban, tenant),
          have: counts.get(account)!,
        });
      }
    }

    /**
     * The engine's refusal of an entry for its booker now (`evaluate`'s rules, in its order), or
     * the capacity of the slot it may take.
     */
    function judge(e: Entry, booker: Booker, have: number[], booked: ActiveBooking[]): string | number {
      const b = e.booking;
      if (!held.has(b.id)) return 'APPOINTMENT_NOT_FOUND';
      try {
        const who = identityFrom(
          { id: booker.userId || NIL_ID, account: b.appointment_user },
          { positions: booker.positions, departments: [...departments.values()] },
        );
        if (!res || !scene.visibleTo(res, who)) throw new AppError('RESOURCE_NOT_FOUND');
        assertBookable(res);
        refuseIfBanned(booker.ban);
        const targets = judgeTargets(
          res,
          booked,
          b.appointment_user,
          {
            resourceId,
            isoDate,
            slotIds: b.time_slot_id ? [b.time_slot_id] : [],
            freeStart: b.start_time,
            freeEnd: b.end_time,
            excludeId: b.id,
          },
          now,
          zone,
        );
        refuseOverQuota(quotas, have, targets.length);
        return targets[0]!.capacity;
      } catch (err) {
        if (err instanceof AppError) return err.code;
        throw err;
      }
    }

    // the winners take their places: seats of a capacity slot counted, then the bookings activated
    if (!exclusive) {
      const bySlot = new Map<string, { starts_at: Date; ends_at: Date; seats: number; capacity: number }>();
      for (const w of winners) {
        const k = `${w.booking.starts_at.toISOString()}|${w.booking.ends_at.toISOString()}`;
        const capacity = capacities.get(w.booking.id)!;
        const had = bySlot.get(k);
        if (had) had.seats++;
        else bySlot.set(k, { starts_at: w.booking.starts_at, ends_at: w.booking.ends_at, seats: 1, capacity });
      }
      for (const s of bySlot.values()) {
        if (!(await takeSeat(tx, tenant.id, { resources_id: resourceId, ...s }))) throw new DrawConflict();
      }
    }
    const won = await activateEntries(
      tx,
      tenant.id,
      winners.map((w) => w.booking.id),
      { exclusive, audit_status: needApprove ? '1' : '0', at },
    );
    if (won.length !== winners.length) throw new DrawConflict();

    const losers = [...decisions.filter((d) => d.outcome !== 'won').map((d) => d.id), ...duplicates.map((d) => d.id)];
    const bookingOf = new Map(entries.map((e) => [e.id, e.booking.id]));
    const refusedIds = await refuseEntries(
      tx,
      tenant.id,
      losers.map((id) => bookingOf.get(id)!),
      at,
    );
    const refused = entries.filter((e) => refusedIds.has(e.booking.id)).map((e) => e.booking);
    const weights = new Map(entries.map((e) => [e.id, e.weight]));
    const draw = await insertDraw(tx, tenant.id, {
      resources_id: resourceId,
      resources_name: res?.row.resources_name ?? rows[0]!.booking.resources_name,
      resources_name_en: res?.row.resources_name_en ?? rows[0]!.booking.resources_name_en,
      appointment_date: isoDate,
      closes_at: rows[0]!.entry.closes_at,
      seed,
      weighted: setting.weighted,
      max_wins_per_person: setting.max_wins_per_person,
      slots: [...places].map(([slot, capacity]) => ({ slot, capacity })),
      entries_count: taking.length,
      winners_count: won.length,
      took_ms: Math.round(performance.now() - started),
      drawn_by: by?.account ?? '',
      drawn_at: at,
    });
    await recordEntries(tx, tenant.id, draw.id, [
      ...decisions.map((d) => ({
        id: d.id,
        weight: weights.get(d.id)!,
        position: d.position,
        outcome: d.outcome,
        refusal: d.refusal,
      })),
      ...duplicates.map((d) => ({
        id: d.id,
        weight: weights.get(d.id)!,
        position: null,
        outcome: 'duplicate',
        refusal: '',
      })),
      ...withdrawn.map((r) => ({ id: r.entry.id, weight: null, position: null, outcome: 'withdrawn', refusal: '' })),
    ]);
    const left = new Map(places);
    for (const w of won) {
      const k = slotKey(w.start_time, w.end_time);
      left.set(k, (left.get(k) ?? 1) - 1);
    }
    const free = [...left]
      .filter(([, n]) => n > 0)
      .map(([s]) => s)
      .sort();
    await tellOutcome(tx, ctx, tenant, resourceId, { won, lost: refused }, free, taking.length);
    await audit(tx, ctx, {
      module: 'ballot',
      type: by ? 'drawNow' : 'draw',
      content: `抽签 ${draw.resources_name} ${isoDate}：${taking.length} 个报名，${won.length} 个中签，种子 ${seed}`,
      object: draw.id,
    });
    return { draw, winners: won.length, losers: refused.length };
  });
}

/**
 * Tells each person the draw's outcome, whatever the resource's own notification settings: one
 * in-app notification per person and outcome, and an e-mail to the address the booking carries.
 * Winners learn that their booking stands (or awaits approval); losers, with the slots still free
 * after the draw. The notifications in one statement, the e-mails in one.
 */
async function tellOutcome(
  tx: Tx,
  ctx: RequestContext,
  tenant: TenantRef,
  resourceId: string,
  rows: { won: readonly EntryBooking[]; lost: readonly EntryBooking[] },
  free: string[],
  entered: number,
) {
  const notes = [];
  const mails = [];
  const freeZh = free.length ? `抽签后仍有空位：${free.join('、')}，可直接预约。` : '抽签后已无空位。';
  const freeEn = free.length
    ? `Still free after the draw: ${free.join(', ')}; book them directly.`
    : 'No slot is left after the draw.';
  for (const won of [true, false]) {
    const byPerson = new Map<string, EntryBooking[]>();
    for (const r of [...(won ? rows.won : rows.lost)].sort((x, y) => x.starts_at.getTime() - y.starts_at.getTime())) {
      const list = byPerson.get(r.appointment_user);
      if (list) list.push(r);
      else byPerson.set(r.appointment_user, [r]);
    }
    for (const [account, list] of byPerson) {
      const first = list[0]!;
      const slots = list.map((r) => `${r.start_time}-${r.end_time}`);
      const pending = list.some((r) => r.audit_status === '1');
      const head = `${first.resources_name} ${first.appointment_date} ${slots.join('、')}`;
      const headEn = `${first.resources_name_en || first.resources_name} ${first.appointment_date} ${slots.join(', ')}`;
      const [title, titleEn, content, contentEn] = won
        ? [
            '抽签结果：中签',
            'Ballot result: drawn',
            `${head} 中签（共 ${entered} 个报名），${pending ? '预约待审核。' : '预约已生效。'}`,
            `${headEn}: drawn (${entered} entries); ${pending ? 'the booking awaits approval.' : 'the booking stands.'}`,
          ]
        : [
            '抽签结果：未中签',
            'Ballot result: not drawn',
            `${head} 未中签（共 ${entered} 个报名）。${freeZh}`,
            `${headEn}: not drawn (${entered} entries). ${freeEn}`,
          ];
      notes.push({
        id: randomUUID(),
        recipient: account,
        event: won ? 'booked' : 'rejected',
        audience: 'booker',
        appointment_id: first.id,
        appointment_count: list.length,
        resources_id: resourceId,
        resources_name: first.resources_name,
        resources_name_en: first.resources_name_en,
        title,
        title_en: titleEn,
        content,
        content_en: contentEn,
      });
      if (first.email.trim()) {
        mails.push({ recipient: first.email, subject: `${title} / ${titleEn}`, body: `${content}\n\n${contentEn}` });
      }
    }
  }
  if (!notes.length) return;
  await insertNotifications(tx, tenant.id, notes);
  await queuePlainMails(tx, ctx, tenant.id, mails);
}

export interface DrawDeps {
  config: Config;
  log: FastifyBaseLogger;
}

/** Draws every date of every active tenant whose window closed; returns how many draws ran. */
export async function drawDue(deps: DrawDeps, db: Db, now: number): Promise<number> {
  let drawn = 0;
  for (const t of await listTenants(db)) {
    if (t.state !== '1') continue;
    const tenant: TenantRef = { id: t.id, key: t.tenant_key, timeZone: t.time_zone, isSuper: t.is_super };
    try {
      const due = await withTenant(db, tenant.id, (tx) => dueDates(tx, tenant.id, new Date(now)));
      for (const d of due) {
        if (await drawDate({ ...deps, db, ip: '' }, tenant, d.resources_id, d.appointment_date, null)) drawn++;
      }
    } catch (err) {
      deps.log.error({ err, tenant: t.tenant_key }, 'ballot draw failed for a tenant');
    }
  }
  return drawn;
}

/**
 * The draw job: every few seconds, the dates whose collection window closed are drawn, one
 * instance at a time (the platform's advisory lock); each draw also holds its date's lock and
 * a date is drawn once (unique draw per resource and date).
 */
export function ballotDrawJob(deps: DrawDeps): Job {
  return {
    name: 'ballot-draw',
    everyMs: DRAW_EVERY_MS,
    async run(db) {
      const n = await drawDue(deps, db, bookingClock.now());
      return n ? `ballot draws: ${n}` : undefined;
    },
  };
}
