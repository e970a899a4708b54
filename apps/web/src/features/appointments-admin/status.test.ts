import { describe, expect, it } from 'vitest';
import { adminBookingVariables } from './listVariables.ts';
import { bookingDate } from '../booking/dates.ts';
import { awaitsApproval, bookingStatus, endsAt, isDeletable, isOpen, mayChangeTime, statusFilter } from './status.ts';

const midnight = (iso: string, offsetHours: number) => Date.parse(`${iso}T00:00:00Z`) - offsetHours * 3_600_000;

describe('booking dates and statuses', () => {
  it("reads the wire date in any zone within ±12 h (local midnight's epoch ms)", () => {
    for (const offset of [8, 0, -5, 11, -11, 5.5]) {
      expect(bookingDate(midnight('2026-03-01', offset))).toBe('2026-03-01');
      expect(bookingDate(midnight('2026-12-31', offset))).toBe('2026-12-31');
    }
  });

  it('derives the status from the three codes and the end', () => {
    const base = {
      appointment_date: midnight('2026-03-02', 8),
      end_time: '10:00',
      state: '0',
      audit_status: '0',
      appointment_state: '0',
    };
    const end = endsAt(base);
    expect(end).toBe(Date.parse('2026-03-02T02:00:00Z'));
    expect(bookingStatus(base, end - 1)).toBe('upcoming');
    expect(bookingStatus(base, end)).toBe('ended');
    expect(bookingStatus({ ...base, audit_status: '1' }, end - 1)).toBe('pending');
    expect(bookingStatus({ ...base, audit_status: '2' }, end - 1)).toBe('upcoming');
    expect(bookingStatus({ ...base, audit_status: '3' }, end - 1)).toBe('rejected');
    expect(bookingStatus({ ...base, state: '1', audit_status: '1' }, end - 1)).toBe('cancelled');
    expect(bookingStatus({ ...base, appointment_state: '1' }, end - 1)).toBe('performed');
    expect(bookingStatus({ ...base, appointment_state: '2' }, end - 1)).toBe('noShow');
    expect(bookingStatus({ ...base, audit_status: '1', appointment_state: '3' }, end - 1)).toBe('terminated');
    expect(endsAt({ ...base, end_time: '24:00' })).toBe(Date.parse('2026-03-02T16:00:00Z'));
  });

  it('deletes only what no longer holds a future period (as the server does)', () => {
    const base = {
      appointment_date: midnight('2026-03-02', 8),
      end_time: '10:00',
      state: '0',
      audit_status: '1',
      appointment_state: '0',
    };
    const before = endsAt(base) - 1;
    expect(isOpen(base, before)).toBe(true);
    expect(isDeletable(base, before)).toBe(false);
    expect(isDeletable(base, endsAt(base))).toBe(true);
    expect(isDeletable({ ...base, state: '1' }, before)).toBe(true);
    expect(isDeletable({ ...base, audit_status: '3' }, before)).toBe(true);
    expect(isDeletable({ ...base, appointment_state: '3' }, before)).toBe(true);
  });
});

describe('bookings list variables', () => {
  it('pages, filters by columns and takes the date range as appointmentDate', () => {
    expect(adminBookingVariables({}, 3, 20)).toEqual({
      first: 20,
      offset: 40,
      filter: {},
      appointmentDate: [],
      only_flow: '',
    });
    expect(
      adminBookingVariables(
        { resources_type_id: 't', resources_number: ' XZ-305 ', from: '2026-03-01', to: '2026-03-31' },
        1,
        10,
      ),
    ).toMatchObject({
      filter: { resources_type_id: { eq: 't' }, resources_number: { eq: 'XZ-305' } },
      appointmentDate: ['2026-03-01', '2026-03-31'],
    });
  });

  it('keeps an open end of the date range open', () => {
    expect(adminBookingVariables({ from: '2026-03-01' }, 1, 10).appointmentDate).toEqual(['2026-03-01', '9999-12-31']);
    expect(adminBookingVariables({ to: '2026-03-31' }, 1, 10).appointmentDate).toEqual(['1970-01-01', '2026-03-31']);
    expect(adminBookingVariables({ from: 'March' }, 1, 10).appointmentDate).toEqual([]);
  });

  it('combines a status and an approval choice, matching nothing when they disagree', () => {
    expect(adminBookingVariables({ status: 'upcoming', audit_status: '2' }, 1, 10).filter).toEqual({
      state: { eq: '0' },
      audit_status: { eq: '2' },
      appointment_state: { eq: '0' },
    });
    expect(adminBookingVariables({ status: 'pending', audit_status: '2' }, 1, 10).filter.audit_status).toEqual({
      in: [],
    });
    expect(adminBookingVariables({ status: 'cancelled', audit_status: '1' }, 1, 10).filter).toEqual({
      state: { eq: '1' },
      audit_status: { eq: '1' },
    });
  });
});

describe('an entry in a ballot (audit_status 4) in the back office', () => {
  const entry = {
    appointment_date: midnight('2026-03-02', 8),
    end_time: '10:00',
    state: '0',
    audit_status: '4',
    appointment_state: '0',
  };
  const before = endsAt(entry) - 1;

  it('has its own status, "in the ballot", until its draw; cancelled or drawn it shows as any booking', () => {
    expect(bookingStatus(entry, before)).toBe('inBallot');
    expect(bookingStatus({ ...entry, state: '1' }, before)).toBe('cancelled');
    expect(bookingStatus({ ...entry, audit_status: '3' }, before)).toBe('rejected');
    expect(bookingStatus({ ...entry, audit_status: '0' }, before)).toBe('upcoming');
  });

  it('cannot be approved or rejected (the draw decides) nor moved; it may be withdrawn, not deleted', () => {
    expect(awaitsApproval(entry)).toBe(false);
    expect(mayChangeTime(entry, before)).toBe(false);
    expect(isOpen(entry, before)).toBe(true);
    expect(isDeletable(entry, before)).toBe(false);
    expect(mayChangeTime({ ...entry, audit_status: '0' }, before)).toBe(true);
  });

  it('is searched by its own filter; "pending" is audit 1 alone, as the home counts pending bookings', () => {
    expect(statusFilter('inBallot')).toEqual({
      state: { eq: '0' },
      audit_status: { eq: '4' },
      appointment_state: { eq: '0' },
    });
    expect(statusFilter('pending')).toEqual({
      state: { eq: '0' },
      audit_status: { eq: '1' },
      appointment_state: { eq: '0' },
    });
    // neither "upcoming" finds it
    expect(statusFilter('upcoming').audit_status).toEqual({ in: ['0', '2'] });
  });
});
