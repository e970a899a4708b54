import { describe, expect, it } from 'vitest';
import { currentVouchers, voucherQuery } from './vouchers.ts';

const midnight = (iso: string) => new Date(`${iso}T00:00:00`).getTime();
const booking = (id: string, date: string, start: string, end: string) => ({
  id,
  appointment_date: midnight(date),
  start_time: start,
  end_time: end,
});

describe('voucherQuery', () => {
  it('asks for confirmed bookings to be performed or checked in, today and the week after', () => {
    expect(voucherQuery('2026-05-04')).toEqual({
      first: 50,
      filter: { state: { eq: '0' }, audit_status: { in: ['0', '2'] }, appointment_state: { in: ['0', '1'] } },
      appointmentDate: ['2026-05-04', '2026-05-11'],
    });
  });
});

describe('currentVouchers', () => {
  it('keeps the bookings not over yet, soonest first', () => {
    const now = new Date('2026-05-04T10:30:00').getTime();
    const list = [
      booking('later', '2026-05-05', '09:00', '10:00'),
      booking('over', '2026-05-04', '09:00', '10:00'),
      booking('now', '2026-05-04', '10:00', '11:00'),
      booking('endsNow', '2026-05-04', '09:30', '10:30'),
      booking('tonight', '2026-05-04', '20:00', '21:00'),
    ];
    expect(currentVouchers(list, now).map((b) => b.id)).toEqual(['now', 'tonight', 'later']);
  });
});
