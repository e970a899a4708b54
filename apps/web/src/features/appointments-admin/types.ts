import type { Connection, StringFilter } from '../notices/api/types.ts';

export type { Connection, StringFilter };

/** A person a booking names (api-contract 4, `appointmentParticipantList`). */
export interface AppointmentParticipant {
  id: string;
  participant_id: string;
  participant_name: string;
  participant_dept_id: string;
  participant_dept_name: string;
  /** Null when the reader may not see this person's contact details (docs/GLOSSARY.md "Contact details"). */
  mobile: string | null;
  email: string | null;
}

/** A collected field's value given with a booking. */
export interface AppointmentCollection {
  id: string;
  field_name: string;
  field_desc_cn: string;
  field_desc_en: string;
  field_value: string;
}

/**
 * A booking as the administrators' list returns it. `appointment_date` is epoch ms of local
 * midnight in the tenant's zone; codes as in docs/GLOSSARY.md (state, audit_status,
 * appointment_state, booking_mode).
 */
export interface AdminAppointment {
  id: string;
  resources_id: string;
  resources_name: string;
  resources_name_en: string;
  resources_type_id: string;
  resources_type_name: string;
  resources_type_name_en: string;
  resources_number: string;
  time_slot_id: string;
  appointment_date: number;
  start_time: string;
  end_time: string;
  state: string;
  audit_status: string;
  appointment_state: string;
  booking_mode: string;
  series_id: string;
  created_user: string;
  created_user_name: string;
  appointment_user: string;
  appointment_user_name: string;
  dept_code: string;
  dept_name: string;
  dept_name_en: string;
  email: string;
  phone: string;
  person_times: number;
  theme: string;
  theme_en: string;
  enclosure: string;
  enclosure_name: string;
  remark: string;
  event: string;
  event_en: string;
  entourage: string;
  cancel_reason: string;
  cancel_user: string;
  cancel_time: string;
  is_evaluate: string;
  create_time: string;
  appointmentParticipantList: AppointmentParticipant[];
  appointmentCollectionList: AppointmentCollection[];
}

export const ADMIN_APPOINTMENT_FIELDS = `id resources_id resources_name resources_name_en resources_type_id
  resources_type_name resources_type_name_en resources_number time_slot_id appointment_date start_time end_time
  state audit_status appointment_state booking_mode series_id created_user created_user_name appointment_user
  appointment_user_name dept_code dept_name dept_name_en email phone person_times theme theme_en enclosure
  enclosure_name remark event event_en entourage cancel_reason cancel_user cancel_time is_evaluate create_time
  appointmentParticipantList { id participant_id participant_name participant_dept_id participant_dept_name mobile email }
  appointmentCollectionList { id field_name field_desc_cn field_desc_en field_value }`;

/** `AppointmentInformationFilterMap`: the columns the server filters bookings on. */
export interface AppointmentFilter {
  id?: StringFilter;
  resources_id?: StringFilter;
  resources_type_id?: StringFilter;
  resources_number?: StringFilter;
  appointment_date?: StringFilter;
  audit_status?: StringFilter;
  state?: StringFilter;
  appointment_state?: StringFilter;
  /** The booker's account, name and department (eq, in, like: part of the value). */
  appointment_user?: StringFilter;
  appointment_user_name?: StringFilter;
  dept_code?: StringFilter;
  dept_name?: StringFilter;
  /** The booker's account or name matches. */
  booker?: StringFilter;
}

/** One step of a booking's approval (`findAppointmentApprovalTasks`). */
export interface ApprovalTask {
  id: string;
  task_name: string;
  task_name_en: string;
  /** '1' awaiting (the pending step), '2' approved, '3' rejected. */
  status: string;
  status_name: string;
  status_name_en: string;
  reason: string;
  operator: string;
  operator_name: string;
  /** "YYYY-MM-DD HH:mm:ss" in the tenant's zone; empty for the pending step. */
  handle_time: string;
}

/** A row of the vacancy table; `rate` null when the resource had no capacity in the range. */
export interface VacancyRate {
  id: string;
  resources_name: string;
  resources_name_en: string;
  rate: number | null;
  capacity: number;
  booked: number;
}

/** Query keys: every booking query sits under `all`, so a mutation reloads them together. */
export const adminAppointmentKeys = {
  all: ['appointments-admin'] as const,
  list: (variables: unknown) => [...adminAppointmentKeys.all, 'list', variables] as const,
  one: (id: string) => [...adminAppointmentKeys.all, 'one', id] as const,
  tasks: (id: string) => [...adminAppointmentKeys.all, 'tasks', id] as const,
  vacancy: (startDate: string, endDate: string) =>
    [...adminAppointmentKeys.all, 'vacancy', startDate, endDate] as const,
  statistics: (startDate: string, endDate: string) =>
    [...adminAppointmentKeys.all, 'statistics', startDate, endDate] as const,
};
