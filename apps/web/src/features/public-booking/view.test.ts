import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import zh from './locales/zh.json';
import { dayTabs, showsSeats, slotStateKey, stateCounts, tenantKeyOf, verdictKind } from './view.ts';

describe('verdictKind', () => {
  it.each([
    ['valid', 'valid'],
    ['notYet', 'pending'],
    ['pending', 'pending'],
    ['expired', 'invalid'],
    ['checkedOut', 'invalid'],
    ['cancelled', 'invalid'],
    ['noShow', 'invalid'],
  ] as const)('%s -> %s', (verdict, kind) => {
    expect(verdictKind(verdict)).toBe(kind);
  });
});

describe('slots', () => {
  it('calls a booked capacity slot full and shows seats only where they matter', () => {
    expect(slotStateKey({ state: 'booked', capacity: 1 })).toBe('booked');
    expect(slotStateKey({ state: 'booked', capacity: 4 })).toBe('full');
    expect(slotStateKey({ state: 'free', capacity: 4 })).toBe('free');
    expect(showsSeats({ state: 'free', capacity: 4 })).toBe(true);
    expect(showsSeats({ state: 'free', capacity: 1 })).toBe(false);
    expect(showsSeats({ state: 'passed', capacity: 4 })).toBe(false);
  });

  it('counts the states of a day', () => {
    expect(stateCounts([{ state: 'free' }, { state: 'booked' }, { state: 'free' }, { state: 'passed' }])).toEqual({
      free: 2,
      booked: 1,
      closed: 0,
      passed: 1,
    });
  });
});

describe('dayTabs', () => {
  it('gives month-day, weekday and today of each date', () => {
    expect(dayTabs(['2030-01-05', '2030-01-06'], '2030-01-05')).toEqual([
      { date: '2030-01-05', monthDay: '01-05', weekday: 6, today: true },
      { date: '2030-01-06', monthDay: '01-06', weekday: 0, today: false },
    ]);
  });
});

describe('tenantKeyOf', () => {
  it('reads the shared link tenant, or none', () => {
    expect(tenantKeyOf('?tenantKey=demo&lang=en')).toBe('demo');
    expect(tenantKeyOf('')).toBe('');
  });
});

describe('open booking page texts', () => {
  const keys = (value: unknown, prefix = ''): string[] =>
    typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
      : [prefix];
  it('zh and en have the same keys, none empty', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
    expect(JSON.stringify(zh)).not.toMatch(/""/);
    expect(JSON.stringify(en)).not.toMatch(/""/);
  });
});
