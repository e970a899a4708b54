/**
 * The user's side of booking (api-contract 4): resources to book, slot availability, bookings,
 * periodic and batch series. Codes as in docs/GLOSSARY.md.
 */
import type {
  AdminAppointment,
  AppointmentCollection,
  AppointmentFilter,
  AppointmentParticipant,
} from '../appointments-admin/types.ts';
import type { Connection, StringFilter } from '../notices/api/types.ts';
import type { MessagesResult } from '../../lib/operation-result.ts';

export type { AppointmentCollection, AppointmentFilter, AppointmentParticipant, Connection, StringFilter };

export interface ResourceImage {
  id: string;
  uri: string;
  /** "1" picture, "2" panorama. */
  image_category: string;
}

/** A closed period of the asked date (`noReservationTimeSlotList`). */
export interface ClosedPeriod {
  book_date: string;
  start_time: string;
  end_time: string;
  reason_cn: string;
  reason_en: string;
}

/** A fixed slot of a resource ("HH:mm"). */
export interface ResourceSlot {
  id: string;
  kssj: string;
  jssj: string;
  order: number | null;
}

/** A resource as the search list shows it (`findResourcesAllByAccount`). */
export interface BookableResource {
  id: string;
  resources_type_id: string;
  resources_type_name: string;
  resources_type_name_en: string;
  resources_number: string;
  resources_name: string;
  resources_name_en: string;
  capacity: number | null;
  capacity_string: string;
  /** Bookings one slot admits (1 exclusive). */
  available_number: number | null;
  campus_code: string;
  campus_name: string;
  campus_name_en: string;
  building_code: string;
  building_name: string;
  building_name_en: string;
  floor_code: string;
  floor_name: string;
  floor_name_en: string;
  /** "1" bookings await approval. */
  need_approve: string;
  /** "1" fixed slots, "2" free time. */
  time_slot_rule: string;
  /** "1" when some time of the asked date is open. */
  reservable_status: string;
  hits: number | null;
  like: number | null;
  evaluateCount: number | null;
  average: number | null;
  totalSuccessReserveCounts: number | null;
  appointment_date_days: number | null;
  days_rule_refresh_time: string;
  open_captcha_verify: string;
  resourcesImage: ResourceImage[] | null;
  noReservationTimeSlotList: ClosedPeriod[] | null;
}

export const BOOKABLE_RESOURCE_FIELDS = `id resources_type_id resources_type_name resources_type_name_en resources_number
  resources_name resources_name_en capacity capacity_string available_number campus_code campus_name campus_name_en
  building_code building_name building_name_en floor_code floor_name floor_name_en need_approve time_slot_rule
  reservable_status hits like evaluateCount average totalSuccessReserveCounts appointment_date_days
  days_rule_refresh_time open_captcha_verify
  resourcesImage { id uri image_category }
  noReservationTimeSlotList { book_date start_time end_time reason_cn reason_en }`;

export interface ResourceCustomAttribute {
  id: string;
  field_name: string;
  field_desc_cn: string;
  field_desc_en: string;
  attribute_content: string;
  /** "1" shown on the detail page. */
  is_detail_display: string;
  is_enable: string;
  order_num: number | null;
}

export interface ResourceExtendedProperty {
  id: string;
  extended_properties_code: string;
  extended_properties_name: string;
  item_code: string;
  item_name: string;
}

