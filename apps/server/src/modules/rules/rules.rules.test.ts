import { describe, expect, it } from 'vitest';
import { ruleProblem } from './rules.rules.ts';

describe('ruleProblem', () => {
  const slot = (kssj: string, jssj: string, del = 0) => ({ id: undefined, kssj, jssj, order: undefined, del });
  it.each([
    ['fine', { resourcesTimeSlot: [slot('09:00', '10:00'), slot('10:00', '11:00')] }, undefined, null],
    ['backwards slot', { resourcesTimeSlot: [slot('10:00', '09:00')] }, undefined, 'TIME_SLOT_INVALID'],
    [
      'overlap',
      { resourcesTimeSlot: [slot('09:00', '10:30'), slot('10:00', '11:00')] },
      undefined,
      'TIME_SLOTS_OVERLAP',
    ],
    [
      'deleted slots do not overlap',
      { resourcesTimeSlot: [slot('09:00', '10:30', 1), slot('10:00', '11:00')] },
      undefined,
      null,
    ],
    [
      'backwards date range',
      { resourcesDate: [{ start: '2030-02-01', end: '2030-01-01', order: undefined, del: undefined }] },
      undefined,
      'DATE_RANGE_INVALID',
    ],
    [
      'free time min above max',
      {},
      { pertimeslot_min_minutes: 60, pertimeslot_max_minutes: 30 },
      'FREE_TIME_MINUTES_INVALID',
    ],
    ['free time without max', {}, { pertimeslot_min_minutes: 60, pertimeslot_max_minutes: 0 }, null],
  ] as const)('%s', (_n, lists, config, want) => {
    expect(ruleProblem(lists as never, config)?.code ?? null).toBe(want);
  });
});
