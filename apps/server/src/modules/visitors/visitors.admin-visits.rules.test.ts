import { instantOf } from '@yuyue/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { isoWeekday, mayInvite, statsRange, withAncestors } from './visitors.admin-visits.rules.ts';

const ZONE = 'Asia/Shanghai';
// 2030-01-01 00:30 in Shanghai is still 2029-12-31 in UTC
const NOW = instantOf({ year: 2030, month: 1, day: 1 }, { hour: 0, minute: 30 }, ZONE);

describe('statsRange', () => {
  it('defaults to the current period in the tenant zone', () => {
    expect(statsRange({ category: 'day' }, NOW, ZONE)).toMatchObject({
      from: '2030-01-01',
      to: '2030-01-01',
      periods: ['2030-01-01'],
    });
    expect(statsRange({ category: 'year' }, NOW, ZONE)).toMatchObject({
      from: '2030-01-01',
      to: '2030-12-31',
      unit: 'month',
    });
    expect(statsRange({ category: 'year' }, NOW, ZONE).periods).toHaveLength(12);
  });
  it('weeks run Monday to Sunday, months through their last day (leap years too)', () => {
    const week = statsRange({ category: 'week', week: '2030-01-06' }, NOW, ZONE);
    expect(week).toMatchObject({ from: '2029-12-31', to: '2030-01-06' });
    expect(isoWeekday('2030-01-06')).toBe(7);
    expect(statsRange({ category: 'week', timeStr: '2029-12-31' }, NOW, ZONE).from).toBe('2029-12-31');
    expect(statsRange({ category: 'month', month: '2028-02' }, NOW, ZONE)).toMatchObject({ to: '2028-02-29' });
    expect(statsRange({ category: 'month', month: '2028-02' }, NOW, ZONE).periods).toHaveLength(29);
    expect(statsRange({ category: 'month', timeStr: '2030-03-15' }, NOW, ZONE).from).toBe('2030-03-01');
  });
  it('refuses an unknown category and malformed values', () => {
    for (const args of [
      { category: 'hour' },
      { category: 'day', timeStr: '2030-02-30' },
      { category: 'week', week: 'monday' },
      { category: 'month', month: '2030-1' },
      { category: 'year', year: '30' },
    ]) {
      expect(() => statsRange(args, NOW, ZONE), JSON.stringify(args)).toThrow(AppError);
    }
  });
});

describe('mayInvite', () => {
  const who = {
    userId: 'u1',
    departments: withAncestors(
      ['d3'],
      new Map([
        ['d3', 'd2'],
        ['d2', 'd1'],
        ['d1', ''],
      ]),
    ),
    posts: ['p1'],
  };
  it('everyone while no bearer is enabled; otherwise only those covered', () => {
    expect(mayInvite([], who)).toBe(true);
    expect(mayInvite([{ bearer_type: 'dept', bearer_id: 'd1' }], who)).toBe(true);
    expect(mayInvite([{ bearer_type: 'dept', bearer_id: 'd9' }], who)).toBe(false);
    expect(mayInvite([{ bearer_type: 'post', bearer_id: 'p1' }], who)).toBe(true);
    expect(mayInvite([{ bearer_type: 'user', bearer_id: 'u1' }], who)).toBe(true);
    expect(
      mayInvite(
        [
          { bearer_type: 'user', bearer_id: 'u2' },
          { bearer_type: 'post', bearer_id: 'p2' },
        ],
        who,
      ),
    ).toBe(false);
  });
  it('withAncestors stops at a cycle', () => {
    expect(
      withAncestors(
        ['a'],
        new Map([
          ['a', 'b'],
          ['b', 'a'],
        ]),
      ).sort(),
    ).toEqual(['a', 'b']);
  });
});
