import { statusFilter, type BookingStatus } from './status.ts';
import type { AppointmentFilter } from './types.ts';

/** The bookings list's search form. Dates are "YYYY-MM-DD". */
export interface AdminBookingFilters {
  resources_type_id?: string;
  resources_id?: string;
  resources_number?: string;
  from?: string;
  to?: string;
  status?: BookingStatus;
  /** '0' no approval needed, '1' awaiting, '2' approved, '3' rejected. */
  audit_status?: string;
  /** Only bookings that went through approval. */
  onlyFlow?: boolean;
  /** Part of the booker's account or name. */
  booker?: string;
  /** The booker's department (its code). */
  dept_code?: string;
}

/** `findAppointmentInformationAllForAppointMent`'s variables. */
export interface AdminBookingVariables {
  first: number;
  offset: number;
  filter: AppointmentFilter;
  appointmentDate: string[];
  only_flow: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The variables of a page of the list for the search form: equality on the type, resource,
 * number and the booker's department, part of the booker's account or name, the status's codes (an approval choice narrows them further), and the date range as
 * `appointmentDate: [from, to]` (one end alone: that date onwards, or up to it).
 */
export function adminBookingVariables(f: AdminBookingFilters, page: number, pageSize: number): AdminBookingVariables {
  const number = f.resources_number?.trim();
  const booker = f.booker?.trim();
  const filter: AppointmentFilter = {
    ...(f.resources_type_id ? { resources_type_id: { eq: f.resources_type_id } } : {}),
    ...(f.resources_id ? { resources_id: { eq: f.resources_id } } : {}),
    ...(number ? { resources_number: { eq: number } } : {}),
    ...(booker ? { booker: { like: booker } } : {}),
    ...(f.dept_code ? { dept_code: { eq: f.dept_code } } : {}),
    ...(f.status ? statusFilter(f.status) : {}),
  };
  if (f.audit_status) {
    const chosen = filter.audit_status;
    // Both a status and an approval choice: keep what satisfies both (none when they disagree).
    const allowed = chosen ? (chosen.eq !== undefined ? [chosen.eq] : (chosen.in ?? [])) : null;
    filter.audit_status = allowed === null || allowed.includes(f.audit_status) ? { eq: f.audit_status } : { in: [] };
  }
  const from = f.from && ISO_DATE.test(f.from) ? f.from : '';
  const to = f.to && ISO_DATE.test(f.to) ? f.to : '';
  return {
    first: pageSize,
    offset: (page - 1) * pageSize,
    filter,
    appointmentDate: from || to ? [from || '1970-01-01', to || '9999-12-31'] : [],
    only_flow: f.onlyFlow ? '1' : '',
  };
}
