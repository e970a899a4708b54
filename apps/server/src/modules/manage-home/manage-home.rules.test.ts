import { describe, expect, it } from 'vitest';
import { fillTrend, shiftDate, trendDates } from './manage-home.rules.ts';

describe('the home trend days', () => {
  it('shifts across months, years and leap days', () => {
    expect(shiftDate('2030-03-01', -1)).toBe('2030-02-28');
    expect(shiftDate('2028-03-01', -1)).toBe('2028-02-29');
    expect(shiftDate('2029-12-31', 1)).toBe('2030-01-01');
  });

  it('covers the 14 days ending today, oldest first, zero where none were counted', () => {
    const dates = trendDates('2030-01-03');
    expect(dates).toHaveLength(14);
    expect(dates[0]).toBe('2029-12-21');
    expect(dates[13]).toBe('2030-01-03');
    const filled = fillTrend(dates, [
      { date: '2030-01-03', total: 4 },
      { date: '2029-12-25', total: 1 },
    ]);
    expect(filled.filter((d) => d.total > 0)).toEqual([
      { date: '2029-12-25', total: 1 },
      { date: '2030-01-03', total: 4 },
    ]);
    expect(filled.reduce((s, d) => s + d.total, 0)).toBe(5);
  });
});
