import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { insertDepartment, insertPosition, insertUser } from '../src/modules/directory/directory.repository.ts';
import { CHECK, NOW, makeResource, makeType, model, submit } from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

// Deployed clients unchanged (api-contract 4): `messages`/`messages_en` are lists of strings,
// and the original web app's full selections validate, down to the last field.

/** `findResources(id)` as the original web app selects it (api-contract 4, every field listed). */
const FIND_RESOURCES_FULL = `query findResources($id: ID!, $filter: ResourcesFilterMap) {
  findResources(id: $id, filter: $filter) {
    id resources_type_id resources_type_name resources_number resources_name resources_name_en capacity remark
    created_user created_user_name state can_location campus_code campus_name campus_name_en building_code
    building_name building_name_en floor_code floor_name floor_name_en qcode_image_url order admin_post
    admin_post_name admin_dept admin_dept_name rule_source rule_template_id appointment_date_rule
    appointment_date_days days_rule_effective_time days_rule_refresh_time advance_booking_rule time_slot_rule
    min_interval_minutes min_interval_minutes_prompt min_interval_minutes_prompt_en cyclicity_rule batch_rule
    is_notification_push notifiy_channels success_notification_push cancel_notification_push
    cancel_notification_rule_apply cancel_notification_rule_admin min_interval_minutes_change
    hide_appointment_information appointment_information_field hide_resources_detail need_approve
    open_process_form create_time wemeet_enable
    open_captcha_verify capacity_field_type capacity_string describe describe_en appointment_open_date
    appointment_close_date appointment_open_time appointment_close_time timeslot_latest_rule
    timeslot_latest_deviation_minutes success_notification_rule min_interval_minutes_cancel success_prompt
    success_prompt_en del available_number per_max_available_number like advance_booking
    max_advance_booking_day max_advance_booking_hour max_advance_booking_minute min_advance_booking_day
    min_advance_booking_hour min_advance_booking_minute hits review_url evaluateCount average
    totalSuccessReserveCounts reservable_status write_detail
    resourcesMonthList { id resources_id month day order_num created_user_id created_user_name create_time }
    resourcesDate { id resources_id start end order del create_time }
    resourcesWeek { id resources_id zj zj_name order del create_time }
    resourcesTimeSlot { id resources_id kssj jssj order del create_time }
    resourcesNoReservationConfigList { id resources_id rule_type month day start_date end_date week start_time
      end_time reason_cn reason_en created_user_id created_user_name create_time }
    noReservationTimeSlotList { book_date start_time end_time reason_cn reason_en }
    resourcesRoles { id resources_id post post_name dept dept_name order del create_time }
    resourcesImage { id resources_id uri image_category del create_time }
    resourcesVisibleList { id resources_id visible_obj_id visible_obj_name visible_obj_type create_time }
    resourcesInvisibleList { id resources_id invisible_obj_id invisible_obj_name invisible_obj_type create_time }
    resourcesCooperativeDeptList { id resources_id dept_id dept_name create_time }
    resourcesAuthList { id resources_id resources_name grant_open_id grant_object_id grant_object_name
      grant_object_type grant_permission_item grant_time operate_user_id operate_user_name }
    resourcesExtendedPropertiesList { id resources_id extended_properties_code extended_properties_name item_code
      item_name item_description code_description }
    resourcesConfig { resources_id separation_enable preaudit_enable preaudit_url preaudit_description
      preaudit_post preaudit_dept is_appointment_number_limit appointment_number_rule appointment_number_limit
      timeperiod_number_begin_date timeperiod_number_end_date reservation_info_reuse name_encryption_display
      pertimeslot_min_minutes pertimeslot_max_minutes max_borrowing_days max_waiting_days return_need_approve
      return_review_url device_type device_time_mode signin_notification_push signin_notification_rule
      signin_rule earliest_punctuality_rule earliest_deviation_minutes latest_punctuality_rule
      latest_deviation_minutes holding_minutes sign_out_rule }
    resourcesCustomAttributeList { id resources_type_id field_name field_desc_cn field_desc_en field_desc_remark
      collect_mode default_value_cn default_value_en data_range_cn data_range_en is_required is_detail_display
      order_num }
    resourcesCustomAttributeContentList { id resources_id field_name field_desc_cn field_desc_en
      is_detail_display attribute_content is_enable order_num }
    resourcesAvailableNumberRuleList { resources_id time_slot_rule date_rule start_date end_date weeks
      start_time end_time available_number }
    resourcesAppointmentNumberLimitRuleList { id resources_id appointment_number_rule appointment_number_limit
      timeperiod_number_begin_date timeperiod_number_end_date tenant_id }
    userDisplayInfoConfigList { id resource_type_id field_name_en field_name_cn field_data_type field_category
      display_order_num tenant_id }
  }
}`;

