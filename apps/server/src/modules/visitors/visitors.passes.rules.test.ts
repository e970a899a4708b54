import { localMidnightMs } from '@yuyue/shared';
import { describe, expect, it } from 'vitest';
import {
  bookingLive,
  entryTimeCheck,
  hmOf,
  longTermPassRule,
  maySeeLongTermPass,
  maySeeVisitPass,
  parseHm,
  parseInstant,
  parseWeekdays,
  passStateOf,
} from './visitors.passes.rules.ts';

const A = '0b5c6f1e-3a8d-4c2b-9e7f-1a2b3c4d5e6f';

describe('visitor pass rules', () => {
  it('reads weekdays and times', () => {
    expect(parseWeekdays('5,1,1,3')).toEqual([1, 3, 5]);
    expect(parseWeekdays('0,1')).toBeNull();
    expect(parseWeekdays('')).toBeNull();
    expect(parseHm('08:30')).toBe(510);
    expect(parseHm('24:00')).toBe(1440);
    expect(parseHm('24:01')).toBeNull();
    expect(parseHm('8:75')).toBeNull();
    expect(hmOf(1440)).toBe('24:00');
    expect(hmOf(65)).toBe('01:05');
  });

  it("a long-term visitor's window runs from the first day's local midnight to the midnight after the last", () => {
    const ok = longTermPassRule(
      {
        valid_from: '2030-03-01',
        valid_to: '2030-03-31',
        weekdays: '1,2',
        start_time: '08:00',
        end_time: '18:00',
        permission: A,
      },
      'Asia/Shanghai',
    );
    expect(ok).toEqual({
      ok: true,
      rule: {
        from: localMidnightMs('2030-03-01', 'Asia/Shanghai'),
        to: localMidnightMs('2030-04-01', 'Asia/Shanghai'),
        weekdays: [1, 2],
        startMinute: 480,
        endMinute: 1080,
        areaIds: [A],
      },
    });
    const base = {
      valid_from: '2030-03-01',
      valid_to: '2030-03-01',
      weekdays: '',
      start_time: '',
      end_time: '',
      permission: '',
    };
    expect(longTermPassRule(base, 'UTC')).toMatchObject({
      ok: true,
      rule: { weekdays: [1, 2, 3, 4, 5, 6, 7], startMinute: 0, endMinute: 1440 },
    });
    expect(longTermPassRule({ ...base, valid_to: '2030-02-28' }, 'UTC')).toEqual({ ok: false, field: 'valid_to' });
    expect(longTermPassRule({ ...base, valid_from: '2030-02-30' }, 'UTC')).toEqual({ ok: false, field: 'valid_from' });
    expect(longTermPassRule({ ...base, weekdays: '8' }, 'UTC')).toEqual({ ok: false, field: 'weekdays' });
    expect(longTermPassRule({ ...base, start_time: '18:00', end_time: '08:00' }, 'UTC')).toEqual({
      ok: false,
      field: 'end_time',
    });
  });

  it('who sees a visit pass', () => {
    const visit = { visitor_id: 'v1', host_user_id: 'h1', created_user: 'inviter', visitor_type: '2' };
    const caller = { id: 'x', account: 'x' };
    const base = { visit, caller, callerVisitorId: null, isVisitorAdmin: false, bookers: [] as string[] };
    expect(maySeeVisitPass(base)).toBe(false);
    expect(maySeeVisitPass({ ...base, isVisitorAdmin: true })).toBe(true);
    expect(maySeeVisitPass({ ...base, callerVisitorId: 'v1' })).toBe(true);
    expect(maySeeVisitPass({ ...base, callerVisitorId: 'v2' })).toBe(false);
    expect(maySeeVisitPass({ ...base, caller: { id: 'h1', account: 'host' } })).toBe(true);
    expect(maySeeVisitPass({ ...base, caller: { id: 'y', account: 'inviter' } })).toBe(true);
    // A booker sees only a booking guest's pass.
    expect(maySeeVisitPass({ ...base, bookers: ['x'] })).toBe(false);
    expect(maySeeVisitPass({ ...base, visit: { ...visit, visitor_type: '3' }, bookers: ['x'] })).toBe(true);
    expect(maySeeLongTermPass('', { id: '', account: '' }, false)).toBe(false);
    expect(maySeeLongTermPass('lt', { id: 'u', account: 'lt' }, false)).toBe(true);
  });

  it('pass states, live bookings and scan times', () => {
    expect(passStateOf({ from: 10, to: 20, revoked: false }, 9)).toBe('notYet');
    expect(passStateOf({ from: 10, to: 20, revoked: false }, 10)).toBe('valid');
    expect(passStateOf({ from: 10, to: 20, revoked: false }, 20)).toBe('expired');
    expect(passStateOf({ from: 10, to: 20, revoked: true }, 15)).toBe('revoked');
    const live = { state: '0', active: true, del: 0, appointment_state: '0' };
    expect(bookingLive(live)).toBe(true);
    expect(bookingLive({ ...live, appointment_state: '1' })).toBe(true);
    expect(bookingLive({ ...live, appointment_state: '3' })).toBe(false);
    expect(bookingLive({ ...live, state: '1' })).toBe(false);
    expect(bookingLive({ ...live, active: false })).toBe(false);
    expect(bookingLive(null)).toBe(false);
    const now = Date.UTC(2030, 0, 10);
    expect(entryTimeCheck(now + 60_000, now)).toBe('ok');
    expect(entryTimeCheck(now + 3 * 60_000, now)).toBe('future');
    expect(entryTimeCheck(now - 7 * 86_400_000, now)).toBe('ok');
    expect(entryTimeCheck(now - 7 * 86_400_000 - 1, now)).toBe('tooOld');
    expect(parseInstant('2030-01-10T08:00:00+08:00')).toBe(Date.UTC(2030, 0, 10));
    expect(parseInstant('2030-01-10T00:00:00.123Z')).toBe(Date.UTC(2030, 0, 10) + 123);
    expect(parseInstant('2030-01-10 08:00')).toBeNull();
    expect(parseInstant('yesterday')).toBeNull();
  });
});