/** A resource with what the venue detail and the time choice need (`findResources`). */
export interface BookableResourceDetail extends BookableResource {
  describe: string;
  describe_en: string;
  remark: string;
  admin_dept_name: string;
  state: number;
  rule_source: string;
  appointment_date_rule: string;
  advance_booking_rule: string;
  min_interval_minutes: number | null;
  min_interval_minutes_prompt: string;
  min_interval_minutes_prompt_en: string;
  min_interval_minutes_cancel: number | null;
  min_interval_minutes_change: number | null;
  success_prompt: string;
  success_prompt_en: string;
  hide_resources_detail: string;
  /** "1" when bookings of the resource may ask for an online meeting (its type's wemeet_enable). */
  wemeet_enable?: string | null;
  resourcesTimeSlot: ResourceSlot[] | null;
  resourcesWeek: { zj: string; zj_name: string }[] | null;
  resourcesDate: { start: string; end: string }[] | null;
  resourcesCooperativeDeptList: { dept_id: string; dept_name: string }[] | null;
  resourcesCustomAttributeContentList: ResourceCustomAttribute[] | null;
  resourcesExtendedPropertiesList: ResourceExtendedProperty[] | null;
  resourcesConfig: { pertimeslot_min_minutes: number | null; pertimeslot_max_minutes: number | null } | null;
}

export const BOOKABLE_RESOURCE_DETAIL_FIELDS = `${BOOKABLE_RESOURCE_FIELDS} describe describe_en remark
  admin_dept_name state rule_source appointment_date_rule advance_booking_rule min_interval_minutes
  min_interval_minutes_prompt min_interval_minutes_prompt_en min_interval_minutes_cancel min_interval_minutes_change
  success_prompt success_prompt_en hide_resources_detail wemeet_enable
  resourcesTimeSlot { id kssj jssj order }
  resourcesWeek { zj zj_name }
  resourcesDate { start end }
  resourcesCooperativeDeptList { dept_id dept_name }
  resourcesCustomAttributeContentList { id field_name field_desc_cn field_desc_en attribute_content is_detail_display
    is_enable order_num }
  resourcesExtendedPropertiesList { id extended_properties_code extended_properties_name item_code item_name }
  resourcesConfig { pertimeslot_min_minutes pertimeslot_max_minutes }`;

/** `ResourcesFilterMap` columns the search uses. */
export interface ResourceFilter {
  id?: StringFilter;
  resources_type_id?: StringFilter;
  campus_code?: StringFilter;
  building_code?: StringFilter;
  floor_code?: StringFilter;
  need_approve?: StringFilter;
}

/**
 * A fixed slot on a date as the caller sees it (`findResourceSlotAvailability`). state:
 * expired, unavailable, available, mine, taken, full. rule (why not bookable): expired,
 * not_open (opens_at says when), date_closed, no_reservation, occupied, advance_min,
 * advance_max, taken, full; empty when bookable or mine.
 */
export interface SlotAvailability {
  id: string;
  kssj: string;
  jssj: string;
  state: string;
  rule: string;
  /** "YYYY-MM-DD HH:mm:ss" (tenant's zone) when rule is not_open. */
  opens_at: string;
  capacity: number;
  remaining: number;
  reason_cn: string;
  reason_en: string;
}

/**
 * A booking of the signed-in user: the administrators' booking shape (features/appointments-admin)
 * and the few fields only the booker's pages show. `appointment_date` is epoch ms of midnight in
 * the tenant's zone. state '0' valid / '1' cancelled; audit_status '0' none, '1' awaiting, '2'
 * approved, '3' rejected; appointment_state '0' to be performed, '1' performed, '2' no-show, '3'
 * terminated; booking_mode '1' normal, '2' periodic, '3' batch (series_id groups them).
 */
export interface Appointment extends AdminAppointment {
  flow_no: string;
  enclosure_size: string;
  participants_scope: string;
}

export const APPOINTMENT_FIELDS = `id resources_id resources_name resources_name_en resources_type_id resources_type_name
  resources_type_name_en resources_number time_slot_id appointment_date start_time end_time state audit_status
  appointment_state booking_mode series_id flow_no created_user created_user_name appointment_user
  appointment_user_name dept_code dept_name dept_name_en email phone person_times theme theme_en enclosure
  enclosure_name enclosure_size participants_scope remark event event_en entourage cancel_reason cancel_user cancel_time is_evaluate
  create_time
  appointmentParticipantList { id participant_id participant_name participant_dept_id participant_dept_name mobile email }
  appointmentCollectionList { id field_name field_desc_cn field_desc_en field_value }`;

