import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import {
  VISIT_STATE,
  approvalPathOf,
  auditStep,
  canCancel,
  canSee,
  checkVisitDate,
  dayWindow,
  defaultApprovalPath,
  initialState,
  isHistory,
  partySeats,
  seatMoves,
  stateAfterHost,
  stateOnceRegistered,
  updateRefusal,
  visitDateOf,
  visitorTypeOf,
  type Relation,
} from './visitors.appointments.rules.ts';

const ZONE = 'Asia/Shanghai';
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
};
const none: Relation = { visitor: false, host: false, inviter: false, secondLevel: false, admin: false };
const NOW = Date.parse('2030-01-01T04:00:00Z'); // 12:00 in Shanghai
const visit = (state: number, day = '2030-01-03') => ({ state, ...winOf(day) });
const winOf = (day: string) => {
  const w = dayWindow(day, ZONE);
  return { valid_from: w.starts_at, valid_to: w.ends_at };
};

describe('approval paths', () => {
  const row = (approval: number, second: number, enable = 1, path = '') => ({
    is_enable: enable,
    is_invite_school_flow_path: approval,
    is_enable_second_level: second,
    invite_school_flow_path: path,
  });
  it.each([
    // type, settings, registered, initial state, after the host
    ['1', undefined, true, VISIT_STATE.awaitingHost, VISIT_STATE.approved],
    ['2', undefined, true, VISIT_STATE.approved, VISIT_STATE.approved],
    ['3', undefined, true, VISIT_STATE.approved, VISIT_STATE.approved],
    ['1', row(0, 0), true, VISIT_STATE.approved, VISIT_STATE.approved],
    ['1', row(1, 1), true, VISIT_STATE.awaitingHost, VISIT_STATE.awaitingSecondLevel],
    ['2', row(1, 0), true, VISIT_STATE.approved, VISIT_STATE.approved],
    ['2', row(1, 1), true, VISIT_STATE.awaitingSecondLevel, VISIT_STATE.awaitingSecondLevel],
    ['2', row(1, 1), false, VISIT_STATE.awaitingRegistration, VISIT_STATE.awaitingSecondLevel],
    ['1', row(0, 1), true, VISIT_STATE.approved, VISIT_STATE.approved],
  ] as const)(
    'type %s with %j (registered %s) starts in %i; the host moves it to %i',
    (type, settings, registered, first, after) => {
      const path = approvalPathOf(type, settings);
      expect(initialState(type, path, registered)).toBe(first);
      expect(stateAfterHost(path)).toBe(after);
    },
  );

  it('defaults: applications need the host; invitations and guests need nothing; every type offered', () => {
    expect(defaultApprovalPath('1')).toEqual({ enabled: true, approval: true, secondLevel: false, approvers: [] });
    expect(defaultApprovalPath('2').approval).toBe(false);
    expect(defaultApprovalPath('3').approval).toBe(false);
    expect(approvalPathOf('1', row(1, 1, 0, ' a1, b2 ,a1'))).toEqual({
      enabled: false,
      approval: true,
      secondLevel: true,
      approvers: ['a1', 'b2'],
    });
  });

  it('a claimed invitation moves to the state approval asks for', () => {
    expect(stateOnceRegistered('2', approvalPathOf('2', row(1, 1)))).toBe(VISIT_STATE.awaitingSecondLevel);
    expect(stateOnceRegistered('2', approvalPathOf('2', undefined))).toBe(VISIT_STATE.approved);
  });

  it("the overall switch 'invitations need approval': off approves invitations at once; on, or for other types, the detail settings", () => {
    const off = { is_invite_school_flow_path: 0 };
    const on = { is_invite_school_flow_path: 1 };
    expect(approvalPathOf('2', row(1, 1, 1, 'a1'), off)).toEqual({
      enabled: true,
      approval: false,
      secondLevel: false,
      approvers: ['a1'],
    });
    expect(initialState('2', approvalPathOf('2', row(1, 1), off), true)).toBe(VISIT_STATE.approved);
    expect(stateOnceRegistered('2', approvalPathOf('2', row(1, 1), off))).toBe(VISIT_STATE.approved);
    expect(approvalPathOf('2', row(1, 0, 0), off).enabled).toBe(false);
    expect(initialState('2', approvalPathOf('2', row(1, 1), on), true)).toBe(VISIT_STATE.awaitingSecondLevel);
    expect(initialState('2', approvalPathOf('2', undefined, on), true)).toBe(VISIT_STATE.approved);
    // applications and a booking's guests follow their own settings only
    expect(initialState('1', approvalPathOf('1', row(1, 0), off), true)).toBe(VISIT_STATE.awaitingHost);
    expect(initialState('3', approvalPathOf('3', row(1, 1), off), true)).toBe(VISIT_STATE.awaitingSecondLevel);
  });

  it('visitor types: 1, 2, 3 or the fallback; anything else refused', () => {
    expect(visitorTypeOf(null, '2')).toBe('2');
    expect(visitorTypeOf(' 3 ', '1')).toBe('3');
    expect(codeOf(() => visitorTypeOf('4', '1'))).toBe('VISIT_TYPE_INVALID');
  });
});

describe('party size', () => {
  it.each([
    [null, null, 1],
    [0, 0, 1],
    [2, 1, 4],
    [20, 10, 31],
  ])('peers %s and children %s take %i seats', (p, c, seats) => {
    expect(partySeats(p, c)).toBe(seats);
  });
  it.each([
    [21, 0],
    [0, 11],
    [-1, 0],
    [1.5, 0],
  ])('peers %s and children %s are refused', (p, c) => {
    expect(codeOf(() => partySeats(p, c))).toBe('VISIT_PARTY_INVALID');
  });
});

