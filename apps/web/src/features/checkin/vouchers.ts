import { endsAt } from '../appointments-admin/status.ts';
import { addDays } from '../booking/dates.ts';
import { startsAt } from '../booking/status.ts';
import type { Appointment, AppointmentFilter } from '../booking/types.ts';

/** How many days ahead "my check-in codes" looks (today included). */
export const VOUCHER_DAYS = 7;

/** The query of the user's bookings that may have a voucher: confirmed, to be performed or checked in, from today. */
export function voucherQuery(today: string): { first: number; filter: AppointmentFilter; appointmentDate: string[] } {
  return {
    first: 50,
    filter: { state: { eq: '0' }, audit_status: { in: ['0', '2'] }, appointment_state: { in: ['0', '1'] } },
    appointmentDate: [today, addDays(today, VOUCHER_DAYS)],
  };
}

type Timed = Pick<Appointment, 'appointment_date' | 'start_time' | 'end_time'>;

/** Of those, the ones not over yet, soonest first (the first is the one to show). */
export function currentVouchers<T extends Timed>(list: readonly T[], now: number): T[] {
  return list.filter((a) => endsAt(a) > now).sort((a, b) => startsAt(a) - startsAt(b));
}
