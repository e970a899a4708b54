import { describe, expect, it } from 'vitest';
import { dateRangeFromSearch, isIsoDate } from './url-dates.ts';

describe('dateRangeFromSearch', () => {
  it('reads a range, and one end as a single day', () => {
    expect(dateRangeFromSearch(new URLSearchParams('from=2026-11-28&to=2026-11-30'))).toEqual([
      '2026-11-28',
      '2026-11-30',
    ]);
    expect(dateRangeFromSearch(new URLSearchParams('to=2026-11-28'))).toEqual(['2026-11-28', '2026-11-28']);
  });

  it('leaves out what is not a calendar date', () => {
    expect(dateRangeFromSearch(new URLSearchParams('from=2026-02-30'))).toBeUndefined();
    expect(dateRangeFromSearch(new URLSearchParams('from=today&to=x'))).toBeUndefined();
    expect(isIsoDate('2026-11-28T00:00')).toBe(false);
  });
});
