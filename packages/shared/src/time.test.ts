import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantOf, isoDateOf, localMidnightMs, parseIsoDate, formatDateTime, wallClock } from './time.ts';

describe('time helpers', () => {
  it('gives local midnight in Asia/Shanghai as epoch ms', () => {
    expect(localMidnightMs('2026-11-21', 'Asia/Shanghai')).toBe(Date.UTC(2026, 10, 20, 16, 0, 0));
  });

  it('round-trips dates through the zone', () => {
    const ms = localMidnightMs('2026-03-29', 'Europe/Berlin')!;
    expect(isoDateOf(ms, 'Europe/Berlin')).toBe('2026-03-29');
    expect(isoDateOf(ms + 23 * 3600_000 - 1, 'Europe/Berlin')).toBe('2026-03-29');
  });

  it('keeps wall-clock time across a daylight-saving change', () => {
    const before = instantOf({ year: 2026, month: 3, day: 28 }, { hour: 9, minute: 0 }, 'Europe/Berlin');
    const after = instantOf({ year: 2026, month: 3, day: 29 }, { hour: 9, minute: 0 }, 'Europe/Berlin');
    expect(after - before).toBe(23 * 3600_000);
    expect(formatDateTime(after, 'Europe/Berlin')).toBe('2026-03-29 09:00:00');
  });

  it('resolves a skipped wall-clock time to after the jump', () => {
    const t = instantOf({ year: 2026, month: 3, day: 29 }, { hour: 2, minute: 30 }, 'Europe/Berlin');
    expect(formatDateTime(t, 'Europe/Berlin')).toBe('2026-03-29 03:30:00');
  });

  it('west of UTC, reads the hours just after a spring-forward jump right (America/Chicago 2026-03-08)', () => {
    for (const hour of [3, 5, 7, 9]) {
      const t = instantOf({ year: 2026, month: 3, day: 8 }, { hour, minute: 0 }, 'America/Chicago');
      expect(formatDateTime(t, 'America/Chicago')).toBe(`2026-03-08 0${hour}:00:00`);
    }
    const gap = instantOf({ year: 2026, month: 3, day: 8 }, { hour: 2, minute: 30 }, 'America/Chicago');
    expect(formatDateTime(gap, 'America/Chicago')).toBe('2026-03-08 03:30:00');
  });

  it('refuses impossible dates', () => {
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('2026-2-3')).toBeNull();
    expect(parseIsoDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
  });
});

describe('zone offsets (remembered per quarter hour)', () => {
  // Zones with daylight saving, half- and quarter-hour offsets, a 30-minute DST shift, and
  // historical offsets in seconds (Amsterdam's +00:19:32 until 1937).
  const zones = [
    'Asia/Shanghai',
    'Europe/London',
    'America/Chicago',
    'Europe/Amsterdam',
    'Asia/Kathmandu',
    'Australia/Lord_Howe',
    'America/St_Johns',
  ];
  it('reads every instant back as the wall clock it shows, across a century of transitions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1900, 0, 1) / 1000, max: Date.UTC(2100, 0, 1) / 1000 }),
        fc.constantFrom(...zones),
        (seconds, zone) => {
          const t = seconds * 1000;
          const w = wallClock(t, zone);
          const back = instantOf(w, w, zone);
          // the same wall clock; where it occurs twice (clocks going back), the later instant
          expect(wallClock(back, zone)).toEqual(w);
          expect(back === t || (back > t && back - t <= 2 * 3600_000)).toBe(true);
          // asked again (now from the remembered offsets), the same answer
          expect(instantOf(w, w, zone)).toBe(back);
        },
      ),
      { numRuns: 1000, examples: [[3939942600, 'America/St_Johns']] },
    );
  }, 60_000);
});
