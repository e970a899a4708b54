/**
 * Check-in and check-out (api-contract, checkin module): signed, time-bound QR codes, the
 * booking's check-in record and windows, and the caller's ban. Codes as in docs/GLOSSARY.md.
 */
import type { Connection, StringFilter } from '../notices/api/types.ts';

export type { Connection, StringFilter };

/**
 * A signed check-in code. `code`: the payload (110 characters); `url`: for a resource's code,
 * the venue page's URL carrying it (what its QR image holds), empty for a voucher;
 * `qcode_image`: the QR code as a data: PNG; `expire_time`: "YYYY-MM-DD HH:mm:ss" (tenant's
 * zone) from which it is refused; `expires_in`: validity in seconds.
 */
export interface AppointmentSignCode {
  code: string;
  url: string;
  qcode_image: string;
  expire_time: string;
  expires_in: number;
  subject_id: string;
}

export const SIGN_CODE_FIELDS = 'code url qcode_image expire_time expires_in subject_id';

/**
 * '0' to check in, '1' checked in, '2' checked out, '3' no-show, '4' not applicable
 * (cancelled, rejected, awaiting approval, terminated).
 */
export type SignState = '0' | '1' | '2' | '3' | '4';

/** A booking's check-in record and windows (id = the booking's id). Times "YYYY-MM-DD HH:mm:ss", empty when none. */
export interface AppointmentSign {
  id: string;
  appointment_id: string;
  resources_id: string;
  resources_name: string;
  resources_name_en: string;
  resources_type_id: string;
  resources_number: string;
  /** Epoch ms of local midnight. */
  appointment_date: number;
  start_time: string;
  end_time: string;
  appointment_user: string;
  appointment_user_name: string;
  dept_name: string;
  phone: string;
  theme: string;
  /** '0' valid, '1' cancelled. */
  state: string;
  /** '0' no approval, '1' awaiting, '2' approved, '3' rejected. */
  audit_status: string;
  /** '0' to be performed, '1' performed, '2' no-show, '3' terminated. */
  appointment_state: string;
  sign_state: SignState;
  /** '1': not checked in by sign_in_end makes it a no-show. */
  signin_required: string;
  /** '1': bookings are checked out (until sign_out_end). */
  sign_out_rule: string;
  sign_in_start: string;
  sign_in_end: string;
  sign_out_end: string;
  sign_in_time: string;
  /** '1' the booker scanned the resource's code, '2' staff scanned the voucher, '3' staff marked it. */
  sign_in_way: string;
  sign_in_user: string;
  sign_in_user_name: string;
  sign_out_time: string;
  sign_out_way: string;
  sign_out_user: string;
  sign_out_user_name: string;
  missed_time: string;
  /** '1' the no-show job, '2' staff. */
  missed_way: string;
  missed_user: string;
  missed_user_name: string;
  /** The staff's note. */
  remark: string;
}

export const SIGN_FIELDS = `id appointment_id resources_id resources_name resources_name_en resources_type_id
  resources_number appointment_date start_time end_time appointment_user appointment_user_name dept_name phone theme
  state audit_status appointment_state sign_state signin_required sign_out_rule sign_in_start sign_in_end
  sign_out_end sign_in_time sign_in_way sign_in_user sign_in_user_name sign_out_time sign_out_way sign_out_user
  sign_out_user_name missed_time missed_way missed_user missed_user_name remark`;

/** Filters of findAppointmentSignAll (eq, in); appointment_date eq takes YYYY-MM-DD or epoch ms. */
export interface AppointmentSignFilter {
  resources_id?: StringFilter;
  resources_type_id?: StringFilter;
  appointment_date?: StringFilter;
  appointment_state?: StringFilter;
  appointment_user?: StringFilter;
}

/**
 * A blacklist entry (the caller's ban in force): no booking from start_time until end_time
 * (exclusive, "YYYY-MM-DD HH:mm:ss" tenant's zone). source '1' the no-show rule, '2' an administrator.
 */
export interface BlackList {
  id: string;
  user_account: string;
  user_name: string;
  reason: string;
  reason_en: string;
  source: string;
  no_show_count: number | null;
  start_time: string;
  end_time: string;
  state: string;
  ban_state: string;
}

export const BLACKLIST_FIELDS =
  'id user_account user_name reason reason_en source no_show_count start_time end_time state ban_state';

/** Check-out ('2') or check-in ('1'): the `type` of a staff scan, and what a scanner page does. */
export type SignDirection = 'in' | 'out';

/** Query keys of the check-in queries, so that a check-in or a marking reloads them all. */
export const checkinKeys = {
  all: ['checkin'] as const,
  voucher: (appointmentId: string) => ['checkin', 'voucher', appointmentId] as const,
  resourceCode: (resourcesId: string, validDays: number | null) =>
    ['checkin', 'resourceCode', resourcesId, validDays] as const,
  info: (appointmentId: string) => ['checkin', 'info', appointmentId] as const,
  list: (variables: object) => ['checkin', 'list', variables] as const,
  ban: ['checkin', 'ban'] as const,
};
