/**
 * The open booking pages' data (public endpoint): a booking's check at a gate or door, and a
 * resource's booking chart. Neither names anyone: the booker's name comes masked.
 */

/** What a gate or door check says about a booking now (server: public-booking.rules.ts). */
export type CheckVerdict =
  'valid' | 'notYet' | 'expired' | 'checkedOut' | 'pending' | 'cancelled' | 'rejected' | 'terminated' | 'noShow';

export interface PublicAppointmentCheck {
  id: string;
  resources_id: string;
  resources_name: string;
  resources_name_en: string;
  /** Epoch ms of the tenant's midnight of the booking's date. */
  appointment_date: number;
  start_time: string;
  end_time: string;
  /** "YYYY-MM-DD HH:mm:ss" (tenant's zone): when the booking admits its holder. */
  entry_start: string;
  entry_end: string;
  verdict: CheckVerdict;
  state: string;
  audit_status: string;
  appointment_state: string;
  /** '0' to check in, '1' checked in, '2' checked out, '3' no-show, '4' not applicable. */
  sign_state: string;
  /** Masked (张*三, J*** S.). */
  appointment_user_name: string;
  /** When the verdict was given ("YYYY-MM-DD HH:mm:ss", tenant's zone). */
  checked_at: string;
}

export type PublicSlotState = 'free' | 'booked' | 'closed' | 'passed';

export interface PublicResourceSlot {
  id: string;
  kssj: string;
  jssj: string;
  state: PublicSlotState;
  bookable: boolean;
  capacity: number;
  remaining: number;
  reason_cn: string;
  reason_en: string;
}

export interface PublicBookedPeriod {
  start_time: string;
  end_time: string;
  count: number;
}

export interface PublicResourceSlotChart {
  resources_id: string;
  resources_name: string;
  resources_name_en: string;
  resources_number: string;
  campus_name: string;
  campus_name_en: string;
  building_name: string;
  building_name_en: string;
  floor_name: string;
  floor_name_en: string;
  available_number: number;
  /** '2': booked by free period (no fixed slots; booked_periods tell what is taken). */
  time_slot_rule: string;
  /** "YYYY-MM-DD" shown; one of `dates`. */
  date: string;
  today: string;
  dates: string[];
  slots: PublicResourceSlot[];
  booked_periods: PublicBookedPeriod[];
}

export const publicBookingKeys = {
  all: ['publicBooking'] as const,
  check: (id: string, tenantKey: string) => ['publicBooking', 'check', id, tenantKey] as const,
  chart: (resourcesId: string, date: string, tenantKey: string) =>
    ['publicBooking', 'chart', resourcesId, date, tenantKey] as const,
};