/** `findResourcesTypeAllByAccount` with the contract's resource type fields. */
const TYPES_FULL = `query { findResourcesTypeAllByAccount { id resources_name resources_name_en resources_tag
  resources_tag_en icon icon_not created_user created_user_name state can_location is_appointment_number_limit
  appointment_number_rule appointment_number_limit timeperiod_number_begin_date timeperiod_number_end_date
  is_incomplete_appointment_number_limit incomplete_appointment_number_limit common_enable cyclicity_enable
  batch_enable default_appointment_state punctuality_rule deviation_minutes earliest_punctuality_rule
  earliest_deviation_minutes can_appointment_remark sign_out_rule order del create_time start_time end_time
  holding_minutes capacity_field_type open_captcha_verify open_frequency_verify resource_open_mode wemeet_enable
  appointment_category
  extendedProperties { id resources_type_id extended_properties_code extended_properties_name code_description
    code_tags order_num }
  resourcesTypeAuthList { id resources_type_id resources_type_name grant_object_id grant_object_name
    grant_object_type grant_time operate_user_id operate_user_name }
  userDisplayInfoConfigList { id resource_type_id field_name_en field_name_cn field_data_type field_category
    display_order_num tenant_id }
  appointmentNumberLimitRuleList { id resources_type_id appointment_number_rule appointment_number_limit
    timeperiod_number_begin_date timeperiod_number_end_date tenant_id } } }`;

let t: TestApp;
let admin: string;
let student: string;
let resAdmin: string;
let foreignAdmin: string;
let meetingRoom: { id: string; slots: { id: string }[] };
let court: { id: string; slots: { id: string }[] };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin');
  student = await t.tokenFor('student');
  const tenantId = t.demoTenantId;
  const deptCode = `WIRE${randomUUID().slice(0, 6)}`;
  await withTenant(t.database.db, tenantId, async (tx) => {
    const dept = await insertDepartment(tx, tenantId, { name: '会议中心', code: deptCode });
    const u = await insertUser(tx, tenantId, { account: 'room-admin', name: '会议室管理员' });
    await insertPosition(tx, tenantId, { user_id: u.id, dept_id: dept.id, post_id: null, active: true });
  });
  resAdmin = await t.tokenFor('room-admin');
  foreignAdmin = await t.tokenFor('admin', await t.createOtherTenant(`wr${randomUUID().slice(0, 6)}`));
  bookingClock.now = () => NOW;
  const rooms = await makeType(t, admin, { wemeet_enable: '1' });
  const courts = await makeType(t, admin, { wemeet_enable: '0' });
  meetingRoom = await makeResource(t, admin, rooms, { admin_dept: deptCode });
  court = await makeResource(t, admin, courts);
}, 60_000);
afterAll(async () => {
  bookingClock.now = () => Date.now();
  await t?.close();
});
beforeEach(() => {
  bookingClock.now = () => NOW;
});

