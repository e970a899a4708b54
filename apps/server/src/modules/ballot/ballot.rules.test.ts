import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  drawOrder,
  mergeDuplicates,
  personOf,
  replay,
  seededRandom,
  weightOf,
  type DrawEntry,
} from './ballot.rules.ts';

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const SLOTS = ['08:00-09:00', '09:00-10:00', '10:00-11:00', '11:00-12:00'];

/** Entries of a few people on a few slots, some repeated (same person and slot), with weights. */
const entriesArb = fc
  .array(
    fc.record({
      person: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'),
      slot: fc.constantFrom(...SLOTS),
      at: fc.integer({ min: 0, max: 1000 }),
      weight: fc.constantFrom(1, weightOf({ noShows: 1, wins: 0 }), weightOf({ noShows: 3, wins: 2 })),
    }),
    { maxLength: 60 },
  )
  .map((list) => list.map((e, i) => ({ ...e, id: `e${String(i).padStart(3, '0')}` })));

const capacitiesArb = fc
  .tuple(...SLOTS.map(() => fc.integer({ min: 0, max: 4 })))
  .map((caps) => new Map(SLOTS.map((s, i) => [s, caps[i]!])));

/** An engine refusal per entry, decided by a hash of its id and a salt (some refused, most not). */
function refusalsOf(salt: number) {
  return (e: DrawEntry) =>
    createHash('sha256').update(`${salt}:${e.id}`).digest()[0]! < 40 ? 'BOOKING_LIMIT_EXCEEDED' : null;
}

async function drawAll(entries: DrawEntry[], seed: string, caps: Map<string, number>, cap: number, salt: number) {
  const { kept } = mergeDuplicates(entries);
  return allocate(drawOrder(kept, seed), caps, cap, refusalsOf(salt));
}

