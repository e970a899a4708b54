/** Server answers the booking pages' tests share. */
import type {
  Appointment,
  BookableResourceDetail,
  SeriesOccurrence,
  SlotAvailability,
} from '../../../../features/booking/types.ts';

export const RESOURCE_ID = '11111111-1111-4111-8111-111111111111';
export const TYPE_ID = 'type-court';

export function resource(over: Partial<BookableResourceDetail> = {}): BookableResourceDetail {
  return {
    id: RESOURCE_ID,
    resources_type_id: TYPE_ID,
    resources_type_name: '羽毛球场',
    resources_type_name_en: 'Badminton court',
    resources_number: 'YMQ-01',
    resources_name: '羽毛球场1号',
    resources_name_en: 'Badminton Court 1',
    capacity: 4,
    capacity_string: '',
    available_number: 1,
    campus_code: 'main',
    campus_name: '主校区',
    campus_name_en: 'Main campus',
    building_code: 'gym',
    building_name: '体育馆',
    building_name_en: 'Gymnasium',
    floor_code: '1F',
    floor_name: '一层',
    floor_name_en: '1st floor',
    need_approve: '0',
    time_slot_rule: '1',
    reservable_status: '1',
    hits: 0,
    like: 0,
    evaluateCount: 0,
    average: 0,
    totalSuccessReserveCounts: 0,
    appointment_date_days: 7,
    days_rule_refresh_time: '21:00',
    open_captcha_verify: '0',
    resourcesImage: [],
    noReservationTimeSlotList: [],
    describe: '',
    describe_en: '',
    remark: '',
    admin_dept_name: '',
    state: 1,
    rule_source: '0',
    appointment_date_rule: '1',
    advance_booking_rule: '0',
    min_interval_minutes: 0,
    min_interval_minutes_prompt: '',
    min_interval_minutes_prompt_en: '',
    min_interval_minutes_cancel: 120,
    min_interval_minutes_change: 0,
    success_prompt: '',
    success_prompt_en: '',
    hide_resources_detail: '0',
    resourcesTimeSlot: [
      { id: 's9', kssj: '09:00', jssj: '10:00', order: 0 },
      { id: 's10', kssj: '10:00', jssj: '11:00', order: 1 },
    ],
    resourcesWeek: [],
    resourcesDate: [],
    resourcesCooperativeDeptList: [],
    resourcesCustomAttributeContentList: [],
    resourcesExtendedPropertiesList: [],
    resourcesConfig: { pertimeslot_min_minutes: 0, pertimeslot_max_minutes: 0 },
    ...over,
  };
}

export function slot(id: string, kssj: string, jssj: string, over: Partial<SlotAvailability> = {}): SlotAvailability {
  return {
    id,
    kssj,
    jssj,
    state: 'available',
    rule: '',
    opens_at: '',
    capacity: 1,
    remaining: 1,
    reason_cn: '',
    reason_en: '',
    ...over,
  };
}

export const courtType = (over: Record<string, unknown> = {}) => ({
  id: TYPE_ID,
  resources_name: '羽毛球场',
  resources_name_en: 'Badminton court',
  resources_tag: '',
  resources_tag_en: '',
  icon: '',
  common_enable: '1',
  cyclicity_enable: '1',
  batch_enable: '1',
  ...over,
});

/** Epoch ms of a date's UTC midnight: the pages read `appointment_date` to the nearest midnight. */
const midnight = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

export function appointment(over: Partial<Appointment> & { date?: string } = {}): Appointment {
  const { date = '2099-03-02', ...rest } = over;
  return {
    id: 'a1',
    resources_id: RESOURCE_ID,
    resources_name: '羽毛球场1号',
    resources_name_en: 'Badminton Court 1',
    resources_type_id: TYPE_ID,
    resources_type_name: '羽毛球场',
    resources_type_name_en: 'Badminton court',
    resources_number: 'YMQ-01',
    time_slot_id: 's9',
    appointment_date: midnight(date),
    start_time: '09:00',
    end_time: '10:00',
    state: '0',
    audit_status: '0',
    appointment_state: '0',
    booking_mode: '1',
    series_id: '',
    flow_no: '',
    created_user: 'student',
    created_user_name: '张同学',
    appointment_user: 'student',
    appointment_user_name: '张同学',
    dept_code: 'cs',
    dept_name: '计算机学院',
    dept_name_en: '',
    email: '',
    phone: '13800000000',
    person_times: 1,
    theme: '训练',
    theme_en: '',
    enclosure: '',
    enclosure_name: '',
    enclosure_size: '',
    participants_scope: '',
    remark: '',
    event: '',
    event_en: '',
    entourage: '',
    cancel_user: '',
    cancel_reason: '',
    cancel_time: '',
    is_evaluate: '0',
    create_time: '2026-03-01 10:00:00',
    appointmentParticipantList: [],
    appointmentCollectionList: [],
    ...rest,
  };
}

/** One occurrence of a series report at 09:00-10:00 on slot s9: ok, or a conflict with its reason. */
export function occurrence(date: string, conflict?: { reason: string; reason_en: string }): SeriesOccurrence {
  return {
    date,
    start_time: '09:00',
    end_time: '10:00',
    time_slot_id: 's9',
    status: conflict ? 'conflict' : 'ok',
    rule: conflict ? 'taken' : '',
    reason: conflict?.reason ?? '',
    reason_en: conflict?.reason_en ?? '',
  };
}
