import { describe, expect, it } from 'vitest';
import { appointmentActions, bookingStatus, inBallot, startsAt, tabQuery } from './status.ts';

/** Epoch ms of a UTC midnight stands in for the tenant's midnight: only differences matter. */
const day = Date.UTC(2026, 2, 2);
const codes = (over: Record<string, string> = {}) => ({
  state: '0',
  audit_status: '0',
  appointment_state: '0',
  appointment_date: day,
  start_time: '09:00',
  end_time: '10:00',
  series_id: '',
  ...over,
});
const at = (hhmm: string) => day + (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))) * 60_000;

describe('tabQuery', () => {
  it('to do: valid bookings from today on, awaiting nothing; in progress: awaiting approval or a draw; reserved: all', () => {
    const todo = tabQuery('todo', '2026-03-02');
    expect(todo.filter).toEqual({
      state: { eq: '0' },
      audit_status: { in: ['0', '2'] },
      appointment_state: { eq: '0' },
    });
    expect(todo.appointmentDate?.[0]).toBe('2026-03-02');
    expect((todo.appointmentDate?.[1] ?? '') > '2036-01-01').toBe(true);
    expect(tabQuery('progress', '2026-03-02').filter).toEqual({
      state: { eq: '0' },
      audit_status: { in: ['1', '4'] },
      appointment_state: { eq: '0' },
    });
    expect(tabQuery('reserved', '2026-03-02')).toEqual({});
  });
});

describe('appointmentActions', () => {
  it('a coming booking may be cancelled or moved, not deleted', () => {
    expect(appointmentActions(codes(), at('08:00'))).toEqual({
      cancel: true,
      cancelSeries: false,
      changeTime: true,
      terminate: false,
      remove: false,
    });
    expect(startsAt(codes())).toBe(at('09:00'));
  });

  it('an application awaiting approval may also be terminated; a series may be cancelled whole', () => {
    const a = appointmentActions(codes({ audit_status: '1', series_id: 'x' }), at('08:00'));
    expect(a.terminate).toBe(true);
    expect(a.cancelSeries).toBe(true);
  });

  it('a started booking cannot be cancelled or moved; once ended or cancelled it can be deleted', () => {
    expect(appointmentActions(codes(), at('09:30'))).toMatchObject({ cancel: false, changeTime: false, remove: false });
    expect(appointmentActions(codes(), at('10:00'))).toMatchObject({ cancel: false, remove: true });
    expect(appointmentActions(codes({ state: '1' }), at('08:00'))).toMatchObject({
      cancel: false,
      changeTime: false,
      terminate: false,
      remove: true,
    });
    expect(appointmentActions(codes({ audit_status: '3' }), at('08:00')).remove).toBe(true);
  });
});

describe('an entry in a ballot (audit_status 4)', () => {
  it('shows "in the ballot" until its draw (not "awaiting approval"), and may be withdrawn but not moved or terminated', () => {
    const entry = codes({ audit_status: '4' });
    expect(bookingStatus(entry, at('08:00'))).toBe('inBallot');
    expect(bookingStatus(entry, at('08:00'), { outcome: 'waiting' })).toBe('inBallot');
    expect(inBallot(entry)).toBe(true);
    expect(appointmentActions(entry, at('08:00'))).toMatchObject({ cancel: true, changeTime: false, terminate: false });
  });

  it('once cancelled or drawn it shows as any booking', () => {
    expect(bookingStatus(codes({ audit_status: '4', state: '1' }), at('08:00'))).toBe('cancelled');
    expect(inBallot(codes({ audit_status: '4', state: '1' }))).toBe(false);
    expect(bookingStatus(codes({ audit_status: '3' }), at('08:00'))).toBe('rejected');
    expect(bookingStatus(codes({ audit_status: '0' }), at('08:00'))).toBe('upcoming');
  });

  it('after the draw: a winner shows its booking status, a refused entry not drawn shows "not drawn"', () => {
    expect(bookingStatus(codes({ audit_status: '0' }), at('08:00'), { outcome: 'won' })).toBe('upcoming');
    // a resource needing approval: the winner awaits approval as any application
    expect(bookingStatus(codes({ audit_status: '1' }), at('08:00'), { outcome: 'won' })).toBe('pending');
    for (const outcome of ['full', 'capped', 'refused', 'duplicate'] as const) {
      expect(bookingStatus(codes({ audit_status: '3' }), at('08:00'), { outcome })).toBe('notDrawn');
    }
    // without its entry (or one that never lost) a refusal reads as an approver's
    expect(bookingStatus(codes({ audit_status: '3' }), at('08:00'))).toBe('rejected');
    expect(bookingStatus(codes({ audit_status: '3' }), at('08:00'), null)).toBe('rejected');
    // a withdrawn entry is cancelled
    expect(bookingStatus(codes({ audit_status: '4', state: '1' }), at('08:00'), { outcome: 'withdrawn' })).toBe(
      'cancelled',
    );
  });
});
