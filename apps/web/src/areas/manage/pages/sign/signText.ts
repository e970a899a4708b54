import type { TFunction } from 'i18next';
import { isoDay } from '../../../../features/checkin-admin/signListVariables.ts';
import type { AppointmentSign } from '../../../../features/checkin/types.ts';
import { pick } from '../../../../lib/i18n.ts';

/** "YYYY-MM-DD" of a booking's date (epoch ms of local midnight, or already a date). */
export function signDate(value: number | string | null | undefined): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  const ms = typeof value === 'string' ? Number(value) : value;
  return typeof ms === 'number' && Number.isFinite(ms) ? isoDay(ms) : '';
}

/** One line naming a booking: resource, date and period, booker. */
export function signSummary(t: TFunction, s: AppointmentSign): string {
  return t('checkinAdmin.summary', {
    resource: pick(s.resources_name, s.resources_name_en),
    date: signDate(s.appointment_date),
    start: s.start_time,
    end: s.end_time,
    booker: s.appointment_user_name ? `${s.appointment_user_name} (${s.appointment_user})` : s.appointment_user,
  });
}
