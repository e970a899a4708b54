import { formatDateTime, localMidnightMs, type ErrorCode } from '@yuyue/shared';

/**
 * Evaluations and favourites: who may evaluate which booking, and the wire shapes.
 * Codes (docs/GLOSSARY.md): `state` '1' shown, '0' hidden; `is_anonymous` '1' hides the
 * author's name from other users.
 */

export const EVALUATE_STATE = { hidden: '0', shown: '1' } as const;
export const evaluateStates: readonly string[] = Object.values(EVALUATE_STATE);

export const evaluateFilterColumns = [
  'appointment_id',
  'resources_id',
  'resources_type_id',
  'state',
  'is_anonymous',
  'composite_score',
  'created_user',
  'created_user_name',
  'content',
] as const;
export const evaluateUuidColumns = ['appointment_id', 'resources_id', 'resources_type_id'] as const;

export const likeFilterColumns = ['resources_id', 'resources_type_id'] as const;

/** The booking facts that decide whether it may be evaluated. */
export interface EvaluableBooking {
  appointment_user: string;
  state: string;
  appointment_state: string;
  del: number;
}

/**
 * Why the caller may not evaluate this booking, or null: only its booker, only once it was
 * performed (`appointment_state` '1': checked in / honoured) and while it is valid and not deleted.
 */
export function evaluateRefusal(booking: EvaluableBooking, account: string): ErrorCode | null {
  if (booking.appointment_user !== account) return 'EVALUATE_NOT_BOOKER';
  if (booking.del !== 0 || booking.state !== '0' || booking.appointment_state !== '1') return 'EVALUATE_NOT_PERFORMED';
  return null;
}

/** Stored evaluation fields that go on the wire. */
export interface EvaluateFields {
  id: string;
  appointment_id: string;
  resources_id: string;
  resources_type_id: string;
  resources_name: string;
  resources_name_en: string;
  appointment_date: string;
  start_time: string;
  end_time: string;
  composite_score: number;
  resources_score: number;
  system_score: number;
  service_score: number;
  content: string;
  pictures: string[];
  is_anonymous: string;
  state: string;
  reply_content: string;
  reply_user: string;
  reply_user_name: string;
  reply_time: Date | null;
  created_user: string;
  created_user_name: string;
  create_time: Date;
  update_time: Date;
}

/**
 * An evaluation in the contract's style: `appointment_date` as epoch ms of local midnight, times
 * "YYYY-MM-DD HH:mm:ss" in the tenant's zone. `anonymise` blanks an anonymous author's account
 * and name (what other users see).
 */
export function toWireEvaluate(row: EvaluateFields, timeZone: string, anonymise: boolean) {
  const hide = anonymise && row.is_anonymous === '1';
  return {
    id: row.id,
    appointment_id: row.appointment_id,
    resources_id: row.resources_id,
    resources_type_id: row.resources_type_id,
    resources_name: row.resources_name,
    resources_name_en: row.resources_name_en,
    appointment_date: localMidnightMs(row.appointment_date, timeZone) ?? 0,
    start_time: row.start_time,
    end_time: row.end_time,
    composite_score: row.composite_score,
    resources_score: row.resources_score,
    system_score: row.system_score,
    service_score: row.service_score,
    content: row.content,
    pictures: row.pictures,
    is_anonymous: row.is_anonymous,
    state: row.state,
    reply_content: row.reply_content,
    reply_user: row.reply_user,
    reply_user_name: row.reply_user_name,
    reply_time: row.reply_time ? formatDateTime(row.reply_time.getTime(), timeZone) : '',
    created_user: hide ? '' : row.created_user,
    created_user_name: hide ? '' : row.created_user_name,
    create_time: formatDateTime(row.create_time.getTime(), timeZone),
    update_time: formatDateTime(row.update_time.getTime(), timeZone),
  };
}

/** A mean rounded to two decimals; 0 when there is nothing to average. */
export function roundedMean(sum: number, count: number): number {
  return count > 0 ? Math.round((sum / count) * 100) / 100 : 0;
}
