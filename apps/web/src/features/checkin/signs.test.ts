import { describe, expect, it } from 'vitest';
import {
  markOptions,
  parseWallTime,
  shortWallTime,
  signInstant,
  signUse,
  signVerdict,
  windowPhase,
  zoneOffsetOf,
} from './signs.ts';
import type { AppointmentSign } from './types.ts';

const HOUR = 3_600_000;
/** The tenant is in Asia/Shanghai (UTC+8), whatever the zone of the machine running the test. */
const SHANGHAI_MIDNIGHT = Date.UTC(2026, 4, 4) - 8 * HOUR;
/** A Shanghai wall time as an instant. */
const at = (text: string) => parseWallTime(text, -8 * HOUR)!;

const sign = (over: Partial<AppointmentSign> = {}) =>
  ({
    state: '0',
    audit_status: '0',
    appointment_state: '0',
    sign_state: '0',
    sign_in_start: '2026-05-04 09:45:00',
    sign_in_end: '2026-05-04 10:15:00',
    sign_out_end: '',
    sign_in_time: '',
    appointment_date: SHANGHAI_MIDNIGHT,
    ...over,
  }) as AppointmentSign;

describe('parseWallTime', () => {
  it('reads the wire time in the tenant zone from the booking date', () => {
    expect(zoneOffsetOf({ appointment_date: SHANGHAI_MIDNIGHT })).toBe(-8 * HOUR);
    expect(zoneOffsetOf({ appointment_date: Date.UTC(2026, 4, 4) + 4 * HOUR })).toBe(4 * HOUR);
    expect(signInstant({ appointment_date: SHANGHAI_MIDNIGHT }, '2026-05-04 09:45:00')).toBe(
      Date.UTC(2026, 4, 4, 1, 45),
    );
    // a window opening before midnight of the booking date
    expect(signInstant({ appointment_date: SHANGHAI_MIDNIGHT }, '2026-05-03 23:30:00')).toBe(
      Date.UTC(2026, 4, 3, 15, 30),
    );
  });

  it('reads the wire time in the browser zone without an offset', () => {
    expect(parseWallTime('2026-05-04 09:45:00')).toBe(new Date(2026, 4, 4, 9, 45, 0).getTime());
    expect(parseWallTime('2026-05-04 09:45')).toBe(new Date(2026, 4, 4, 9, 45, 0).getTime());
    expect(parseWallTime('')).toBeNull();
    expect(parseWallTime('09:45')).toBeNull();
  });

  it('shortens to the time on the same date', () => {
    expect(shortWallTime('2026-05-04 09:45:00', '2026-05-04')).toBe('09:45');
    expect(shortWallTime('2026-05-05 00:10:00', '2026-05-04')).toBe('2026-05-05 00:10');
    expect(shortWallTime('')).toBe('');
  });
});

describe('signVerdict', () => {
  const before = at('2026-05-04 09:00:00');
  const after = at('2026-05-04 10:15:00');

  it('a valid booking is to check in until its window closes, then ended', () => {
    expect(signVerdict(sign(), before)).toBe('toCheckIn');
    expect(signVerdict(sign(), after - 1)).toBe('toCheckIn');
    expect(signVerdict(sign(), after)).toBe('ended');
  });

  it('checked in and checked out stay valid whatever the time', () => {
    expect(signVerdict(sign({ appointment_state: '1', sign_state: '1' }), after)).toBe('checkedIn');
    expect(signVerdict(sign({ appointment_state: '1', sign_state: '2' }), after)).toBe('checkedOut');
  });

  it('says why a booking is not valid, the cancellation first', () => {
    expect(signVerdict(sign({ state: '1', audit_status: '3' }), before)).toBe('cancelled');
    expect(signVerdict(sign({ audit_status: '3' }), before)).toBe('rejected');
    expect(signVerdict(sign({ appointment_state: '3', audit_status: '1' }), before)).toBe('terminated');
    expect(signVerdict(sign({ appointment_state: '2', sign_state: '3' }), before)).toBe('noShow');
    expect(signVerdict(sign({ audit_status: '1', sign_state: '4' }), before)).toBe('pending');
  });
});

describe('windowPhase', () => {
  it('is before, open (start inclusive) and closed (end exclusive)', () => {
    expect(windowPhase(sign(), at('2026-05-04 09:44:59'))).toBe('before');
    expect(windowPhase(sign(), at('2026-05-04 09:45:00'))).toBe('open');
    expect(windowPhase(sign(), at('2026-05-04 10:14:59'))).toBe('open');
    expect(windowPhase(sign(), at('2026-05-04 10:15:00'))).toBe('closed');
    expect(windowPhase(sign({ sign_in_start: '' }), 0)).toBe('unknown');
  });
});

describe('signUse', () => {
  const checkedIn = { sign_state: '1', appointment_state: '1', sign_in_time: '2026-05-04 09:50:00' } as const;
  it.each([
    ['to check in, before or in the window', {}, '2026-05-04 09:00:00', 'in'],
    ['check-in over', {}, '2026-05-04 10:15:00', null],
    ['checked in, no check-out asked', checkedIn, '2026-05-04 10:30:00', null],
    ['checked in, check-out asked, no deadline', { ...checkedIn, sign_out_rule: '1' }, '2026-05-04 23:00:00', 'out'],
    [
      'checked in, before the check-out deadline',
      { ...checkedIn, sign_out_rule: '1', sign_out_end: '2026-05-04 11:30:00' },
      '2026-05-04 11:29:59',
      'out',
    ],
    [
      'checked in, check-out deadline passed',
      { ...checkedIn, sign_out_rule: '1', sign_out_end: '2026-05-04 11:30:00' },
      '2026-05-04 11:30:00',
      null,
    ],
    ['cancelled', { state: '1' }, '2026-05-04 09:50:00', null],
    ['awaiting approval', { audit_status: '1' }, '2026-05-04 09:50:00', null],
  ] as const)('%s', (_name, over, now, expected) => {
    expect(signUse(sign(over as Partial<AppointmentSign>), at(now))).toBe(expected);
  });
});

describe('markOptions', () => {
  it('offers both markings for a confirmed booking to be performed', () => {
    expect(markOptions(sign())).toEqual({ performed: true, missed: true });
    expect(markOptions(sign({ audit_status: '2' }))).toEqual({ performed: true, missed: true });
  });

  it('offers to correct a no-show, and nothing more for a performed one', () => {
    expect(markOptions(sign({ appointment_state: '2' }))).toEqual({ performed: true, missed: false });
    expect(markOptions(sign({ appointment_state: '1' }))).toEqual({ performed: false, missed: false });
  });

  it('offers nothing for cancelled, rejected, awaiting or terminated bookings', () => {
    for (const over of [{ state: '1' }, { audit_status: '3' }, { audit_status: '1' }, { appointment_state: '3' }]) {
      expect(markOptions(sign(over))).toEqual({ performed: false, missed: false });
    }
  });
});