describe('ballot draw rules', () => {
  it('every winner passes the engine and the cap; no slot goes over its places; refused places pass on', async () => {
    await fc.assert(
      fc.asyncProperty(
        entriesArb,
        seedArb,
        capacitiesArb,
        fc.integer({ min: 0, max: 3 }),
        fc.nat(),
        async (entries, seed, caps, cap, salt) => {
          const decisions = await drawAll(entries, seed, caps, cap, salt);
          const byId = new Map(entries.map((e) => [e.id, e]));
          const refused = refusalsOf(salt);
          const perSlot = new Map<string, number>();
          const perPerson = new Map<string, number>();
          for (const d of decisions.filter((x) => x.outcome === 'won')) {
            const e = byId.get(d.id)!;
            expect(refused(e)).toBeNull();
            perSlot.set(e.slot, (perSlot.get(e.slot) ?? 0) + 1);
            perPerson.set(e.person, (perPerson.get(e.person) ?? 0) + 1);
          }
          for (const [slot, n] of perSlot) expect(n).toBeLessThanOrEqual(caps.get(slot)!);
          if (cap > 0) for (const n of perPerson.values()) expect(n).toBeLessThanOrEqual(cap);
          // a slot ends with no winner short of its places only when nobody eligible was left
          for (const slot of SLOTS) {
            const won = perSlot.get(slot) ?? 0;
            if (won < caps.get(slot)!) {
              for (const d of decisions.filter((x) => byId.get(x.id)!.slot === slot)) {
                expect(['refused', 'capped', 'won']).toContain(d.outcome);
              }
            }
          }
        },
      ),
    );
  });

  it('the same seed and inputs give the same result, whatever order the entries come in', async () => {
    await fc.assert(
      fc.asyncProperty(entriesArb, seedArb, capacitiesArb, fc.nat(), async (entries, seed, caps, salt) => {
        const once = await drawAll(entries, seed, caps, 1, salt);
        const again = await drawAll([...entries].reverse(), seed, caps, 1, salt);
        expect(again).toEqual(once);
      }),
    );
  });

  it('merges duplicates: one entry per person and slot, the first entered kept', () => {
    fc.assert(
      fc.property(entriesArb, (entries) => {
        const { kept, duplicates } = mergeDuplicates(entries);
        const keys = kept.map((e) => `${e.person}|${e.slot}`);
        expect(new Set(keys).size).toBe(keys.length);
        expect(kept.length + duplicates.length).toBe(entries.length);
        const byId = new Map(entries.map((e) => [e.id, e]));
        for (const d of duplicates) {
          const dup = byId.get(d.id)!;
          const of = byId.get(d.of)!;
          expect(`${of.person}|${of.slot}`).toBe(`${dup.person}|${dup.slot}`);
          expect(of.at <= dup.at).toBe(true);
        }
      }),
    );
  });

  it('the draw order is a permutation of the entries', () => {
    fc.assert(
      fc.property(entriesArb, seedArb, (entries, seed) => {
        const order = drawOrder(entries, seed);
        expect(order.map((e) => e.id).sort()).toEqual(entries.map((e) => e.id).sort());
      }),
    );
  });

  it('a replay of a recorded draw is verified; a changed outcome or seed is not', async () => {
    await fc.assert(
      fc.asyncProperty(
        entriesArb.filter((l) => l.length > 2),
        seedArb,
        seedArb,
        capacitiesArb,
        fc.nat(),
        async (entries, seed, other, caps, salt) => {
          const { kept, duplicates } = mergeDuplicates(entries);
          const decisions = await allocate(drawOrder(kept, seed), caps, 1, refusalsOf(salt));
          const byId = new Map(decisions.map((d) => [d.id, d]));
          const recorded = entries.map((e) => {
            const d = byId.get(e.id);
            return d
              ? { ...e, position: d.position, outcome: d.outcome as string, refusal: d.refusal }
              : {
                  ...e,
                  position: null,
                  outcome: duplicates.some((x) => x.id === e.id) ? 'duplicate' : '',
                  refusal: '',
                };
          });
          expect((await replay(seed, recorded, caps, 1)).verified).toBe(true);
          const tampered = recorded.map((r, i) =>
            i === recorded.findIndex((x) => x.position !== null)
              ? {
                  ...r,
                  outcome: ({ won: 'full', full: 'won', refused: 'capped', capped: 'won' } as Record<string, string>)[
                    r.outcome
                  ]!,
                }
              : r,
          );
          expect((await replay(seed, tampered, caps, 1)).verified).toBe(false);
          const otherOrder = drawOrder(kept, other).map((e) => e.id);
          if (
            otherOrder.join() !==
            drawOrder(kept, seed)
              .map((e) => e.id)
              .join()
          ) {
            expect((await replay(other, recorded, caps, 1)).verified).toBe(false);
          }
        },
      ),
    );
  });

  it('weights lower the chances: weight 1/4 is drawn first about 1 time in 5', () => {
    let light = 0;
    const runs = 4000;
    for (let i = 0; i < runs; i++) {
      const seed = createHash('sha256').update(`w${i}`).digest('hex');
      const order = drawOrder(
        [
          { id: 'heavy', person: 'a', slot: 's', at: 0, weight: 1 },
          { id: 'light', person: 'b', slot: 's', at: 0, weight: 0.25 },
        ],
        seed,
      );
      if (order[0]!.id === 'light') light++;
    }
    expect(light / runs).toBeGreaterThan(0.17);
    expect(light / runs).toBeLessThan(0.23);
  });

  it('without weights every entry is equally likely to be drawn first', () => {
    const first = new Map<string, number>();
    const entries = ['a', 'b', 'c', 'd'].map((p) => ({ id: p, person: p, slot: 's', at: 0, weight: 1 }));
    for (let i = 0; i < 4000; i++) {
      const id = drawOrder(entries, createHash('sha256').update(`u${i}`).digest('hex'))[0]!.id;
      first.set(id, (first.get(id) ?? 0) + 1);
    }
    for (const n of first.values()) expect(Math.abs(n - 1000)).toBeLessThan(120);
  });

  it('weights, persons and seeds', () => {
    expect(weightOf({ noShows: 0, wins: 0 })).toBe(1);
    expect(weightOf({ noShows: 1, wins: 1 })).toBe(Math.fround(1 / 3));
    expect(weightOf({ noShows: 100, wins: 0 })).toBe(Math.fround(0.05));
    expect(personOf('  Student ')).toBe('student');
    expect(() => seededRandom('xyz')).toThrow();
    const r = seededRandom('0'.repeat(64));
    for (let i = 0; i < 1000; i++) {
      const v = r();
      expect(v > 0 && v <= 1).toBe(true);
    }
  });
});