describe('dates', () => {
  it('today .. 30 days ahead in the tenant zone', () => {
    expect(codeOf(() => checkVisitDate('2030-01-01', NOW, ZONE))).toBeNull();
    expect(codeOf(() => checkVisitDate('2030-01-31', NOW, ZONE))).toBeNull();
    expect(codeOf(() => checkVisitDate('2030-02-01', NOW, ZONE))).toBe('VISIT_DATE_OUT_OF_RANGE');
    expect(codeOf(() => checkVisitDate('2029-12-31', NOW, ZONE))).toBe('VISIT_DATE_OUT_OF_RANGE');
    // 23:30 UTC on the 31st is already 1 January in Shanghai
    expect(codeOf(() => checkVisitDate('2029-12-31', Date.parse('2029-12-31T23:30:00Z'), ZONE))).toBe(
      'VISIT_DATE_OUT_OF_RANGE',
    );
  });
  it('reads YYYY-MM-DD, a date-time and epoch ms; refuses the rest', () => {
    expect(visitDateOf('2030-01-03', ZONE)).toBe('2030-01-03');
    expect(visitDateOf('2030-01-03 10:00:00', ZONE)).toBe('2030-01-03');
    expect(visitDateOf(Date.parse('2030-01-02T17:00:00Z'), ZONE)).toBe('2030-01-03');
    expect(codeOf(() => visitDateOf('2030-02-30', ZONE))).toBe('VISIT_DATE_INVALID');
    expect(codeOf(() => visitDateOf('tomorrow', ZONE))).toBe('VISIT_DATE_INVALID');
    expect(codeOf(() => visitDateOf(undefined, ZONE))).toBe('VISIT_DATE_INVALID');
  });
  it("a day's window runs from local midnight to the next", () => {
    const w = dayWindow('2030-01-03', ZONE);
    expect(w.starts_at.toISOString()).toBe('2030-01-02T16:00:00.000Z');
    expect(w.ends_at.toISOString()).toBe('2030-01-03T16:00:00.000Z');
  });
});

describe('who may do what, and when', () => {
  it('sees: any relation; nobody else', () => {
    expect(canSee(none)).toBe(false);
    for (const k of Object.keys(none) as (keyof Relation)[]) expect(canSee({ ...none, [k]: true })).toBe(true);
  });

  it('audits: the host at step 1, the second level at step 2, nobody after the visit ended', () => {
    expect(auditStep(visit(0), { ...none, host: true }, NOW)).toBe(1);
    expect(auditStep(visit(0), { ...none, secondLevel: true, admin: true }, NOW)).toBeNull();
    expect(auditStep(visit(1), { ...none, secondLevel: true }, NOW)).toBe(2);
    expect(auditStep(visit(1), { ...none, host: true }, NOW)).toBeNull();
    expect(auditStep(visit(2), { ...none, host: true, secondLevel: true }, NOW)).toBeNull();
    expect(auditStep(visit(5), { ...none, host: true }, NOW)).toBeNull();
    expect(auditStep(visit(0, '2029-12-31'), { ...none, host: true }, NOW)).toBeNull();
  });

  it('cancels: visitor, inviter or visitor admin, before it starts, while not rejected or cancelled', () => {
    for (const rel of [{ visitor: true }, { inviter: true }, { admin: true }]) {
      for (const state of [0, 1, 2, 5]) expect(canCancel(visit(state), { ...none, ...rel }, NOW)).toBe(true);
      for (const state of [3, 4]) expect(canCancel(visit(state), { ...none, ...rel }, NOW)).toBe(false);
    }
    expect(canCancel(visit(2), { ...none, host: true }, NOW)).toBe(false);
    expect(canCancel(visit(2, '2030-01-01'), { ...none, visitor: true }, NOW)).toBe(false);
  });

  it('updates: its visitor or inviter, not yet approved, not started', () => {
    expect(updateRefusal(visit(0), { ...none, visitor: true }, NOW)).toBeNull();
    expect(updateRefusal(visit(5), { ...none, inviter: true }, NOW)).toBeNull();
    expect(updateRefusal(visit(2), { ...none, visitor: true }, NOW)).toBe('VISIT_NOT_EDITABLE');
    expect(updateRefusal(visit(0, '2030-01-01'), { ...none, visitor: true }, NOW)).toBe('VISIT_NOT_EDITABLE');
    expect(updateRefusal(visit(0), { ...none, admin: true, host: true }, NOW)).toBe('VISIT_NOT_YOURS');
  });

  it('history: rejected, cancelled or ended', () => {
    expect(isHistory(visit(2), NOW)).toBe(false);
    expect(isHistory(visit(3), NOW)).toBe(true);
    expect(isHistory(visit(4), NOW)).toBe(true);
    expect(isHistory(visit(2, '2029-12-31'), NOW)).toBe(true);
  });
});

describe('seat moves on a change', () => {
  const before = { date: '2030-01-03', areas: ['a', 'b'], seats: 2, held: true };
  it.each([
    ['same', { date: '2030-01-03', areas: ['a', 'b'], seats: 2 }, [], []],
    ['area swap', { date: '2030-01-03', areas: ['b', 'c'], seats: 2 }, ['a'], ['c']],
    ['new date', { date: '2030-01-04', areas: ['a', 'b'], seats: 2 }, ['a', 'b'], ['a', 'b']],
    ['new party', { date: '2030-01-03', areas: ['a'], seats: 3 }, ['a', 'b'], ['a']],
  ] as const)('%s', (_, after, release, take) => {
    expect(seatMoves(before, after)).toEqual({ release, take });
  });
  it('nothing held: take all', () => {
    expect(seatMoves({ ...before, held: false }, { date: '2030-01-03', areas: ['a'], seats: 2 })).toEqual({
      release: [],
      take: ['a'],
    });
  });
});