/** `InputAppointmentInformation`: the booker comes from the token, never from these fields. */
export interface AppointmentInput {
  resources_id: string;
  /** "YYYY-MM-DD" or epoch ms. */
  appointment_date: string | number;
  start_time?: string;
  end_time?: string;
  state?: number | string;
  person_times?: number;
  wemeet_enable?: string;
  email?: string;
  phone?: string;
  theme?: string;
  theme_en?: string;
  enclosure?: string;
  enclosure_name?: string;
  enclosure_size?: string;
  participants_scope?: string;
  remark?: string;
  event?: string;
  event_en?: string;
  entourage?: string;
  appointmentParticipantList?: Omit<AppointmentParticipant, 'id'>[];
  appointmentCollectionList?: Omit<AppointmentCollection, 'id'>[];
}

/**
 * The periodic or batch part of a request (arguments of previewAppointmentSeries and
 * saveAppointmentInformationAll). Periodic: is_cyclicity "1", cyclicity_strategy "1" every
 * day, "2" weekly on cyclicity_weekList ("1" Monday .. "7" Sunday), "3" monthly on
 * cyclicity_dayList ("1".."31"). Batch: borrowDateList. Times: timeSlotIdList, or a time range.
 */
export interface SeriesVariables {
  timeSlotIdList?: string[];
  borrowDateList?: string[];
  borrowStartTime?: string;
  borrowEndTime?: string;
  is_cyclicity?: string;
  cyclicity_strategy?: string;
  cyclicity_weekList?: string[];
  cyclicity_dayList?: string[];
  cyclicity_start_date?: string;
  cyclicity_end_date?: string;
  cyclicity_start_time?: string;
  cyclicity_end_time?: string;
}

/**
 * One occurrence of a periodic or batch request. status: ok, conflict (taken, full or already
 * booked), closed (rule says why), over_quota, blacklisted.
 */
export interface SeriesOccurrence {
  date: string;
  start_time: string;
  end_time: string;
  time_slot_id: string;
  status: string;
  rule: string;
  reason: string;
  reason_en: string;
}

/** Variable definitions of a periodic or batch request (preview and submit documents share them). */
export const SERIES_VARIABLE_DEFS = `$model: InputAppointmentInformation!
    $timeSlotIdList: [String]
    $borrowDateList: [String]
    $borrowStartTime: String
    $borrowEndTime: String
    $is_cyclicity: String
    $cyclicity_start_date: String
    $cyclicity_end_date: String
    $cyclicity_start_time: String
    $cyclicity_end_time: String
    $cyclicity_strategy: String
    $cyclicity_weekList: [String]
    $cyclicity_dayList: [String]`;

/** The arguments that pass them on. */
export const SERIES_ARGUMENTS = `model: $model
    timeSlotIdList: $timeSlotIdList
    borrowDateList: $borrowDateList
    borrowStartTime: $borrowStartTime
    borrowEndTime: $borrowEndTime
    is_cyclicity: $is_cyclicity
    cyclicity_start_date: $cyclicity_start_date
    cyclicity_end_date: $cyclicity_end_date
    cyclicity_start_time: $cyclicity_start_time
    cyclicity_end_time: $cyclicity_end_time
    cyclicity_strategy: $cyclicity_strategy
    cyclicity_weekList: $cyclicity_weekList
    cyclicity_dayList: $cyclicity_dayList`;

export const SERIES_OCCURRENCE_FIELDS = 'date start_time end_time time_slot_id status rule reason reason_en';

/** The contract's `code/messages` result of a check: code "0" is success. */
export type CheckResult = MessagesResult;

/** Result of a submit: code "0" booked (auditStatus "0") or submitted for approval ("1"). */
export interface SaveResult extends CheckResult {
  ids: string[] | null;
  appointmentId: string;
  processURL: string;
  auditStatus: string;
  seriesId: string;
  seriesReport: SeriesOccurrence[] | null;
}
