import { describe, expect, it } from 'vitest';
import {
  changeRefusal,
  decisionRefusal,
  deletable,
  selfDecisionRefusal,
  terminateRefusal,
  vacancyRate,
} from './booking.lifecycle.rules.ts';

const b = (state: string, audit_status: string, appointment_state: string) => ({
  state,
  audit_status,
  appointment_state,
});

describe('approval and termination need a booking awaiting approval', () => {
  it.each([
    [b('0', '1', '0'), null],
    [b('0', '0', '0'), 'APPROVAL_NOT_PENDING'],
    [b('0', '2', '0'), 'APPROVAL_NOT_PENDING'],
    [b('0', '3', '0'), 'APPROVAL_NOT_PENDING'],
    [b('1', '1', '0'), 'APPROVAL_NOT_PENDING'],
    [b('0', '1', '3'), 'APPROVAL_NOT_PENDING'],
  ])('%o -> %s', (booking, code) => {
    expect(decisionRefusal(booking)?.code ?? null).toBe(code);
    expect(terminateRefusal(booking)?.code ?? null).toBe(code && 'TERMINATE_NOT_PENDING');
  });
});

describe('selfDecisionRefusal', () => {
  const booking = { created_user: 'lee', appointment_user: 'lee' };
  it.each([
    ['another approver', 'wang', false, null],
    ['the booker, self-approval off', 'lee', false, 'SELF_APPROVAL_FORBIDDEN'],
    ['the booker, self-approval allowed', 'lee', true, null],
    ['the person booked for', 'chen', false, null],
  ])('%s', (_, approver, allowed, code) => {
    expect(selfDecisionRefusal(booking, approver, allowed)?.code ?? null).toBe(code);
  });

  it('refuses the person a booking is for as well as its maker', () => {
    const forSomeone = { created_user: 'lee', appointment_user: 'chen' };
    expect(selfDecisionRefusal(forSomeone, 'chen', false)?.code).toBe('SELF_APPROVAL_FORBIDDEN');
    expect(selfDecisionRefusal(forSomeone, 'lee', false)?.code).toBe('SELF_APPROVAL_FORBIDDEN');
  });
});

describe('changeRefusal', () => {
  const start = 10 * 60_000 * 60;
  it.each([
    [b('0', '0', '0'), 0, 0, null],
    [b('0', '1', '0'), 0, 0, null],
    [b('0', '2', '0'), 0, 0, null],
    [b('1', '0', '0'), 0, 0, 'CHANGE_NOT_ALLOWED_STATE'],
    [b('0', '3', '0'), 0, 0, 'CHANGE_NOT_ALLOWED_STATE'],
    [b('0', '0', '1'), 0, 0, 'CHANGE_NOT_ALLOWED_STATE'],
    [b('0', '0', '3'), 0, 0, 'CHANGE_NOT_ALLOWED_STATE'],
    [b('0', '4', '0'), 0, 0, 'BALLOT_ENTRY_NOT_MOVABLE'],
    [b('0', '0', '0'), start, 0, 'CHANGE_STARTED'],
    [b('0', '0', '0'), start - 30 * 60_000, 60, 'CHANGE_TOO_LATE'],
    [b('0', '0', '0'), start - 60 * 60_000, 60, null],
  ])('%o at %i with window %i -> %s', (booking, now, minIntervalMinutes, code) => {
    expect(changeRefusal({ booking, now, startsAt: start, minIntervalMinutes })?.code ?? null).toBe(code);
  });
});

describe('deletable', () => {
  it.each([
    [b('1', '0', '0'), 100, true],
    [b('0', '3', '0'), 100, true],
    [b('0', '0', '1'), 100, true],
    [b('0', '0', '2'), 100, true],
    [b('0', '1', '3'), 100, true],
    [b('0', '0', '0'), 100, false],
    [b('0', '2', '0'), 100, false],
    [b('0', '0', '0'), 50, true],
  ])('%o ending at %i (now 50) -> %s', (booking, endsAt, ok) => {
    expect(deletable(booking, endsAt, 50)).toBe(ok);
  });
});

describe('vacancyRate', () => {
  it.each([
    [10, 0, 1],
    [10, 3, 0.7],
    [3, 1, 0.6667],
    [4, 4, 0],
    [4, 9, 0],
    [0, 0, null],
  ])('capacity %i booked %i -> %s', (capacity, booked, rate) => {
    expect(vacancyRate(capacity, booked)).toBe(rate);
  });
});
