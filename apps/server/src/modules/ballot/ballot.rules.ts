/**
 * The rules of a ballot draw as pure functions (docs/GLOSSARY.md "Ballot"): who counts as one
 * person, merging duplicate entries, the order drawn from a seed (weighted or not), and the
 * allocation of places in that order. The draw job and the replay of a recorded draw use the
 * same functions, so a replay with the same seed and inputs gives the same result.
 */

/** An entry as the draw sees it. */
export interface DrawEntry {
  id: string;
  /** Who asked (`personOf`): one person's aliases of an account share it. */
  person: string;
  /** The slot asked for ("HH:mm-HH:mm"). */
  slot: string;
  /** When it was entered (ms): of duplicates, the first is kept. */
  at: number;
  /** The chance's weight, > 0 (1 unless weights are on). */
  weight: number;
}

export type Outcome = 'won' | 'full' | 'capped' | 'refused';

export interface Decision {
  id: string;
  /** 1-based position in the drawn order. */
  position: number;
  outcome: Outcome;
  /** The engine's refusal code when `outcome` is 'refused'; '' otherwise. */
  refusal: string;
}

/** Who an account is for the ballot: accounts differing only in case or surrounding space are one person. */
export function personOf(account: string): string {
  return account.trim().toLowerCase();
}

/** Lowest weight given (a weight is never 0: everyone keeps a chance). */
export const MIN_WEIGHT = 0.05;

/**
 * The weight of a person's entries when weights are on: 1 / (1 + recent no-shows + recent
 * wins), never below MIN_WEIGHT; 1 for a clean record. Rounded to single precision, as stored.
 */
export function weightOf(record: { noShows: number; wins: number }): number {
  const n = Math.max(0, record.noShows) + Math.max(0, record.wins);
  return Math.fround(Math.max(MIN_WEIGHT, 1 / (1 + n)));
}

/**
 * One entry per person and slot: the first entered (then the smaller id) is kept, the others
 * are duplicates of it.
 */
export function mergeDuplicates<E extends DrawEntry>(
  entries: readonly E[],
): { kept: E[]; duplicates: { id: string; of: string }[] } {
  const sorted = [...entries].sort((a, b) => a.at - b.at || cmp(a.id, b.id));
  const first = new Map<string, E>();
  const kept: E[] = [];
  const duplicates: { id: string; of: string }[] = [];
  for (const e of sorted) {
    const key = `${e.person}\u0000${e.slot}`;
    const had = first.get(key);
    if (had) duplicates.push({ id: e.id, of: had.id });
    else {
      first.set(key, e);
      kept.push(e);
    }
  }
  return { kept, duplicates };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether a seed is 64 hex digits (256 bits), as the draw records it. */
export function isSeed(seed: string): boolean {
  return /^[0-9a-f]{64}$/.test(seed);
}

/**
 * A deterministic generator of numbers in (0, 1] from a seed (sfc32 keyed by the seed's first
 * 128 bits, its other 128 bits folded in): the same seed gives the same sequence everywhere.
 */
export function seededRandom(seed: string): () => number {
  if (!isSeed(seed)) throw new Error('a seed is 64 hex digits');
  const word = (i: number) => parseInt(seed.slice(i * 8, i * 8 + 8), 16) >>> 0;
  let a = (word(0) ^ word(4)) >>> 0;
  let b = (word(1) ^ word(5)) >>> 0;
  let c = (word(2) ^ word(6)) >>> 0;
  let d = (word(3) ^ word(7)) >>> 0;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 15; i++) next();
  return () => (next() + 1) / 4_294_967_296;
}

/**
 * The order in which entries are drawn: a random permutation from the seed, weighted when the
 * weights differ (each entry's key is -ln(u) / weight, smallest first: an entry of weight w is
 * drawn before one of weight v with probability w / (w + v)). The entries are put in id order
 * first, so the order they are given in does not matter.
 */
