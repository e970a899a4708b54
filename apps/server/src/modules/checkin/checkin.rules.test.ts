import { describe, expect, it } from 'vitest';
import {
  checkInRulesOf,
  markRefusal,
  pickForSignIn,
  signInRefusal,
  signInWindow,
  signOutDeadline,
  signOutRefusal,
  signStateOf,
  type CheckInRules,
  type SignBooking,
} from './checkin.rules.ts';

const M = 60_000;
/** A booking 10:00-11:00 (as instants: minute 600..660 of some day). */
const START = 600 * M;
const END = 660 * M;
const at = (minute: number) => minute * M;
const fmt = (ms: number) => `m${ms / M}`;

const booking = (over: Partial<SignBooking> = {}): SignBooking => ({
  startsAt: START,
  endsAt: END,
  state: '0',
  audit_status: '0',
  appointment_state: '0',
  del: 0,
  ...over,
});

const rules = (over: Partial<CheckInRules> = {}): CheckInRules => ({
  required: true,
  earliestMinutes: 15,
  latestMinutes: 15,
  signOut: false,
  ...over,
});

const type = {
  punctuality_rule: '1',
  deviation_minutes: 10,
  earliest_punctuality_rule: '1',
  earliest_deviation_minutes: 5,
  sign_out_rule: '1',
};

describe('checkInRulesOf', () => {
  it.each([
    [
      'the seed template: signin_rule 1 with deviations and no flags',
      { signin_rule: '1', earliest_deviation_minutes: 15, latest_deviation_minutes: 15 },
      null,
      { required: true, earliestMinutes: 15, latestMinutes: 15, signOut: false },
    ],
    [
      'flags 0 turn the deviations off',
      {
        signin_rule: '1',
        earliest_punctuality_rule: '0',
        earliest_deviation_minutes: 30,
        latest_punctuality_rule: '0',
        latest_deviation_minutes: 30,
        sign_out_rule: '1',
      },
      null,
      { required: true, earliestMinutes: 0, latestMinutes: 0, signOut: true },
    ],
    [
      'signin_rule 0: no check-in required, still windows',
      { signin_rule: '0', earliest_punctuality_rule: '1', earliest_deviation_minutes: 10 },
      type,
      { required: false, earliestMinutes: 10, latestMinutes: 0, signOut: false },
    ],
    [
      'no signin_rule on the resource: the type decides (the resource minutes are not read)',
      { signin_rule: '', earliest_deviation_minutes: 99 },
      type,
      { required: true, earliestMinutes: 5, latestMinutes: 10, signOut: true },
    ],
    [
      'nothing anywhere: nothing required',
      null,
      null,
      { required: false, earliestMinutes: 0, latestMinutes: 0, signOut: false },
    ],
    [
      'negative or missing minutes count as 0',
      { signin_rule: '1', earliest_deviation_minutes: -5, latest_deviation_minutes: null },
      null,
      { required: true, earliestMinutes: 0, latestMinutes: 0, signOut: false },
    ],
  ])('%s', (_name, config, t, expected) => {
    expect(checkInRulesOf(config, t)).toEqual(expected);
  });
});

describe('check-in window', () => {
  it.each([
    // [earliest, latest, minute, expected refusal code or null]
    [15, 15, 584, 'SIGN_IN_NOT_OPEN'],
    [15, 15, 585, null],
    [15, 15, 600, null],
    [15, 15, 614, null],
    [15, 15, 615, 'SIGN_IN_CLOSED'],
    [0, 0, 599, 'SIGN_IN_NOT_OPEN'],
    [0, 0, 600, null],
    [0, 0, 659, null],
    [0, 0, 660, 'SIGN_IN_CLOSED'],
    [30, 90, 570, null],
    [30, 90, 659, null],
    [30, 90, 660, 'SIGN_IN_CLOSED'], // lateness beyond the end is capped at the end
    [1440, 1, 600 - 1440, null],
    [1440, 1, 600 - 1441, 'SIGN_IN_NOT_OPEN'],
    [1440, 1, 600, null],
    [1440, 1, 601, 'SIGN_IN_CLOSED'],
  ])('earliest %i, latest %i: at minute %i -> %s', (earliest, latest, minute, code) => {
    const r = rules({ earliestMinutes: earliest, latestMinutes: latest });
    expect(signInRefusal(booking(), r, at(minute), fmt)?.code ?? null).toBe(code);
  });

  it('names the opening and closing times', () => {
    const r = rules();
    expect(signInRefusal(booking(), r, at(500), fmt)).toEqual({ code: 'SIGN_IN_NOT_OPEN', params: { start: 'm585' } });
    expect(signInRefusal(booking(), r, at(700), fmt)).toEqual({ code: 'SIGN_IN_CLOSED', params: { end: 'm615' } });
    expect(signInWindow(r, booking())).toEqual({ opensAt: at(585), closesAt: at(615) });
  });

  it.each([
    [{ state: '1' }, 'SIGN_IN_NOT_VALID'],
    [{ del: 1 }, 'SIGN_IN_NOT_VALID'],
    [{ audit_status: '3' }, 'SIGN_IN_NOT_VALID'],
    [{ appointment_state: '3' }, 'SIGN_IN_NOT_VALID'],
    [{ audit_status: '1' }, 'SIGN_IN_AWAITING_APPROVAL'],
    [{ appointment_state: '1', signedInAt: at(590) }, 'SIGN_IN_ALREADY'],
    [{ appointment_state: '2' }, 'SIGN_IN_MISSED'],
    [{ audit_status: '2' }, null],
  ])('a booking %o in its window -> %s', (over, code) => {
    expect(signInRefusal(booking(over), rules(), at(600), fmt)?.code ?? null).toBe(code);
  });

  it('says when an already checked-in booking was checked in', () => {
    expect(signInRefusal(booking({ appointment_state: '1', signedInAt: at(590) }), rules(), at(600), fmt)).toEqual({
      code: 'SIGN_IN_ALREADY',
      params: { time: 'm590' },
    });
  });
});

