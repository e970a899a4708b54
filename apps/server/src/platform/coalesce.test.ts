import { describe, expect, it, vi } from 'vitest';
import { coalescing } from './coalesce.ts';

describe('coalescing', () => {
  it('makes the lookups of one turn of the event loop in one call, each getting its own row', async () => {
    const loadMany = vi.fn(
      async (keys: string[]) => new Map(keys.filter((k) => k !== 'gone').map((k) => [k, k.toUpperCase()])),
    );
    const find = coalescing(loadMany);
    const keys = ['a', 'b', 'a', 'gone', 'c'];
    const found = await Promise.all(keys.map(find));
    expect(found).toEqual(['A', 'B', 'A', undefined, 'C']);
    expect(loadMany).toHaveBeenCalledTimes(1);
    expect(loadMany.mock.calls[0]![0]).toEqual(['a', 'b', 'gone', 'c']);
    // a later turn: a call of its own
    expect(await find('d')).toBe('D');
    expect(loadMany).toHaveBeenCalledTimes(2);
  });

  it('runs a full round at once and starts another for the rest', async () => {
    const loadMany = vi.fn(async (keys: number[]) => new Map(keys.map((k) => [k, k * 2])));
    const find = coalescing(loadMany, 3);
    const found = await Promise.all([1, 2, 3, 4, 5].map(find));
    expect(found).toEqual([2, 4, 6, 8, 10]);
    expect(loadMany.mock.calls.map((c) => c[0])).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('fails every lookup of a round whose load fails, and the next round works', async () => {
    let fail = true;
    const find = coalescing(async (keys: string[]) => {
      if (fail) throw new Error('database unreachable');
      return new Map(keys.map((k) => [k, k]));
    });
    const results = await Promise.allSettled(['x', 'y'].map(find));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await find('x')).toBe('x');
  });

  it('fails the round when the load throws before it is under way', async () => {
    const find = coalescing<string, string>(() => {
      throw new Error('bad');
    });
    await expect(find('x')).rejects.toThrow('bad');
  });
});