export function drawOrder<E extends DrawEntry>(entries: readonly E[], seed: string): E[] {
  const random = seededRandom(seed);
  const keyed = [...entries]
    .sort((a, b) => cmp(a.id, b.id))
    .map((e) => ({ e, key: -Math.log(random()) / Math.fround(e.weight > 0 ? e.weight : MIN_WEIGHT) }));
  keyed.sort((x, y) => x.key - y.key || cmp(x.e.id, y.e.id));
  return keyed.map((k) => k.e);
}

/**
 * Gives the places in the drawn order: an entry whose slot has no place left is 'full'; one
 * whose person already won `maxWinsPerPerson` places (0: no cap) is 'capped'; otherwise the
 * booking engine's rules decide (`check`: a refusal code, or null) and a refused entry passes
 * the place to the next drawn. Each place goes to at most one entry.
 */
export async function allocate<E extends DrawEntry>(
  order: readonly E[],
  capacities: ReadonlyMap<string, number>,
  maxWinsPerPerson: number,
  check: (entry: E) => Promise<string | null> | string | null,
): Promise<Decision[]> {
  const left = new Map(capacities);
  const wins = new Map<string, number>();
  const out: Decision[] = [];
  for (const [i, e] of order.entries()) {
    const decide = (outcome: Outcome, refusal = '') => out.push({ id: e.id, position: i + 1, outcome, refusal });
    if ((left.get(e.slot) ?? 0) <= 0) decide('full');
    else if (maxWinsPerPerson > 0 && (wins.get(e.person) ?? 0) >= maxWinsPerPerson) decide('capped');
    else {
      const refusal = await check(e);
      if (refusal) decide('refused', refusal);
      else {
        left.set(e.slot, left.get(e.slot)! - 1);
        wins.set(e.person, (wins.get(e.person) ?? 0) + 1);
        decide('won');
      }
    }
  }
  return out;
}

/** A recorded entry of a draw, as the replay reads it. */
export interface RecordedEntry extends DrawEntry {
  position: number | null;
  outcome: string;
  refusal: string;
}

/** What a replay found: whether the recorded result follows from the seed and inputs, and the first difference. */
export interface Replay {
  verified: boolean;
  difference: string;
  winners: number;
}

/**
 * Replays a recorded draw: merges the entries again, draws the order from the recorded seed
 * with the recorded weights, and allocates the recorded places with the engine's recorded
 * refusals as the facts of that moment. Verified when every entry's position and outcome are
 * those recorded. Entries withdrawn before the draw take no part.
 */
export async function replay(
  seed: string,
  entries: readonly RecordedEntry[],
  capacities: ReadonlyMap<string, number>,
  maxWinsPerPerson: number,
): Promise<Replay> {
  const taking = entries.filter((e) => e.outcome !== 'withdrawn');
  const { kept, duplicates } = mergeDuplicates(taking);
  const refusals = new Map(taking.map((e) => [e.id, e.outcome === 'refused' ? e.refusal || 'refused' : null]));
  const decisions = await allocate(
    drawOrder(kept, seed),
    capacities,
    maxWinsPerPerson,
    (e) => refusals.get(e.id) ?? null,
  );
  const byId = new Map(taking.map((e) => [e.id, e]));
  for (const d of duplicates) {
    const e = byId.get(d.id)!;
    if (e.outcome !== 'duplicate')
      return { verified: false, difference: `${d.id}: duplicate, recorded ${e.outcome}`, winners: 0 };
  }
  for (const d of decisions) {
    const e = byId.get(d.id)!;
    if (e.position !== d.position || e.outcome !== d.outcome) {
      return {
        verified: false,
        difference: `${d.id}: ${d.outcome} at ${d.position}, recorded ${e.outcome} at ${e.position ?? '-'}`,
        winners: 0,
      };
    }
  }
  return { verified: true, difference: '', winners: decisions.filter((d) => d.outcome === 'won').length };
}

/** The end of a collection window: `windowMinutes` after the date's opening instant. */
export function windowOf(opensAt: number, windowMinutes: number): { opensAt: number; closesAt: number } {
  return { opensAt, closesAt: opensAt + windowMinutes * 60_000 };
}

/** "HH:mm-HH:mm", a slot's key in a draw. */
export function slotKey(start: string, end: string): string {
  return `${start}-${end}`;
}
