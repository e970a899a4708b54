import { describe, expect, it } from 'vitest';
import { isoDay, signListVariables, todayFilters } from './signListVariables.ts';

describe('signListVariables', () => {
  it('pages and leaves out empty filters', () => {
    expect(signListVariables({}, 3, 20)).toEqual({ first: 20, offset: 40, filter: {} });
    expect(signListVariables({ keyword: '   ' }, 0, 10)).toEqual({ first: 10, offset: 0, filter: {} });
  });

  it('sends a range, a lone date, and swaps a reversed range', () => {
    expect(signListVariables({ from: '2026-03-01', to: '2026-03-07' }, 1, 10).appointmentDate).toEqual([
      '2026-03-01',
      '2026-03-07',
    ]);
    expect(signListVariables({ from: '2026-03-01' }, 1, 10).appointmentDate).toEqual(['2026-03-01']);
    expect(signListVariables({ from: '2026-03-07', to: '2026-03-01' }, 1, 10).appointmentDate).toEqual([
      '2026-03-01',
      '2026-03-07',
    ]);
    expect(signListVariables({ from: '03/01/2026' }, 1, 10).appointmentDate).toBeUndefined();
  });

  it('puts resource and type in the filter map, sign state and a trimmed keyword beside it', () => {
    expect(
      signListVariables(
        { resources_type_id: 't', resources_id: 'r', signState: '2', keyword: ` ${'k'.repeat(120)} ` },
        1,
        10,
      ),
    ).toEqual({
      first: 10,
      offset: 0,
      filter: { resources_type_id: { eq: 't' }, resources_id: { eq: 'r' } },
      signState: '2',
      keyword: 'k'.repeat(100),
    });
  });

  it("opens on today's date in the browser's zone", () => {
    const noon = new Date(2026, 2, 5, 12).getTime();
    expect(isoDay(noon)).toBe('2026-03-05');
    expect(todayFilters(noon)).toEqual({ from: '2026-03-05', to: '2026-03-05' });
  });
});
