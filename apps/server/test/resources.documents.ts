/** GraphQL documents of api-contract 4 as clients send them, shared by the resource API tests. */

/** The resource fields and child lists of api-contract 4, as clients select them. */
export const RESOURCE_FIELDS = `
  id resources_type_id resources_type_name resources_number resources_name resources_name_en capacity remark
  created_user created_user_name state can_location campus_code campus_name campus_name_en building_code building_name
  building_name_en floor_code floor_name floor_name_en qcode_image_url order admin_post admin_post_name admin_dept
  admin_dept_name rule_source rule_template_id appointment_date_rule appointment_date_days days_rule_effective_time
  days_rule_refresh_time advance_booking_rule time_slot_rule min_interval_minutes min_interval_minutes_prompt
  min_interval_minutes_prompt_en cyclicity_rule batch_rule is_notification_push notifiy_channels success_notification_push
  cancel_notification_push cancel_notification_rule_apply cancel_notification_rule_admin min_interval_minutes_change
  hide_appointment_information appointment_information_field hide_resources_detail need_approve open_process_form create_time
  open_captcha_verify capacity_field_type capacity_string describe describe_en appointment_open_date appointment_close_date
  appointment_open_time appointment_close_time timeslot_latest_rule timeslot_latest_deviation_minutes success_notification_rule
  min_interval_minutes_cancel success_prompt success_prompt_en del available_number per_max_available_number like
  advance_booking max_advance_booking_day max_advance_booking_hour max_advance_booking_minute min_advance_booking_day
  min_advance_booking_hour min_advance_booking_minute hits review_url evaluateCount average totalSuccessReserveCounts
  reservable_status write_detail
  resourcesMonthList { id resources_id month day order_num created_user_id created_user_name create_time }
  resourcesDate { id resources_id start end order del create_time }
  resourcesWeek { id resources_id zj zj_name order del create_time }
  resourcesTimeSlot { id resources_id kssj jssj order del create_time }
  resourcesNoReservationConfigList { id resources_id rule_type month day start_date end_date week start_time end_time reason_cn reason_en created_user_id created_user_name create_time }
  noReservationTimeSlotList { book_date start_time end_time reason_cn reason_en }
  resourcesRoles { id resources_id post post_name dept dept_name order del create_time }
  resourcesImage { id resources_id uri image_category del create_time }
  resourcesVisibleList { id resources_id visible_obj_id visible_obj_name visible_obj_type create_time }
  resourcesInvisibleList { id resources_id invisible_obj_id invisible_obj_name invisible_obj_type create_time }
  resourcesCooperativeDeptList { id resources_id dept_id dept_name create_time }
  resourcesAuthList { id resources_id resources_name grant_open_id grant_object_id grant_object_name grant_object_type grant_permission_item grant_time operate_user_id operate_user_name }
  resourcesExtendedPropertiesList { id resources_id extended_properties_code extended_properties_name item_code item_name item_description code_description }
  resourcesConfig { resources_id separation_enable preaudit_enable preaudit_url preaudit_description preaudit_post preaudit_dept is_appointment_number_limit appointment_number_rule appointment_number_limit timeperiod_number_begin_date timeperiod_number_end_date reservation_info_reuse name_encryption_display pertimeslot_min_minutes pertimeslot_max_minutes max_borrowing_days max_waiting_days return_need_approve return_review_url device_type device_time_mode signin_notification_push signin_notification_rule signin_rule earliest_punctuality_rule earliest_deviation_minutes latest_punctuality_rule latest_deviation_minutes holding_minutes sign_out_rule }
  resourcesCustomAttributeList { id resources_type_id field_name field_desc_cn field_desc_en field_desc_remark collect_mode default_value_cn default_value_en data_range_cn data_range_en is_required is_detail_display order_num }
  resourcesCustomAttributeContentList { id resources_id field_name field_desc_cn field_desc_en is_detail_display attribute_content is_enable order_num }
`;
export const FIND_ALL = `query findResourcesAllByAccount($first: Int, $offset: Int, $typeId: String, $typeName: String, $resourceName: String,
  $bookDate: String, $bookStartTime: String, $bookEndTime: String, $item_name: [String], $is_cyclicity: String,
  $cyclicity_start_date: String, $cyclicity_end_date: String, $cyclicity_start_time: String, $cyclicity_end_time: String,
  $cyclicity_strategy: String, $cyclicity_weekList: [String], $cyclicity_dayList: [String], $order_by: String,
  $cur_language: String, $filter: ResourcesFilterMap) {
  findResourcesAllByAccount(first: $first, offset: $offset, typeId: $typeId, typeName: $typeName, resourceName: $resourceName,
    bookDate: $bookDate, bookStartTime: $bookStartTime, bookEndTime: $bookEndTime, item_name: $item_name,
    is_cyclicity: $is_cyclicity, cyclicity_start_date: $cyclicity_start_date, cyclicity_end_date: $cyclicity_end_date,
    cyclicity_start_time: $cyclicity_start_time, cyclicity_end_time: $cyclicity_end_time, cyclicity_strategy: $cyclicity_strategy,
    cyclicity_weekList: $cyclicity_weekList, cyclicity_dayList: $cyclicity_dayList, order_by: $order_by,
    cur_language: $cur_language, filter: $filter) { ${RESOURCE_FIELDS} } }`;
export const FIND_ONE = `query findResources($id: ID!, $filter: ResourcesFilterMap) { findResources(id: $id, filter: $filter) { ${RESOURCE_FIELDS}
  resourcesAvailableNumberRuleList { resources_id time_slot_rule date_rule start_date end_date weeks start_time end_time available_number }
  resourcesAppointmentNumberLimitRuleList { id resources_id appointment_number_rule appointment_number_limit timeperiod_number_begin_date timeperiod_number_end_date tenant_id }
  userDisplayInfoConfigList { id resource_type_id field_name_en field_name_cn field_data_type field_category display_order_num tenant_id } } }`;
export const SLOTS = `query findResourcesTimeSlotByResourcesIdAndDate($resourcesId: String!, $date: Date!) {
  findResourcesTimeSlotByResourcesIdAndDate(resourcesId: $resourcesId, date: $date) {
    id resources_id kssj jssj order del create_time canAppointmentNumber canAppointmentNumberDesc canAppointmentNumberDesc_en } }`;
export const SAVE = `mutation saveResources($model: InputResources!) { saveResources(model: $model) { errcode msg msg_en ids } }`;
export const UPDATE = `mutation updateResources($model: InputResources!) { updateResources(model: $model) { errcode msg msg_en ids } }`;

/** What clients send for unused arguments (api-contract 4). */
export const clientVariables = {
  first: 100,
  offset: 0,
  typeId: '',
  typeName: '',
  resourceName: '',
  bookDate: '2030-01-07',
  bookStartTime: '',
  bookEndTime: '',
  item_name: [],
  is_cyclicity: '',
  cyclicity_start_date: '',
  cyclicity_end_date: '',
  cyclicity_start_time: '',
  cyclicity_end_time: '',
  cyclicity_strategy: '',
  cyclicity_weekList: [],
  cyclicity_dayList: [],
  order_by: '',
  cur_language: 'zh',
  filter: { campus_code: { eq: '' }, building_code: { eq: '' }, floor_code: { eq: '' }, need_approve: { eq: null } },
};
/** 2030-01-07 (a Monday) 00:00 in Asia/Shanghai. */
export const MONDAY_MS = Date.UTC(2030, 0, 6, 16);
