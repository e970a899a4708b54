import { describe, expect, it } from 'vitest';
import { banEndFields, blackListFilterOf, ruleNumberProblem } from './rules.ts';

describe('ruleNumberProblem', () => {
  it('wants whole numbers within the server bounds', () => {
    expect(ruleNumberProblem('no_show_times', 3)).toBeNull();
    expect(ruleNumberProblem('no_show_times', 1)).toBeNull();
    expect(ruleNumberProblem('no_show_times', 100)).toBeNull();
    expect(ruleNumberProblem('no_show_times', 101)).toBe('range');
    expect(ruleNumberProblem('no_show_days', 0)).toBe('range');
    expect(ruleNumberProblem('no_show_days', 366)).toBeNull();
    expect(ruleNumberProblem('no_show_days', 367)).toBe('range');
    expect(ruleNumberProblem('ban_days', 3650)).toBeNull();
    expect(ruleNumberProblem('ban_days', 2.5)).toBe('integer');
    expect(ruleNumberProblem('ban_days', 'x')).toBe('integer');
    expect(ruleNumberProblem('ban_days', null)).toBe('required');
    expect(ruleNumberProblem('ban_days', '')).toBe('required');
  });
});

describe('blackListFilterOf', () => {
  it('leaves out empty fields and trims the keyword', () => {
    expect(blackListFilterOf({})).toEqual({});
    expect(blackListFilterOf({ keyword: '  ' })).toEqual({});
    expect(blackListFilterOf({ keyword: ' 张 ', source: '1', ban_state: '3' })).toEqual({
      keyword: { like: '张' },
      source: { eq: '1' },
      ban_state: { eq: '3' },
    });
  });
});

describe('banEndFields', () => {
  it('sends a date as end_time and a number of days as days', () => {
    expect(banEndFields({ kind: 'date', date: '2026-04-01' })).toEqual({ end_time: '2026-04-01' });
    expect(banEndFields({ kind: 'days', days: 7 })).toEqual({ days: 7 });
  });
});
