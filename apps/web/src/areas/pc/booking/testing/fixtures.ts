import { signedInAnswers } from '../../../../testing/graphqlServer.ts';

/** Fake server answers shared by the desktop booking tests: one court type and one court. */
export const TYPE_ID = '11111111-1111-4111-8111-111111111111';
export const RESOURCE_ID = '22222222-2222-4222-8222-222222222222';

export const courtType = {
  id: TYPE_ID,
  resources_name: '羽毛球场',
  resources_name_en: 'Badminton court',
  resources_tag: '体育场馆',
  resources_tag_en: 'Sports venues',
  icon: '',
  common_enable: '1',
  cyclicity_enable: '1',
  batch_enable: '1',
  can_appointment_remark: '1',
};

const slots = [
  { id: 'a10', kssj: '10:00', jssj: '11:00', order: 1 },
  { id: 'a11', kssj: '11:00', jssj: '12:00', order: 2 },
];

export const court = {
  id: RESOURCE_ID,
  resources_type_id: TYPE_ID,
  resources_type_name: '羽毛球场',
  resources_type_name_en: 'Badminton court',
  resources_number: 'YMQ-01',
  resources_name: '场地A',
  resources_name_en: 'Court A',
  capacity: 4,
  capacity_string: '',
  available_number: 1,
  campus_code: 'main',
  campus_name: '主校区',
  campus_name_en: 'Main campus',
  building_code: 'gym',
  building_name: '体育馆',
  building_name_en: 'Gymnasium',
  floor_code: '',
  floor_name: '',
  floor_name_en: '',
  need_approve: '0',
  time_slot_rule: '1',
  reservable_status: '1',
  appointment_date_days: 7,
  days_rule_refresh_time: '21:00',
  open_captcha_verify: '0',
  resourcesImage: [],
  noReservationTimeSlotList: [],
  describe: '<p>木地板</p>',
  describe_en: '',
  remark: '',
  admin_dept_name: '',
  state: 1,
  min_interval_minutes_cancel: 120,
  min_interval_minutes_change: 0,
  success_prompt: '请提前十分钟到场',
  success_prompt_en: '',
  resourcesTimeSlot: slots,
  resourcesWeek: [],
  resourcesDate: [],
  resourcesCooperativeDeptList: [],
  resourcesCustomAttributeContentList: [],
  resourcesExtendedPropertiesList: [],
  resourcesConfig: null,
  resourcesMonthList: [],
  resourcesNoReservationConfigList: [],
  resourcesAppointmentNumberLimitRuleList: [{ appointment_number_rule: '1', appointment_number_limit: 1 }],
};

const availability = (id: string, kssj: string, jssj: string, state: string, reason = '') => ({
  id,
  kssj,
  jssj,
  state,
  rule: state === 'available' ? '' : state,
  opens_at: '',
  capacity: 1,
  remaining: state === 'available' ? 1 : 0,
  reason_cn: reason,
  reason_en: reason ? `${reason} (en)` : '',
});

const courtSlots = [
  availability('a10', '10:00', '11:00', 'available'),
  availability('a11', '11:00', '12:00', 'taken', '已被预约'),
];

/** Everything the booking dialog and the query page load for the court; 10:00 is free, 11:00 taken. */
export const dialogAnswers = {
  ...signedInAnswers,
  findResources: { findResources: court },
  findResourcesTypeAllByAccount: { findResourcesTypeAllByAccount: [courtType] },
  findAppointmentAllowance: { findAppointmentAllowance: [] },
  findCollectionConfigAll: {
    findCollectionConfigAll: [
      {
        id: 'f1',
        resource_type_id: TYPE_ID,
        field_name: 'org',
        label_zh: '所在单位',
        label_en: 'Unit',
        field_type: 'select',
        options: [{ value: 'cs', label_zh: '计算机学院', label_en: 'Computer science' }],
        required: true,
        order_num: 1,
        enabled: true,
        create_time: '',
      },
    ],
  },
  findInstructionAll: {
    findInstructionAll: [
      {
        id: 'i1',
        title: '场馆预约须知',
        title_en: 'Venue rules',
        content: '<p>请穿运动鞋入场</p>',
        content_en: '',
        order: 1,
        state: 'published',
        create_time: '',
        update_time: '',
      },
    ],
  },
  findResourceSlotAvailability: { findResourceSlotAvailability: courtSlots },
  findResourceTypeSlotAvailability: {
    findResourceTypeSlotAvailability: [
      {
        resources_id: RESOURCE_ID,
        resources_name: '场地A',
        resources_name_en: 'Court A',
        resources_number: 'YMQ-01',
        available_number: 1,
        time_slot_rule: '1',
        need_approve: '0',
        slots: courtSlots,
      },
    ],
  },
  checkResourceTimeSlotCapacity: {
    checkResourceTimeSlotCapacity: { code: '0', name: '', messages: ['可以预约'], messages_en: ['Bookable'] },
  },
};
