/**
 * The guests of a booking (issue 17 point 6): visits of visitor type '3' whose booking_id is the
 * booking, added by its booker. The visit list has no booking filter, so the booker's current
 * guest visits of the booking's day are asked for and narrowed to the booking here.
 */
import { useQuery } from '@tanstack/react-query';
import {
  findVisitorAppointmentInformationAll,
  type VisitListVariables,
} from './api/findVisitorAppointmentInformationAll.ts';
import { isMobile, normalisePhone, type FormErrors } from './forms.ts';
import { visitorKeys, type Visit, type VisitInput } from './types.ts';

/** A booking's guest visits: visitor type '3'. */
export const BOOKING_GUEST_TYPE = '3';

/** The list asked for: current guest visits of that day (the most a page holds). */
export function bookingGuestsVariables(day: string): VisitListVariables {
  return {
    first: 200,
    offset: 0,
    updateAppointmentState: '0',
    filter: { visitor_type: { eq: BOOKING_GUEST_TYPE }, in_school_date: { eq: day } },
  };
}

/** The guests of one booking among visits. */
export const guestsOf = (visits: readonly Visit[], bookingId: string): Visit[] =>
  visits.filter((v) => v.booking_id === bookingId && v.visitor_type === BOOKING_GUEST_TYPE);

/** The current guests of booking `bookingId` on `day` ("YYYY-MM-DD"). */
export function useBookingGuests(bookingId: string, day: string) {
  const variables = bookingGuestsVariables(day);
  return useQuery({
    queryKey: visitorKeys.visits({ ...variables, bookingId }),
    queryFn: async () =>
      guestsOf(
        (await findVisitorAppointmentInformationAll(variables)).edges.map((e) => e.node),
        bookingId,
      ),
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
