/**
 * The registration desk's reading of a booking (pure): what staff may register on it by hand,
 * and which server operation each registration is (the same the scan page and the back office
 * use: marking performed / no-show, and the staff check-out).
 */
import { markOptions } from '../../../../features/checkin/signs.ts';
import type { AppointmentSign } from '../../../../features/checkin/types.ts';

/**
 * arrive: register arrival (check in: marked performed); leave: register departure (check out);
 * honour: correct a no-show to honoured; missed: mark a no-show.
 */
export type RegisterAction = 'arrive' | 'leave' | 'honour' | 'missed';

/** The registrations offered on a booking, in the order of the buttons. */
export function registerActions(
  s: Pick<AppointmentSign, 'state' | 'audit_status' | 'appointment_state' | 'sign_state' | 'sign_out_rule'>,
): RegisterAction[] {
  const can = markOptions(s);
  const out: RegisterAction[] = [];
  if (can.performed && s.appointment_state === '0') out.push('arrive');
  if (can.performed && s.appointment_state === '2') out.push('honour');
  if (s.sign_out_rule === '1' && s.sign_state === '1') out.push('leave');
  if (can.missed) out.push('missed');
  return out;
}

/** Registrations that change a booking's outcome for its booker: confirmed before they are sent. */
export const CONFIRMED_ACTIONS: ReadonlySet<RegisterAction> = new Set(['missed', 'honour']);

/** The server operation of a registration. */
export type RegisterOperation =
  { op: 'updateAppointmentPerformState'; mark: 'performed' | 'missed' } | { op: 'updateAppointmentSignOut' };

export function operationOf(action: RegisterAction): RegisterOperation {
  switch (action) {
    case 'arrive':
    case 'honour':
      return { op: 'updateAppointmentPerformState', mark: 'performed' };
    case 'missed':
      return { op: 'updateAppointmentPerformState', mark: 'missed' };
    case 'leave':
      return { op: 'updateAppointmentSignOut' };
  }
}

/** The registration desk of a resource (route `ordered/register/:id`). */
export const registerPath = (resourcesId: string) => `/mobile/ordered/register/${resourcesId}`;