describe('sign-out rule', () => {
  const signedIn = { sign_in_time: new Date(at(595)), sign_out_time: null };
  it.each([
    // [signOut, latest, appointment_state, sign, minute, code]
    [false, 15, '1', signedIn, 630, 'SIGN_OUT_NOT_USED'],
    [true, 15, '0', null, 630, 'SIGN_OUT_NOT_SIGNED_IN'],
    [true, 15, '1', { sign_in_time: null, sign_out_time: null }, 630, 'SIGN_OUT_NOT_SIGNED_IN'],
    [true, 15, '1', signedIn, 596, null],
    [true, 15, '1', signedIn, 674, null],
    [true, 15, '1', signedIn, 675, 'SIGN_OUT_CLOSED'],
    [true, 0, '1', signedIn, 659, null],
    [true, 0, '1', signedIn, 660, 'SIGN_OUT_CLOSED'],
    [true, 15, '1', { sign_in_time: new Date(at(595)), sign_out_time: new Date(at(640)) }, 650, 'SIGN_OUT_ALREADY'],
    [true, 15, '2', signedIn, 630, 'SIGN_OUT_NOT_SIGNED_IN'],
  ])('signOut %s, latest %i, appointment_state %s: at minute %i -> %s', (signOut, latest, st, sign, minute, code) => {
    const r = rules({ signOut, latestMinutes: latest });
    expect(signOutRefusal(booking({ appointment_state: st }), r, sign, at(minute), fmt)?.code ?? null).toBe(code);
  });

  it('has a deadline only when check-out is used', () => {
    expect(signOutDeadline(rules({ signOut: true }), booking())).toBe(at(675));
    expect(signOutDeadline(rules({ signOut: false }), booking())).toBeNull();
  });
});

describe('staff marking', () => {
  it.each([
    ['1', {}, 584, 'MARK_NOT_STARTED'],
    ['1', {}, 585, null],
    ['1', {}, 900, null],
    ['1', { appointment_state: '2' }, 900, null],
    ['1', { appointment_state: '1' }, 600, 'MARK_PERFORMED_NOT_ALLOWED'],
    ['1', { state: '1' }, 600, 'MARK_PERFORMED_NOT_ALLOWED'],
    ['1', { audit_status: '1' }, 600, 'MARK_PERFORMED_NOT_ALLOWED'],
    ['2', {}, 599, 'MARK_NOT_STARTED'],
    ['2', {}, 600, null],
    ['2', { appointment_state: '1' }, 600, 'MARK_MISSED_NOT_ALLOWED'],
    ['2', { appointment_state: '2' }, 600, 'MARK_MISSED_NOT_ALLOWED'],
    ['2', { appointment_state: '3' }, 600, 'MARK_MISSED_NOT_ALLOWED'],
    ['2', { audit_status: '3' }, 600, 'MARK_MISSED_NOT_ALLOWED'],
  ] as const)('to %s from %o at minute %i -> %s', (to, over, minute, code) => {
    expect(markRefusal(booking(over), to, rules(), at(minute), fmt)?.code ?? null).toBe(code);
  });
});

describe('pickForSignIn', () => {
  const nine = booking({ startsAt: at(540), endsAt: at(600) });
  const ten = booking();
  it('checks in the earliest booking whose window is open', () => {
    const r = rules({ earliestMinutes: 15, latestMinutes: 0 });
    // 09:50: the 09:00 booking is open (until 10:00) and the 10:00 one opens at 09:45
    expect(pickForSignIn([ten, nine], r, at(590), fmt)).toEqual({ booking: nine });
    expect(pickForSignIn([ten, { ...nine, appointment_state: '1' }], r, at(590), fmt)).toEqual({ booking: ten });
  });
  it('explains with the nearest booking when none is open, and null when there is none', () => {
    const r = rules();
    expect(pickForSignIn([ten], r, at(500), fmt)).toEqual({
      refusal: { code: 'SIGN_IN_NOT_OPEN', params: { start: 'm585' } },
    });
    expect(pickForSignIn([nine, ten], r, at(700), fmt)).toEqual({
      refusal: { code: 'SIGN_IN_CLOSED', params: { end: 'm615' } },
    });
    expect(pickForSignIn([], r, at(600), fmt)).toBeNull();
  });
});

describe('signStateOf', () => {
  it.each([
    [{}, null, '0'],
    [{ appointment_state: '1' }, { sign_out_time: null }, '1'],
    [{ appointment_state: '1' }, { sign_out_time: new Date(0) }, '2'],
    [{ appointment_state: '2' }, null, '3'],
    [{ state: '1' }, null, '4'],
    [{ audit_status: '1' }, null, '4'],
    [{ appointment_state: '3' }, null, '4'],
  ])('%o %o -> %s', (over, sign, expected) => {
    expect(signStateOf(booking(over), sign)).toBe(expected);
  });
});