describe("the original web app's full selections", () => {
  it('findResources(id) validates with every field; wemeet_enable is the type setting', async () => {
    for (const token of [student, resAdmin, admin]) {
      const res = await t.gql('apps_yy_sys', FIND_RESOURCES_FULL, { token, variables: { id: meetingRoom.id } });
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      expect(res.body.data!.findResources).toMatchObject({ id: meetingRoom.id, wemeet_enable: '1' });
    }
    const plain = await t.gql('apps_yy_sys', FIND_RESOURCES_FULL, { token: student, variables: { id: court.id } });
    expect(plain.body.data!.findResources).toMatchObject({ id: court.id, wemeet_enable: '0' });
  });

  it('the resource lists carry wemeet_enable too', async () => {
    const res = await t.gql(
      'apps_yy_sys',
      `query { findResourcesAllByAccount(first: 100, offset: 0) { id wemeet_enable } }`,
      {
        token: student,
      },
    );
    expect(res.body.errors).toBeUndefined();
    const byId = new Map(res.body.data!.findResourcesAllByAccount.map((r: { id: string }) => [r.id, r]));
    expect(byId.get(meetingRoom.id)).toEqual({ id: meetingRoom.id, wemeet_enable: '1' });
    expect(byId.get(court.id)).toEqual({ id: court.id, wemeet_enable: '0' });
  });

  it("findResourcesTypeAllByAccount validates with the contract's type fields", async () => {
    const res = await t.gql('apps_yy_sys', TYPES_FULL, { token: student });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    expect(res.body.data!.findResourcesTypeAllByAccount.length).toBeGreaterThan(0);
  });

  it('refuses anonymous callers; another tenant does not find the resource', async () => {
    const anonymous = await t.gql('apps_yy_sys', FIND_RESOURCES_FULL, { variables: { id: meetingRoom.id } });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const foreign = await t.gql('apps_yy_sys', FIND_RESOURCES_FULL, {
      token: foreignAdmin,
      variables: { id: meetingRoom.id },
    });
    expect(foreign.body.errors).toBeUndefined();
    expect(foreign.body.data!.findResources).toBeNull();
  });
});

describe('messages and messages_en are lists of strings', () => {
  it('a check answers code "0" with a list; a refused one code "500" with the reason as a list', async () => {
    const check = (token: string, slot: string) =>
      t.gql('apps_yy_sys', CHECK, {
        token,
        variables: { resourceId: court.id, bookDate: '2030-01-03', timeSlotIdList: [slot] },
      });
    const free = (await check(student, court.slots[0]!.id)).body.data!.checkResourceTimeSlotCapacity;
    expect(free).toEqual({
      code: '0',
      name: 'checkResourceTimeSlotCapacity',
      messages: [],
      messages_en: [],
    });

    const booked = await submit(t, resAdmin, {
      model: model(court.id, '2030-01-03'),
      timeSlotIdList: [court.slots[0]!.id],
    });
    expect(booked).toMatchObject({ code: '0', messages: [], messages_en: [] });
    const taken = (await check(student, court.slots[0]!.id)).body.data!.checkResourceTimeSlotCapacity;
    expect(taken.code).toBe('500');
    expect(taken.messages).toHaveLength(1);
    expect(taken.messages[0]).toContain('已被');
    expect(taken.messages_en).toEqual([expect.stringContaining('booked')]);
  });

  it('a refused submit carries its reason as a one-element list, in the raw JSON too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/bus/graphql/apps_yy_sys',
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        query: `mutation($model: InputAppointmentInformation!, $slots: [String]) {
          saveAppointmentInformationAll(captchaId: "", captchaCode: "", model: $model, timeSlotIdList: $slots) {
            code messages } }`,
        variables: { model: model(court.id, '2030-01-03'), slots: [court.slots[0]!.id] },
      },
    });
    expect(res.body).toMatch(
      /^\{"data":\{"saveAppointmentInformationAll":\{"code":"500","messages":\["[^"]+"\]\}\}\}$/,
    );
  });

  it('another tenant administrator gets the refusal as a list as well', async () => {
    const foreign = await submit(t, foreignAdmin, {
      model: model(court.id, '2030-01-03'),
      timeSlotIdList: [court.slots[1]!.id],
    });
    expect(foreign).toMatchObject({ code: '500', messages: ['资源不存在'] });
  });
});
