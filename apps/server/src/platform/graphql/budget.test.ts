import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { CallerSlots, RequestBudget, serialiseInSlices } from './budget.ts';

describe('serialiseInSlices', () => {
  it('writes what JSON.stringify writes', async () => {
    const values = [
      {
        data: { a: [{ id: '1', n: 2, d: null, u: undefined, nested: { deep: [1, [2, { x: 'y' }]] } }], b: 'é\u2028"' },
      },
      [1, 'two', null, undefined, { three: [3] }],
      { errors: [{ message: 'm', extensions: { code: 'X' } }], data: null },
      { date: new Date(0), empty: {}, list: [] },
      'plain',
      null,
    ];
    for (const value of values) expect(await serialiseInSlices(value, 1e6)).toBe(JSON.stringify(value));
  });

  it('stops once the text passes the budget, counting bytes not characters', async () => {
    const value = { data: { rows: Array.from({ length: 100 }, (_, i) => ({ i, text: '汉'.repeat(10) })) } };
    const size = Buffer.byteLength(JSON.stringify(value));
    expect(await serialiseInSlices(value, size)).toBe(JSON.stringify(value));
    expect(await serialiseInSlices(value, size - 1)).toBeNull();
    expect(JSON.stringify(value).length).toBeLessThan(size - 500);
  });

  it('lets other callbacks run while a large answer is serialised', async () => {
    const value = {
      data: Object.fromEntries(
        Array.from({ length: 30 }, (_, a) => [
          `a${a}`,
          Array.from({ length: 2000 }, (_, i) => ({ id: `${a}-${i}`, text: 'x'.repeat(50) })),
        ]),
      ),
    };
    let ticks = 0;
    let running = true;
    const tick = () => {
      ticks++;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const text = await serialiseInSlices(value, 1e9);
    running = false;
    expect(text).toBe(JSON.stringify(value));
    // One pass of JSON.stringify over this takes tens of ms: sliced, the loop turned meanwhile.
    expect(ticks).toBeGreaterThan(1);
  });
});

/** Runs `n` operations through `run`, releasing each once running; returns the most that ran at once. */
async function mostAtOnce(n: number, run: (op: () => Promise<number>, i: number) => Promise<number>): Promise<number> {
  let running = 0;
  let most = 0;
  const releases: (() => void)[] = [];
  const all = Promise.all(
    Array.from({ length: n }, (_, i) =>
      run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return i;
      }, i),
    ),
  );
  for (let released = 0; released < n; released++) {
    const deadline = Date.now() + 5000;
    while (releases.length === 0) {
      if (Date.now() > deadline) throw new Error('an operation never started');
      await new Promise((r) => setImmediate(r));
    }
    releases.shift()!();
  }
  expect(await all).toEqual(Array.from({ length: n }, (_, i) => i));
  return most;
}

describe('RequestBudget', () => {
  it("runs at most the caller's slots at once, over all of its requests, all of them in the end", async () => {
    const callers = new CallerSlots(2);
    const requests = [1, 2, 3].map(() => new RequestBudget(callers, 'tenant:student', 1e6));
    expect(await mostAtOnce(9, (op, i) => requests[i % 3]!.run(op))).toBe(2);
    // Idle again: the caller's slots are forgotten.
    expect(callers.active).toBe(0);
  });

  it('gives each anonymous request slots of its own', async () => {
    const callers = new CallerSlots(2);
    const requests = [1, 2, 3].map(() => new RequestBudget(callers, null, 1e6));
    expect(await mostAtOnce(9, (op, i) => requests[i % 3]!.run(op))).toBe(6);
  });

  it('frees its slot when an operation fails', async () => {
    const budget = new RequestBudget(new CallerSlots(1), 'a', 1e6);
    await expect(budget.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await budget.run(() => 'next')).toBe('next');
  });

  it('records each answer, reuses its text, and refuses work once the answer is over budget', async () => {
    const budget = new RequestBudget(new CallerSlots(2), 'a', 100);
    const small = { data: { a: 'x'.repeat(20) } };
    await budget.record(small);
    expect(budget.textOf(small)).toBe(JSON.stringify(small));
    expect(budget.textOf([small, { errors: [] }])).toBe(`[${JSON.stringify(small)},{"errors":[]}]`);
    expect(budget.over).toBe(false);
    await budget.record({ data: { b: 'y'.repeat(80) } });
    expect(budget.over).toBe(true);
    let ran = false;
    const refused = await budget
      .run(() => {
        ran = true;
      })
      .catch((e: unknown) => e);
    expect(ran).toBe(false);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('ANSWER_TOO_LARGE');
  });
});
