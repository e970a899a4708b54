import { pick } from '../../lib/i18n.ts';
import type { AdminAppointment } from './types.ts';

/** A person a booking names: its booker, or one of its participants. */
export interface BookingPerson {
  role: 'booker' | 'participant';
  name: string;
  account: string;
  dept: string;
  phone: string;
  email: string;
  /** The booking's collected information, "label: value; ..." (on the booker's row). */
  collected: string;
  booking: AdminAppointment;
}

/** The booker, then each participant of a booking, one row each. */
export function bookingPeople(a: AdminAppointment): BookingPerson[] {
  const collected = a.appointmentCollectionList
    .map((c) => `${pick(c.field_desc_cn, c.field_desc_en) || c.field_name}: ${c.field_value}`)
    .join('; ');
  return [
    {
      role: 'booker',
      name: a.appointment_user_name,
      account: a.appointment_user,
      dept: pick(a.dept_name, a.dept_name_en),
      phone: a.phone,
      email: a.email,
      collected,
      booking: a,
    },
    ...a.appointmentParticipantList.map((p): BookingPerson => ({
      role: 'participant',
      name: p.participant_name,
      account: p.participant_id,
      dept: p.participant_dept_name,
      phone: p.mobile ?? '',
      email: p.email ?? '',
      collected: '',
      booking: a,
    })),
  ];
}
