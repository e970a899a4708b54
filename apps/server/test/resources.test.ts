import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFromScan, parseCode } from '../src/modules/checkin/checkin.codes.ts';
import { FIND_ALL, FIND_ONE, MONDAY_MS, SAVE, SLOTS, UPDATE, clientVariables } from './resources.documents.ts';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-resources-'));
let t: TestApp;
let admin: string;
let student: string;
let otherAdmin: string;
let badmintonTypeId: string;
let meetingTypeId: string;

type R = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function list(token: string, variables: Record<string, unknown> = clientVariables): Promise<R[]> {
  const res = await t.gql('apps_yy_sys', FIND_ALL, { token, variables });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.findResourcesAllByAccount;
}
const names = (rows: R[]) => rows.map((r) => r.resources_name);
async function byName(name: string): Promise<R> {
  const row = (await list(admin, { ...clientVariables, resourceName: name })).find((r) => r.resources_name === name);
  if (!row) throw new Error(`no resource ${name}`);
  return row;
}
async function save(model: Record<string, unknown>, token = admin) {
  return (await t.gql('apps_yy_sys', SAVE, { token, variables: { model } })).body.data!.saveResources as R;
}

beforeAll(async () => {
  t = await createTestApp({ dataDir });
  admin = await t.tokenFor(demoAccounts.admin.account);
  student = await t.tokenFor(demoAccounts.user.account);
  otherAdmin = await t.tokenFor('admin', await t.createOtherTenant('other'));
  const types = (await t.gql('apps_yy_sys', `{ findResourcesTypeAll { id resources_name } }`, { token: admin })).body
    .data!.findResourcesTypeAll as R[];
  badmintonTypeId = types.find((x) => x.resources_name === '羽毛球场')!.id;
  meetingTypeId = types.find((x) => x.resources_name === '会议室')!.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('findResourcesAllByAccount', () => {
  it('answers the document clients send, ignoring an undeclared variable', async () => {
    const res = await t.gql('apps_yy_sys', FIND_ALL, {
      token: student,
      variables: { ...clientVariables, account: 'student' },
    });
    expect(res.body.errors).toBeUndefined();
    const rows = res.body.data!.findResourcesAllByAccount as R[];
    expect(names(rows)).toEqual(['羽毛球场1号', '羽毛球场2号', '羽毛球场3号', '行政楼305会议室', '健身房']);
    const court = rows[0]!;
    expect(court).toMatchObject({
      resources_type_name: '羽毛球场',
      campus_code: 'main',
      campus_name: '主校区',
      building_name_en: 'Gymnasium',
      rule_source: '1',
      available_number: 1,
      days_rule_refresh_time: '21:00',
      appointment_date_days: 7,
      open_captcha_verify: '1',
      reservable_status: '1',
      noReservationTimeSlotList: [],
      evaluateCount: 0,
    });
    expect(court.resourcesTimeSlot).toHaveLength(12);
    expect(court.resourcesTimeSlot[0]).toMatchObject({ kssj: '09:00', jssj: '10:00', resources_id: court.id, del: 0 });
    expect(court.resourcesTimeSlot[11]).toMatchObject({ kssj: '20:00', jssj: '21:00' });
    const room = rows[3]!;
    expect(room.noReservationTimeSlotList).toEqual([
      { book_date: '2030-01-07', start_time: '12:00', end_time: '13:30', reason_cn: '午休', reason_en: 'Lunch break' },
    ]);
    expect(room.resourcesConfig).toMatchObject({
      pertimeslot_min_minutes: 30,
      pertimeslot_max_minutes: 240,
      resources_id: room.id,
    });
    expect(room.resourcesWeek.map((w: R) => w.zj)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('works with only (first, offset) and with only (typeName)', async () => {
    const q1 = `query ($first: Int, $offset: Int) { findResourcesAllByAccount(first: $first, offset: $offset) { resources_name } }`;
    const page = await t.gql('apps_yy_sys', q1, { token: student, variables: { first: 2, offset: 1 } });
    expect(names(page.body.data!.findResourcesAllByAccount)).toEqual(['羽毛球场2号', '羽毛球场3号']);
    const q2 = `query ($typeName: String) { findResourcesAllByAccount(typeName: $typeName) { resources_name } }`;
    const byType = await t.gql('apps_yy_sys', q2, { token: student, variables: { typeName: '会议室' } });
    expect(names(byType.body.data!.findResourcesAllByAccount)).toEqual(['行政楼305会议室']);
    const en = await t.gql('apps_yy_sys', q2, { token: student, variables: { typeName: 'Gym' } });
    expect(names(en.body.data!.findResourcesAllByAccount)).toEqual(['健身房']);
  });

  it('filters by type, name, filter maps, items, period and series, and orders', async () => {
    expect(names(await list(student, { ...clientVariables, typeId: meetingTypeId }))).toEqual(['行政楼305会议室']);
    expect(names(await list(student, { ...clientVariables, resourceName: 'court 2' }))).toEqual(['羽毛球场2号']);
    const building = { ...clientVariables.filter, building_code: { eq: 'admin' } };
    expect(names(await list(student, { ...clientVariables, filter: building }))).toEqual(['行政楼305会议室']);
    const approve = { ...clientVariables.filter, need_approve: { eq: '1' } };
    expect(names(await list(student, { ...clientVariables, filter: approve }))).toEqual(['行政楼305会议室']);
    const inFloors = { floor_code: { in: ['2F', '3F'] } };
    expect(names(await list(student, { ...clientVariables, filter: inFloors }))).toEqual(['行政楼305会议室', '健身房']);
    expect(names(await list(student, { ...clientVariables, item_name: ['投影仪'] }))).toEqual(['行政楼305会议室']);
    // 12:30-13:00 is the meeting room's lunch break; Saturday it is closed all day
    const lunch = await list(student, { ...clientVariables, bookStartTime: '12:30', bookEndTime: '13:00' });
    expect(names(lunch)).not.toContain('行政楼305会议室');
    const saturday = await list(student, { ...clientVariables, bookDate: '2030-01-12' });
    const room = saturday.find((r) => r.resources_name === '行政楼305会议室')!;
    expect(room.reservable_status).toBe('0');
    expect(room.noReservationTimeSlotList[0]).toMatchObject({
      start_time: '00:00',
      end_time: '24:00',
      reason_en: 'This weekday is not open for booking',
    });
    const series = {
      ...clientVariables,
      is_cyclicity: '1',
      cyclicity_start_date: '2030-01-07',
      cyclicity_end_date: '2030-01-20',
      cyclicity_start_time: '09:00',
      cyclicity_end_time: '10:00',
      cyclicity_strategy: '2',
      cyclicity_weekList: ['1', '6'],
    };
    expect(names(await list(student, series))).not.toContain('行政楼305会议室');
    expect(names(await list(student, { ...series, cyclicity_weekList: ['1', '3'] }))).toContain('行政楼305会议室');
    const ordered = await list(student, { ...clientVariables, order_by: 'resources_number' });
    expect(names(ordered)[0]).toBe('健身房');
    const desc = await list(student, { ...clientVariables, order_by: 'order desc' });
    expect(names(desc)[0]).toBe('健身房');
    const bad = await t.gql('apps_yy_sys', FIND_ALL, {
      token: student,
      variables: { ...clientVariables, order_by: 'password' },
    });
    expect(bad.body.errors?.[0]?.message).toBe('不支持的排序方式：password');
    const badDate = await t.gql('apps_yy_sys', FIND_ALL, {
      token: student,
      variables: { ...clientVariables, bookDate: '2030-02-30' },
    });
    expect(badDate.body.errors?.[0]?.extensions).toMatchObject({
      code: 'INVALID_INPUT',
      msg_en: expect.stringContaining('bookDate'),
    });
  });

  it('another tenant sees none of the demo catalogue', async () => {
    expect(await list(otherAdmin)).toEqual([]);
    const court = await byName('羽毛球场1号');
    const one = await t.gql('apps_yy_sys', FIND_ONE, { token: otherAdmin, variables: { id: court.id } });
    expect(one.body.data!.findResources).toBeNull();
    const slots = await t.gql('apps_yy_sys', SLOTS, {
      token: otherAdmin,
      variables: { resourcesId: court.id, date: MONDAY_MS },
    });
    expect(slots.body.errors?.[0]?.message).toBe('资源不存在');
    for (const [doc, variables] of [
      [UPDATE, { model: { id: court.id, resources_name: 'hijacked' } }],
      [`mutation ($id: ID!) { deleteResources(id: $id) { errcode msg msg_en } }`, { id: court.id }],
      [`mutation ($id: ID!) { updateResourcesState(id: $id, state: 0) { errcode msg msg_en } }`, { id: court.id }],
      [`mutation ($id: ID!) { copyResources(id: $id) { errcode msg msg_en } }`, { id: court.id }],
    ] as const) {
      const res = await t.gql('apps_yy_sys', doc, { token: otherAdmin, variables });
      expect(Object.values(res.body.data!)[0]).toMatchObject({
        errcode: '500',
        msg: '资源不存在',
        msg_en: 'The resource does not exist',
      });
    }
    expect(await byName('羽毛球场1号')).toMatchObject({ state: 1, resources_name: '羽毛球场1号' });
  });
});

describe('findResourcesTimeSlotByResourcesIdAndDate', () => {
  it('gives the day slots with capacity (epoch ms of local midnight or YYYY-MM-DD)', async () => {
    const court = await byName('羽毛球场1号');
    const res = await t.gql('apps_yy_sys', SLOTS, {
      token: student,
      variables: { resourcesId: court.id, date: MONDAY_MS },
    });
    expect(res.body.errors).toBeUndefined();
    const slots = res.body.data!.findResourcesTimeSlotByResourcesIdAndDate as R[];
    expect(slots).toHaveLength(12);
    expect(slots[0]).toMatchObject({
      kssj: '09:00',
      jssj: '10:00',
      canAppointmentNumber: 1,
      canAppointmentNumberDesc: '剩余1',
      canAppointmentNumberDesc_en: '1 left',
    });
    const gym = await byName('健身房');
    const g = await t.gql('apps_yy_sys', SLOTS, {
      token: student,
      variables: { resourcesId: gym.id, date: '2030-01-07' },
    });
    expect(g.body.data!.findResourcesTimeSlotByResourcesIdAndDate.map((s: R) => s.canAppointmentNumber)).toEqual([
      50, 50, 50, 50, 50, 50, 50,
    ]);
    const room = await byName('行政楼305会议室');
    const free = await t.gql('apps_yy_sys', SLOTS, {
      token: student,
      variables: { resourcesId: room.id, date: MONDAY_MS },
    });
    expect(free.body.data!.findResourcesTimeSlotByResourcesIdAndDate).toEqual([]);
  });
});

describe('saving resources', () => {
  it('creates a resource with every list, a real QR code, and reads it back', async () => {
    const res = await save({
      resources_type_id: meetingTypeId,
      resources_name: '图书馆研讨室A',
      resources_name_en: 'Library Room A',
      resources_number: 'TSG-A',
      describe: '<p>安静<b>研讨</b></p><script>alert(1)</script><img src="/yy-sys/api/file/x" onerror="alert(2)">',
      capacity: 8,
      available_number: 1,
      campus_code: 'main',
      campus_name: '主校区',
      campus_name_en: 'Main campus',
      building_code: 'lib',
      building_name: '图书馆',
      building_name_en: 'Library',
      floor_code: '2F',
      created_user: 'forged',
      qcode_image_url: 'http://evil.example/x.png',
      rule_source: '0',
      time_slot_rule: '1',
      resourcesTimeSlot: [
        { kssj: '08:00', jssj: '10:00' },
        { kssj: '10:00', jssj: '12:00' },
      ],
      resourcesMonthList: [{ month: '1' }],
      resourcesDate: [{ start: '2030-01-01', end: '2030-06-30' }],
      resourcesWeek: [{ zj: '1', zj_name: '一' }],
      resourcesNoReservationConfigList: [
        {
          rule_type: '1',
          start_date: '2030-01-07',
          end_date: '2030-01-07',
          start_time: '10:00',
          end_time: '12:00',
          reason_cn: '校庆',
          reason_en: 'Anniversary',
        },
      ],
      resourcesRoles: [{ post: 'staff', post_name: '教职工', dept: 'it-office', dept_name: '信息化办公室' }],
      resourcesImage: [
        { uri: '/yy-sys/api/file/abc', image_category: '1' },
        { uri: 'https://example.com/pano.jpg', image_category: '2' },
      ],
      resourcesCooperativeDeptList: [{ dept_id: 'cs', dept_name: '计算机学院' }],
      // values of the type's extended properties: resources-settings.test.ts
      resourcesExtendedPropertiesList: [],
      resourcesConfig: { preaudit_enable: '0', signin_rule: '1', pertimeslot_max_minutes: 120 },
      resourcesCustomAttributeList: [{ field_name: 'seats', field_desc_cn: '座位', field_desc_en: 'Seats' }],
      resourcesCustomAttributeContentList: [{ field_name: 'seats', attribute_content: '8' }],
      resourcesAvailableNumberRuleList: [{ date_rule: '2', weeks: '1', available_number: 2 }],
      resourcesAppointmentNumberLimitRuleList: [{ appointment_number_rule: '3', appointment_number_limit: 4 }],
      resourcesVisibleList: [],
      resourcesInvisibleList: [],
      resourcesAuthList: [],
    });
    expect(res).toMatchObject({ errcode: '0' });
    const id = res.ids[0];
    const one = (
      await t.gql('apps_yy_sys', FIND_ONE, { token: student, variables: { id, filter: { state: { eq: '' } } } })
    ).body.data!.findResources as R;
    expect(one).toMatchObject({
      resources_name: '图书馆研讨室A',
      created_user: 'admin',
      resources_type_name: '会议室',
      resourcesMonthList: [{ month: '1', resources_id: id }],
      resourcesDate: [{ start: '2030-01-01', end: '2030-06-30' }],
      resourcesImage: [{ image_category: '1' }, { image_category: '2', uri: 'https://example.com/pano.jpg' }],
      resourcesRoles: [{ post: 'staff', dept_name: '信息化办公室', resources_id: id }],
      resourcesCooperativeDeptList: [{ dept_id: 'cs' }],
      resourcesExtendedPropertiesList: [],
      resourcesConfig: { preaudit_enable: '0', signin_rule: '1', pertimeslot_max_minutes: 120 },
      resourcesCustomAttributeList: [{ field_name: 'seats', resources_type_id: meetingTypeId }],
      resourcesCustomAttributeContentList: [{ attribute_content: '8' }],
      resourcesAvailableNumberRuleList: [{ weeks: '1', available_number: 2 }],
      resourcesAppointmentNumberLimitRuleList: [
        { appointment_number_rule: '3', appointment_number_limit: 4, resources_id: id },
      ],
    });
    // the description is shown as HTML by the venue pages: stored sanitized
    expect(one.describe).toContain('<b>研讨</b>');
    expect(one.describe).toContain('<img src="/yy-sys/api/file/x"');
    expect(one.describe).not.toMatch(/script|onerror|alert/);
    expect(one.qcode_image_url).toMatch(/^\/yy-sys\/api\/file\/[0-9a-f-]{36}$/);
    const png = await t.app.inject({
      method: 'GET',
      url: one.qcode_image_url,
      headers: { authorization: `Bearer ${student}` },
    });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toContain('image/png');
    expect(png.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // the code encodes the resource's venue page with its signed check-in code, valid three years
    const image = PNG.sync.read(png.rawPayload);
    const text = jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? '';
    expect(text).toMatch(new RegExp(`^${t.config.publicUrl}/yy-sys/mobile/venueDetail/${id}\\?signCode=[\\w-]+$`));
    const code = parseCode(codeFromScan(text)!);
    expect(code?.claims).toMatchObject({ kind: 'resource', tenantId: t.demoTenantId, subjectId: id });
    expect(code!.claims.expiresAt - code!.claims.issuedAt).toBe(1095 * 86_400);
    // Monday 2030-01-07: capacity 2 by the weekday rule; 10:00-12:00 closed for the anniversary
    const slots = (
      await t.gql('apps_yy_sys', SLOTS, { token: student, variables: { resourcesId: id, date: MONDAY_MS } })
    ).body.data!.findResourcesTimeSlotByResourcesIdAndDate as R[];
    expect(slots.map((s) => [s.kssj, s.canAppointmentNumber, s.canAppointmentNumberDesc_en])).toEqual([
      ['08:00', 2, '2 left'],
      ['10:00', 0, 'Anniversary'],
    ]);
    // Tuesday is not a bookable weekday
    const tuesday = (
      await t.gql('apps_yy_sys', SLOTS, { token: student, variables: { resourcesId: id, date: '2030-01-08' } })
    ).body.data!.findResourcesTimeSlotByResourcesIdAndDate as R[];
    expect(tuesday.every((s) => s.canAppointmentNumber === 0)).toBe(true);

    // update keeps slot ids that are sent back, and lists left out
    const kept = one.resourcesTimeSlot[0];
    const upd = await t.gql('apps_yy_sys', UPDATE, {
      token: admin,
      variables: { model: { id, capacity: 10, resourcesTimeSlot: [{ id: kept.id, kssj: '08:00', jssj: '09:30' }] } },
    });
    expect(upd.body.data!.updateResources.errcode).toBe('0');
    const after = (await t.gql('apps_yy_sys', FIND_ONE, { token: admin, variables: { id } })).body.data!
      .findResources as R;
    expect(after.capacity).toBe(10);
    expect(after.resourcesTimeSlot).toEqual([expect.objectContaining({ id: kept.id, kssj: '08:00', jssj: '09:30' })]);
    expect(after.resourcesImage).toHaveLength(2);
    expect(after.qcode_image_url).toBe(one.qcode_image_url);
  });

  it('refuses bad input in zh and en and changes nothing', async () => {
    const before = names(await list(admin));
    const cases: [Record<string, unknown>, string][] = [
      [{ resources_type_id: meetingTypeId, resources_name: '' }, 'The resource name cannot be empty'],
      [{ resources_name: '无类型' }, 'The resource type cannot be empty'],
      [
        {
          resources_type_id: meetingTypeId,
          resources_name: '重叠',
          resourcesTimeSlot: [
            { kssj: '08:00', jssj: '10:00' },
            { kssj: '09:00', jssj: '11:00' },
          ],
        },
        'The time slots 08:00-10:00 and 09:00-11:00 overlap',
      ],
      [
        {
          resources_type_id: meetingTypeId,
          resources_name: '倒序',
          resourcesTimeSlot: [{ kssj: '10:00', jssj: '09:00' }],
        },
        'The time slot 10:00-09:00 is invalid',
      ],
      [
        { resources_type_id: meetingTypeId, resources_name: '无模板', rule_source: '1' },
        'A rule template must be chosen',
      ],
      [
        {
          resources_type_id: meetingTypeId,
          resources_name: '坏日期',
          resourcesDate: [{ start: '2030-05-01', end: '2030-04-01' }],
        },
        'The date range 2030-05-01 to 2030-04-01 is invalid',
      ],
      [
        {
          resources_type_id: meetingTypeId,
          resources_name: '坏时间',
          resourcesTimeSlot: [{ kssj: '8点', jssj: '10:00' }],
        },
        'Invalid input',
      ],
      [
        {
          resources_type_id: meetingTypeId,
          resources_name: '坏图片',
          resourcesImage: [{ uri: 'javascript:alert(1)' }],
        },
        'Invalid input',
      ],
      [
        {
          resources_type_id: meetingTypeId,
          resources_name: '坏时长',
          resourcesConfig: { pertimeslot_min_minutes: 90, pertimeslot_max_minutes: 30 },
        },
        'The shortest booking cannot be longer than the longest booking',
      ],
    ];
    for (const [model, en] of cases) {
      const res = await save(model);
      expect(res.errcode, JSON.stringify(model)).toBe('500');
      expect(res.msg_en).toContain(en);
      expect(res.msg).not.toBe('');
    }
    expect(await save({ resources_type_id: meetingTypeId, resources_name: 'x' }, student)).toBeNull();
    expect(names(await list(admin))).toEqual(before);
  });

  it('visible, invisible and auth lists decide who sees a resource, on the server', async () => {
    const res = await save({
      resources_type_id: badmintonTypeId,
      resources_name: '私密场地',
      rule_source: '0',
      resourcesTimeSlot: [{ kssj: '09:00', jssj: '10:00' }],
    });
    const id = res.ids[0];
    const sees = async () => names(await list(student)).includes('私密场地');
    const setLists = async (lists: Record<string, unknown>) => {
      const r = await t.gql('apps_yy_sys', UPDATE, { token: admin, variables: { model: { id, ...lists } } });
      expect(r.body.data!.updateResources.errcode).toBe('0');
    };
    expect(await sees()).toBe(true);
    await setLists({
      resourcesInvisibleList: [
        { invisible_obj_id: 'cs', invisible_obj_type: 'dept', invisible_obj_name: '计算机学院' },
      ],
    });
    expect(await sees()).toBe(false);
    expect(
      (await t.gql('apps_yy_sys', FIND_ONE, { token: student, variables: { id } })).body.data!.findResources,
    ).toBeNull();
    const slots = await t.gql('apps_yy_sys', SLOTS, {
      token: student,
      variables: { resourcesId: id, date: MONDAY_MS },
    });
    expect(slots.body.errors?.[0]?.extensions).toMatchObject({
      code: 'RESOURCE_NOT_FOUND',
      msg_en: 'The resource does not exist',
    });
    await setLists({
      resourcesInvisibleList: [],
      resourcesVisibleList: [{ visible_obj_id: 'staff', visible_obj_type: 'post' }],
    });
    expect(await sees()).toBe(false);
    await setLists({ resourcesVisibleList: [{ visible_obj_id: 'student', visible_obj_type: 'user' }] });
    expect(await sees()).toBe(true);
    await setLists({
      resourcesAuthList: [
        { grant_object_id: 'it-office', grant_object_type: 'dept', grant_permission_item: 'appointment' },
      ],
    });
    expect(await sees()).toBe(false);
    await setLists({ resourcesAuthList: [{ grant_object_id: 'cs|student', grant_object_type: 'triple' }] });
    expect(await sees()).toBe(true);
    const adminView = (await t.gql('apps_yy_sys', FIND_ONE, { token: admin, variables: { id } })).body.data!
      .findResources as R;
    expect(adminView.resourcesAuthList).toEqual([
      expect.objectContaining({
        grant_object_id: 'cs|student',
        grant_object_type: 'triple',
        resources_name: '私密场地',
        operate_user_id: 'admin',
      }),
    ]);
    expect(adminView.resourcesVisibleList).toEqual([
      expect.objectContaining({ visible_obj_id: 'student', visible_obj_type: 'user' }),
    ]);
  });

  it('changes state, copies and deletes (administrators only)', async () => {
    const room = await byName('行政楼305会议室');
    const state = `mutation ($id: ID!, $state: Int!) { updateResourcesState(id: $id, state: $state) { errcode msg msg_en } }`;
    expect(
      (await t.gql('apps_yy_sys', state, { token: student, variables: { id: room.id, state: 0 } })).body.errors?.[0]
        ?.message,
    ).toBe('拒绝访问');
    expect(
      (await t.gql('apps_yy_sys', state, { token: admin, variables: { id: room.id, state: 0 } })).body.data!
        .updateResourcesState.errcode,
    ).toBe('0');
    expect(names(await list(student))).not.toContain('行政楼305会议室');
    expect(
      (await t.gql('apps_yy_sys', FIND_ONE, { token: student, variables: { id: room.id } })).body.data!.findResources,
    ).toBeNull();
    const bad = await t.gql('apps_yy_sys', state, { token: admin, variables: { id: room.id, state: 3 } });
    expect(bad.body.data!.updateResourcesState).toMatchObject({
      errcode: '500',
      msg_en: expect.stringContaining('Invalid resource state'),
    });
    await t.gql('apps_yy_sys', state, { token: admin, variables: { id: room.id, state: 1 } });

    const copy = await t.gql(
      'apps_yy_sys',
      `mutation ($id: ID!) { copyResources(id: $id) { errcode msg msg_en ids } }`,
      {
        token: admin,
        variables: { id: room.id },
      },
    );
    expect(copy.body.data!.copyResources.errcode).toBe('0');
    const copyId = copy.body.data!.copyResources.ids[0];
    const copied = (await t.gql('apps_yy_sys', FIND_ONE, { token: admin, variables: { id: copyId } })).body.data!
      .findResources as R;
    expect(copied).toMatchObject({
      resources_name: '行政楼305会议室 副本',
      resources_name_en: 'Administration Building Room 305 (Copy)',
      state: 0,
      capacity: 12,
      time_slot_rule: '2',
      need_approve: '1',
      resourcesConfig: { pertimeslot_min_minutes: 30, pertimeslot_max_minutes: 240 },
      resourcesExtendedPropertiesList: [{ item_name: '投影仪' }],
    });
    expect(copied.resourcesWeek.map((w: R) => w.zj)).toEqual(['1', '2', '3', '4', '5']);
    expect(copied.resourcesNoReservationConfigList).toEqual([
      expect.objectContaining({ reason_cn: '午休', start_time: '12:00' }),
    ]);
    expect(copied.qcode_image_url).not.toBe(room.qcode_image_url);
    expect(copied.qcode_image_url).toMatch(/^\/yy-sys\/api\/file\//);

    const del = `mutation ($id: ID!) { deleteResources(id: $id) { errcode msg msg_en } }`;
    expect(
      (await t.gql('apps_yy_sys', del, { token: admin, variables: { id: copyId } })).body.data!.deleteResources.errcode,
    ).toBe('0');
    expect(
      (await t.gql('apps_yy_sys', FIND_ONE, { token: admin, variables: { id: copyId } })).body.data!.findResources,
    ).toBeNull();
    expect(
      (await t.gql('apps_yy_sys', del, { token: admin, variables: { id: copyId } })).body.data!.deleteResources,
    ).toMatchObject({
      errcode: '500',
      msg: '资源不存在',
    });
  });

  it('the back-office list pages every resource of the tenant', async () => {
    const q = `query ($first: Int, $offset: Int, $filter: ResourcesFilterMap) { findResourcesAll(first: $first, offset: $offset, filter: $filter) {
      totalCount pageInfo { hasNextPage } edges { cursor node { id resources_name state } } } }`;
    const res = await t.gql('apps_yy_sys', q, {
      token: admin,
      variables: { first: 2, offset: 0, filter: { resources_type_id: { eq: badmintonTypeId } } },
    });
    expect(res.body.data!.findResourcesAll).toMatchObject({ pageInfo: { hasNextPage: true } });
    expect(res.body.data!.findResourcesAll.edges).toHaveLength(2);
    expect((await t.gql('apps_yy_sys', q, { token: student, variables: {} })).body.errors?.[0]?.message).toBe(
      '拒绝访问',
    );
    expect(
      (await t.gql('apps_yy_sys', q, { token: otherAdmin, variables: {} })).body.data!.findResourcesAll.totalCount,
    ).toBe(0);
  });
});

describe('rule templates', () => {
  const TPL = `id template_name template_name_en time_slot_rule appointment_date_days days_rule_refresh_time open_captcha_verify resourcesCount
    config { pertimeslot_min_minutes signin_rule }
    resourcesTimeSlot { id kssj jssj } resourcesNoReservationConfigList { rule_type week reason_cn reason_en }
    resourcesAppointmentNumberLimitRuleList { appointment_number_rule appointment_number_limit }`;
  const ALL = `query ($first: Int, $offset: Int, $filter: ResourcesRuleTemplateFilterMap) {
    findResourcesRuleTemplateAll(first: $first, offset: $offset, filter: $filter) { totalCount edges { node { ${TPL} } } } }`;
  const SAVE_T = `mutation ($model: InputResourcesRuleTemplate!) { saveResourcesRuleTemplate(model: $model) { errcode msg msg_en ids } }`;
  const UPDATE_T = `mutation ($model: InputResourcesRuleTemplate!) { updateResourcesRuleTemplate(model: $model) { errcode msg msg_en ids } }`;
  const DELETE_T = `mutation ($id: ID!) { deleteResourcesRuleTemplate(id: $id) { errcode msg msg_en } }`;

  it('lists the demo template with its resources count', async () => {
    const res = await t.gql('apps_yy_sys', ALL, {
      token: admin,
      variables: { first: 10, offset: 0, filter: { template_name: { like: '羽毛球' } } },
    });
    expect(res.body.data!.findResourcesRuleTemplateAll.totalCount).toBe(1);
    const tpl = res.body.data!.findResourcesRuleTemplateAll.edges[0].node;
    expect(tpl).toMatchObject({
      template_name: '羽毛球场标准规则',
      resourcesCount: 3,
      appointment_date_days: 7,
      days_rule_refresh_time: '21:00',
    });
    expect(tpl.resourcesTimeSlot).toHaveLength(12);
    expect((await t.gql('apps_yy_sys', ALL, { token: student, variables: {} })).body.errors?.[0]?.message).toBe(
      '拒绝访问',
    );
    expect(
      (await t.gql('apps_yy_sys', ALL, { token: otherAdmin, variables: {} })).body.data!.findResourcesRuleTemplateAll
        .totalCount,
    ).toBe(0);
  });

  it('a resource using a template follows every edit of it; the template cannot go while used', async () => {
    const saved = await t.gql('apps_yy_sys', SAVE_T, {
      token: admin,
      variables: {
        model: {
          template_name: '晚间规则',
          template_name_en: 'Evening rules',
          time_slot_rule: '1',
          appointment_date_days: 3,
          config: { signin_rule: '1' },
          resourcesTimeSlot: [{ kssj: '18:00', jssj: '19:00' }],
          resourcesAppointmentNumberLimitRuleList: [{ appointment_number_rule: '1', appointment_number_limit: 2 }],
        },
      },
    });
    expect(saved.body.data!.saveResourcesRuleTemplate.errcode).toBe('0');
    const templateId = saved.body.data!.saveResourcesRuleTemplate.ids[0];
    const res = await save({
      resources_type_id: badmintonTypeId,
      resources_name: '模板场地',
      rule_source: '1',
      rule_template_id: templateId,
      appointment_date_days: 99,
      resourcesTimeSlot: [{ kssj: '06:00', jssj: '07:00' }],
    });
    expect(res.errcode).toBe('0');
    const id = res.ids[0];
    const read = async () =>
      (await t.gql('apps_yy_sys', FIND_ONE, { token: student, variables: { id } })).body.data!.findResources as R;
    let r = await read();
    expect(r).toMatchObject({
      rule_source: '1',
      rule_template_id: templateId,
      appointment_date_days: 3,
      resourcesConfig: { signin_rule: '1' },
    });
    expect(r.resourcesTimeSlot.map((s: R) => s.kssj)).toEqual(['18:00']);
    expect(r.resourcesAppointmentNumberLimitRuleList).toEqual([
      expect.objectContaining({ appointment_number_limit: 2, resources_id: id }),
    ]);

    const edit = await t.gql('apps_yy_sys', UPDATE_T, {
      token: admin,
      variables: {
        model: {
          id: templateId,
          appointment_date_days: 5,
          resourcesTimeSlot: [
            { kssj: '18:00', jssj: '19:00' },
            { kssj: '19:00', jssj: '20:00' },
          ],
          resourcesNoReservationConfigList: [
            { rule_type: '2', week: '1', reason_cn: '周一闭馆', reason_en: 'Closed on Mondays' },
          ],
        },
      },
    });
    expect(edit.body.data!.updateResourcesRuleTemplate.errcode).toBe('0');
    r = await read();
    expect(r.appointment_date_days).toBe(5);
    expect(r.resourcesTimeSlot.map((s: R) => s.kssj)).toEqual(['18:00', '19:00']);
    const slots = (
      await t.gql('apps_yy_sys', SLOTS, { token: student, variables: { resourcesId: id, date: MONDAY_MS } })
    ).body.data!.findResourcesTimeSlotByResourcesIdAndDate as R[];
    expect(slots.map((s) => [s.canAppointmentNumber, s.canAppointmentNumberDesc])).toEqual([
      [0, '周一闭馆'],
      [0, '周一闭馆'],
    ]);

    const refused = await t.gql('apps_yy_sys', DELETE_T, { token: admin, variables: { id: templateId } });
    expect(refused.body.data!.deleteResourcesRuleTemplate).toMatchObject({
      errcode: '500',
      msg: '该规则模板仍被1个资源使用，不能删除',
      msg_en: 'The rule template is still used by 1 resources and cannot be deleted',
    });
    const badSlots = await t.gql('apps_yy_sys', UPDATE_T, {
      token: admin,
      variables: {
        model: {
          id: templateId,
          resourcesTimeSlot: [
            { kssj: '18:00', jssj: '19:30' },
            { kssj: '19:00', jssj: '20:00' },
          ],
        },
      },
    });
    expect(badSlots.body.data!.updateResourcesRuleTemplate).toMatchObject({
      errcode: '500',
      msg_en: expect.stringContaining('overlap'),
    });
    const unnamed = await t.gql('apps_yy_sys', SAVE_T, { token: admin, variables: { model: { template_name: '' } } });
    expect(unnamed.body.data!.saveResourcesRuleTemplate).toMatchObject({ errcode: '500', msg: '规则模板名称不能为空' });
    expect((await read()).resourcesTimeSlot).toHaveLength(2);
    const foreign = await t.gql('apps_yy_sys', DELETE_T, { token: otherAdmin, variables: { id: templateId } });
    expect(foreign.body.data!.deleteResourcesRuleTemplate.msg).toBe('规则模板不存在');

    // back to its own rules, then the template can go
    const own = await t.gql('apps_yy_sys', UPDATE, {
      token: admin,
      variables: { model: { id, rule_source: '0', resourcesTimeSlot: [{ kssj: '07:00', jssj: '08:00' }] } },
    });
    expect(own.body.data!.updateResources.errcode).toBe('0');
    expect((await read()).resourcesTimeSlot.map((s: R) => s.kssj)).toEqual(['07:00']);
    const gone = await t.gql('apps_yy_sys', DELETE_T, { token: admin, variables: { id: templateId } });
    expect(gone.body.data!.deleteResourcesRuleTemplate.errcode).toBe('0');
    const one = await t.gql('apps_yy_sys', `query ($id: ID!) { findResourcesRuleTemplate(id: $id) { id } }`, {
      token: admin,
      variables: { id: templateId },
    });
    expect(one.body.data!.findResourcesRuleTemplate).toBeNull();
  });
});

describe('occupancy', () => {
  const ALL = `query ($first: Int, $offset: Int, $filter: ResourcesOccupyFilterMap) { findResourcesOccupyAll(first: $first, offset: $offset, filter: $filter) {
    totalCount edges { node { id resources_id resources_name start_time end_time reason_cn reason_en created_user create_time } } } }`;
  const SAVE_O = `mutation ($model: InputResourcesOccupy!) { saveResourcesOccupy(model: $model) { errcode msg msg_en ids } }`;
  const UPDATE_O = `mutation ($model: InputResourcesOccupy!) { updateResourcesOccupy(model: $model) { errcode msg msg_en ids } }`;
  const DELETE_O = `mutation ($id: ID!) { deleteResourcesOccupy(id: $id) { errcode msg msg_en } }`;

  it('blocks a period: the slots close with the reason, and it can be changed and removed', async () => {
    const court = await byName('羽毛球场3号');
    const saved = await t.gql('apps_yy_sys', SAVE_O, {
      token: admin,
      variables: {
        model: {
          resources_id: court.id,
          start_time: '2030-01-07 10:00',
          end_time: '2030-01-07 12:00',
          reason_cn: '设备维修',
          reason_en: 'Maintenance',
        },
      },
    });
    expect(saved.body.data!.saveResourcesOccupy.errcode).toBe('0');
    const occId = saved.body.data!.saveResourcesOccupy.ids[0];
    const slotsOf = async () =>
      (
        (await t.gql('apps_yy_sys', SLOTS, { token: student, variables: { resourcesId: court.id, date: MONDAY_MS } }))
          .body.data!.findResourcesTimeSlotByResourcesIdAndDate as R[]
      ).map((s) => `${s.kssj}:${s.canAppointmentNumber}`);
    expect((await slotsOf()).slice(0, 4)).toEqual(['09:00:1', '10:00:0', '11:00:0', '12:00:1']);
    const listed = await list(student, { ...clientVariables, resourceName: '羽毛球场3号' });
    expect(listed[0]!.noReservationTimeSlotList).toEqual([
      {
        book_date: '2030-01-07',
        start_time: '10:00',
        end_time: '12:00',
        reason_cn: '设备维修',
        reason_en: 'Maintenance',
      },
    ]);
    const free = await list(student, {
      ...clientVariables,
      bookStartTime: '10:00',
      bookEndTime: '11:00',
      typeName: '羽毛球场',
    });
    expect(names(free)).toEqual(expect.arrayContaining(['羽毛球场1号', '羽毛球场2号']));
    expect(names(free)).not.toContain('羽毛球场3号');

    const page = await t.gql('apps_yy_sys', ALL, {
      token: admin,
      variables: {
        first: 10,
        offset: 0,
        filter: { resources_id: { eq: court.id }, start_time: { gte: '2030-01-07' }, end_time: { lte: '2030-01-08' } },
      },
    });
    expect(page.body.data!.findResourcesOccupyAll.edges[0].node).toMatchObject({
      resources_name: '羽毛球场3号',
      start_time: '2030-01-07 10:00',
      end_time: '2030-01-07 12:00',
      created_user: 'admin',
    });
    const moved = await t.gql('apps_yy_sys', UPDATE_O, {
      token: admin,
      variables: { model: { id: occId, end_time: '2030-01-07 11:00' } },
    });
    expect(moved.body.data!.updateResourcesOccupy.errcode).toBe('0');
    expect((await slotsOf()).slice(0, 3)).toEqual(['09:00:1', '10:00:0', '11:00:1']);

    const backwards = await t.gql('apps_yy_sys', UPDATE_O, {
      token: admin,
      variables: { model: { id: occId, end_time: '2030-01-07 09:00' } },
    });
    expect(backwards.body.data!.updateResourcesOccupy).toMatchObject({
      errcode: '500',
      msg_en: expect.stringContaining('Invalid occupancy period'),
    });
    const noReason = await t.gql('apps_yy_sys', SAVE_O, {
      token: admin,
      variables: { model: { resources_id: court.id, start_time: '2030-01-08 10:00', end_time: '2030-01-08 11:00' } },
    });
    expect(noReason.body.data!.saveResourcesOccupy).toMatchObject({ errcode: '500', msg: '占用原因不能为空' });
    const foreign = await t.gql('apps_yy_sys', SAVE_O, {
      token: otherAdmin,
      variables: {
        model: { resources_id: court.id, start_time: '2030-01-08 10:00', end_time: '2030-01-08 11:00', reason_cn: 'x' },
      },
    });
    expect(foreign.body.data!.saveResourcesOccupy.msg).toBe('资源不存在');
    expect(
      (await t.gql('apps_yy_sys', ALL, { token: otherAdmin, variables: {} })).body.data!.findResourcesOccupyAll
        .totalCount,
    ).toBe(0);
    expect(
      (await t.gql('apps_yy_sys', DELETE_O, { token: otherAdmin, variables: { id: occId } })).body.data!
        .deleteResourcesOccupy.errcode,
    ).toBe('500');
    expect((await t.gql('apps_yy_sys', ALL, { token: student, variables: {} })).body.errors?.[0]?.message).toBe(
      '拒绝访问',
    );
    expect((await slotsOf()).slice(0, 3)).toEqual(['09:00:1', '10:00:0', '11:00:1']);

    expect(
      (await t.gql('apps_yy_sys', DELETE_O, { token: admin, variables: { id: occId } })).body.data!
        .deleteResourcesOccupy.errcode,
    ).toBe('0');
    expect((await slotsOf()).slice(0, 3)).toEqual(['09:00:1', '10:00:1', '11:00:1']);
  });
});
