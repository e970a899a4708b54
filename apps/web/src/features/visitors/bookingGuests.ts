/**
 * The guests of a booking (issue 17 point 6): visits of visitor type '3' whose booking_id is the
 * booking, added by its booker; the list's booking_id filter asks for exactly those.
 */
import { useQuery } from '@tanstack/react-query';
import {
  findVisitorAppointmentInformationAll,
  type VisitListVariables,
} from './api/findVisitorAppointmentInformationAll.ts';
import { isMobile, normalisePhone, type FormErrors } from './forms.ts';
import { visitorKeys, type VisitInput } from './types.ts';

/** A booking's guest visits: visitor type '3'. */
export const BOOKING_GUEST_TYPE = '3';

/** The list asked for: the booking's current guest visits (a room holds far fewer than a page). */
export function bookingGuestsVariables(bookingId: string): VisitListVariables {
  return {
    first: 200,
    offset: 0,
    updateAppointmentState: '0',
    filter: { visitor_type: { eq: BOOKING_GUEST_TYPE }, booking_id: { eq: bookingId } },
  };
}

/** The current guests of booking `bookingId`. */
export function useBookingGuests(bookingId: string) {
  const variables = bookingGuestsVariables(bookingId);
  return useQuery({
    queryKey: visitorKeys.visits({ ...variables }),
    queryFn: async () => (await findVisitorAppointmentInformationAll(variables)).edges.map((e) => e.node),
  });
}

/** A guest being added: name and mobile. */
export interface GuestValues {
  visitor_name: string;
  phone: string;
}

/** A guest's problems: a name (at most 50 characters) and a mobile number. */
export function guestErrors(v: GuestValues): FormErrors {
  const errors: FormErrors = {};
  const name = v.visitor_name.trim();
  if (!name) errors.visitor_name = { key: 'visitors.error.required' };
  else if (name.length > 50) errors.visitor_name = { key: 'visitors.error.tooLong', values: { max: 50 } };
  if (!v.phone.trim()) errors.phone = { key: 'visitors.error.required' };
  else if (!isMobile(v.phone)) errors.phone = { key: 'visitors.error.phone' };
  return errors;
}

/** The guest as sent to saveVisitorAppointment. */
export const guestModel = (bookingId: string, v: GuestValues): VisitInput => ({
  visitor_type: BOOKING_GUEST_TYPE,
  booking_id: bookingId,
  visitor_name: v.visitor_name.trim(),
  phone: normalisePhone(v.phone),
});
