import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIND_ALL, FIND_ONE, MONDAY_MS, SAVE, SLOTS, UPDATE, clientVariables } from './resources.documents.ts';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';

/**
 * A resource's descriptive settings through the API, with the contract's documents: extended
 * property values, custom attribute definitions and values, pre-audit, notifications; and
 * capacity rules and sign-in notices of rule templates.
 */

type R = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SAVE_CODES = `mutation($m: InputCodes) { saveCodes(model: $m) { errcode msg msg_en ids } }`;
const SAVE_ITEM = `mutation($m: InputCodeItems) { saveCodeItems(model: $m) { errcode msg msg_en ids } }`;
const SAVE_TYPE = `mutation saveResourcesType($model: InputResourcesType!) { saveResourcesType(model: $model) { errcode msg msg_en ids } }`;
const SAVE_T = `mutation saveResourcesRuleTemplate($model: InputResourcesRuleTemplate!) { saveResourcesRuleTemplate(model: $model) { errcode msg msg_en ids } }`;
const UPDATE_T = `mutation updateResourcesRuleTemplate($model: InputResourcesRuleTemplate!) { updateResourcesRuleTemplate(model: $model) { errcode msg msg_en ids } }`;
const ONE_T = `query findResourcesRuleTemplate($id: ID!) { findResourcesRuleTemplate(id: $id) { id
  config { signin_notification_push signin_notification_rule }
  resourcesAvailableNumberRuleList { resources_id time_slot_rule date_rule start_date end_date weeks start_time end_time available_number } } }`;

let t: TestApp;
let admin: string;
let student: string;
let otherAdmin: string;
let roomTypeId: string;
let meetingTypeId: string;

async function mutate(query: string, variables: Record<string, unknown>, token = admin): Promise<R> {
  const res = await t.gql('apps_yy_sys', query, { token, variables });
  expect(res.body.errors).toBeUndefined();
  return Object.values(res.body.data!)[0] as R;
}
const save = (model: Record<string, unknown>, token = admin) => mutate(SAVE, { model }, token);
const update = (model: Record<string, unknown>, token = admin) => mutate(UPDATE, { model }, token);
async function read(id: string, token = admin): Promise<R> {
  const res = await t.gql('apps_yy_sys', FIND_ONE, { token, variables: { id } });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.findResources as R;
}
/** Saving `model` is refused with an English message containing `en` (and a Chinese one). */
async function refused(run: () => Promise<R>, en: string) {
  const res = await run();
  expect(res.errcode, en).toBe('500');
  expect(res.msg_en).toContain(en);
  expect(res.msg).toMatch(/[\u4e00-\u9fff]/);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor(demoAccounts.admin.account);
  student = await t.tokenFor(demoAccounts.user.account);
  otherAdmin = await t.tokenFor('admin', await t.createOtherTenant('other'));
  const table = await mutate(SAVE_CODES, { m: { code: 'yy_facility', name: '设施', name_en: 'Facilities' } });
  const item = (item_code: string, item_name: string, item_name_en: string, item_index: number) =>
    mutate(SAVE_ITEM, {
      m: {
        codes_id: table.ids[0],
        item_code,
        item_name,
        item_name_en,
        item_index,
        item_description: `${item_name}说明`,
      },
    });
  await item('projector', '投影仪', 'Projector', 1);
  await item('board', '白板', 'Whiteboard', 2);
  await item('screen', '大屏', 'Large screen', 3);
  const type = await mutate(SAVE_TYPE, {
    model: {
      resources_name: '研讨室',
      resources_name_en: 'Seminar room',
      extendedProperties: [
        {
          extended_properties_code: 'yy_facility',
          extended_properties_name: '设施',
          code_description: '房间里的设施',
          order_num: 1,
        },
      ],
    },
  });
  roomTypeId = type.ids[0];
  const types = (await t.gql('apps_yy_sys', `{ findResourcesTypeAll { id resources_name } }`, { token: admin })).body
    .data!.findResourcesTypeAll as R[];
  meetingTypeId = types.find((x) => x.resources_name === '会议室')!.id;
}, 60_000);
afterAll(async () => t?.close());

const slots = [{ kssj: '09:00', jssj: '10:00' }];

describe('extended property values', () => {
  it("are checked against the type's properties and code tables, named from them, and searchable", async () => {
    const res = await save({
      resources_type_id: roomTypeId,
      resources_name: '研讨室101',
      rule_source: '0',
      resourcesTimeSlot: slots,
      resourcesExtendedPropertiesList: [
        { extended_properties_code: 'yy_facility', item_code: 'projector', item_name: 'forged name' },
        { extended_properties_code: 'yy_facility', item_name: '白板' },
        { extended_properties_code: 'yy_facility', item_code: 'board' },
      ],
    });
    expect(res.errcode).toBe('0');
    const id = res.ids[0];
    const one = await read(id, student);
    expect(one.resourcesExtendedPropertiesList).toEqual([
      {
        id: expect.any(String),
        resources_id: id,
        extended_properties_code: 'yy_facility',
        extended_properties_name: '设施',
        item_code: 'projector',
        item_name: '投影仪',
        item_description: '投影仪说明',
        code_description: '房间里的设施',
      },
      expect.objectContaining({ item_code: 'board', item_name: '白板' }),
    ]);
    const found = (
      await t.gql('apps_yy_sys', FIND_ALL, { token: student, variables: { ...clientVariables, item_name: ['白板'] } })
    ).body.data!.findResourcesAllByAccount as R[];
    expect(found.map((r) => r.resources_name)).toContain('研讨室101');

    await refused(
      () =>
        update({ id, resourcesExtendedPropertiesList: [{ extended_properties_code: 'yy_colour', item_code: 'red' }] }),
      'The resource type "研讨室" has no extended property "yy_colour"',
    );
    await refused(
      () =>
        update({ id, resourcesExtendedPropertiesList: [{ extended_properties_code: 'yy_facility', item_code: 'tv' }] }),
      'The code table of the extended property "设施" has no item "tv"',
    );
    expect((await read(id)).resourcesExtendedPropertiesList).toHaveLength(2);

    // the stored id keeps a value; a list of one replaces the two
    const kept = one.resourcesExtendedPropertiesList[0].id;
    expect(
      (
        await update({
          id,
          resourcesExtendedPropertiesList: [
            { id: kept, extended_properties_code: 'yy_facility', item_code: 'projector' },
          ],
        })
      ).errcode,
    ).toBe('0');
    expect((await read(id)).resourcesExtendedPropertiesList).toEqual([expect.objectContaining({ id: kept })]);

    // another type without that property: its values go with the change
    expect((await update({ id, resources_type_id: meetingTypeId })).errcode).toBe('0');
    expect((await read(id)).resourcesExtendedPropertiesList).toEqual([]);
  });
});

describe('custom attributes', () => {
  const definitions = [
    {
      field_name: 'seats',
      field_desc_cn: '座位数',
      field_desc_en: 'Seats',
      field_desc_remark: '含旁听席',
      collect_mode: '0',
      is_required: '1',
      is_detail_display: '1',
      order_num: 1,
    },
    {
      field_name: 'equipment',
      field_desc_cn: '设备',
      field_desc_en: 'Equipment',
      collect_mode: '2',
      data_range_cn: '投影仪,白板,音响',
      data_range_en: 'Projector,Whiteboard,Speakers',
      default_value_cn: '投影仪',
      default_value_en: 'Projector',
      is_required: '0',
      is_detail_display: '1',
      order_num: 2,
    },
    {
      field_name: 'quiet',
      field_desc_cn: '安静区',
      field_desc_en: 'Quiet zone',
      collect_mode: '1',
      data_range_cn: '是\n否',
      data_range_en: 'Yes\nNo',
      is_required: '0',
      is_detail_display: '0',
      order_num: 3,
    },
  ];

  it('definitions and values are saved and read back; values follow their definitions', async () => {
    const res = await save({
      resources_type_id: roomTypeId,
      resources_name: '研讨室102',
      rule_source: '0',
      resourcesTimeSlot: slots,
      resourcesCustomAttributeList: definitions,
      resourcesCustomAttributeContentList: [
        { field_name: 'seats', attribute_content: '20', is_enable: '1', order_num: 1 },
        { field_name: 'equipment', attribute_content: '投影仪,音响', is_enable: '1', order_num: 2 },
        { field_name: 'quiet', attribute_content: '是', is_enable: '0', order_num: 3 },
      ],
    });
    expect(res.errcode).toBe('0');
    const id = res.ids[0];
    const one = await read(id, student);
    expect(one.resourcesCustomAttributeList).toEqual([
      expect.objectContaining({
        resources_type_id: roomTypeId,
        field_name: 'seats',
        field_desc_remark: '含旁听席',
        collect_mode: '0',
        is_required: '1',
      }),
      expect.objectContaining({
        field_name: 'equipment',
        collect_mode: '2',
        data_range_cn: '投影仪,白板,音响',
        data_range_en: 'Projector,Whiteboard,Speakers',
        default_value_cn: '投影仪',
        default_value_en: 'Projector',
      }),
      expect.objectContaining({ field_name: 'quiet', collect_mode: '1', is_detail_display: '0' }),
    ]);
    expect(one.resourcesCustomAttributeContentList).toEqual([
      expect.objectContaining({
        resources_id: id,
        field_name: 'seats',
        field_desc_cn: '座位数',
        attribute_content: '20',
      }),
      // labels come from the definition when the value has none
      expect.objectContaining({
        field_name: 'equipment',
        field_desc_en: 'Equipment',
        attribute_content: '投影仪,音响',
      }),
      expect.objectContaining({ field_name: 'quiet', attribute_content: '是', is_enable: '0' }),
    ]);

    const cases: [Record<string, unknown>, string][] = [
      [
        { resourcesCustomAttributeContentList: [{ field_name: 'seats', attribute_content: ' ' }] },
        'The value of the custom attribute "座位数" cannot be empty',
      ],
      [
        {
          resourcesCustomAttributeContentList: [
            { field_name: 'seats', attribute_content: '20' },
            { field_name: 'equipment', attribute_content: '投影仪,电视' },
          ],
        },
        '"电视" is not an option of the custom attribute "设备"',
      ],
      [
        { resourcesCustomAttributeContentList: [{ field_name: 'colour', attribute_content: '红' }] },
        'The custom attribute "colour" is not defined',
      ],
      [
        { resourcesCustomAttributeList: [{ ...definitions[0], field_name: '2nd seats' }] },
        'The custom attribute field name "2nd seats" is invalid',
      ],
      [
        { resourcesCustomAttributeList: [definitions[0], definitions[0]] },
        'The custom attribute field name "seats" is used twice',
      ],
      [
        { resourcesCustomAttributeList: [definitions[0], { ...definitions[1], data_range_en: 'Projector' }] },
        'must match the Chinese ones one to one (3 Chinese, 1 English)',
      ],
      [
        { resourcesCustomAttributeList: [definitions[0], { ...definitions[2], data_range_cn: '' }] },
        'its options cannot be empty',
      ],
      [
        { resourcesCustomAttributeList: [{ ...definitions[0], field_desc_cn: '' }] },
        'The Chinese label of the custom attribute "seats" cannot be empty',
      ],
      [{ resourcesCustomAttributeList: [{ ...definitions[0], collect_mode: '9' }] }, 'Invalid input'],
    ];
    for (const [patch, en] of cases) await refused(() => update({ id, ...patch }), en);
    expect((await read(id)).resourcesCustomAttributeContentList).toHaveLength(3);

    // definitions alone: values of attributes still defined stay, the others go
    expect((await update({ id, resourcesCustomAttributeList: [definitions[0], definitions[2]] })).errcode).toBe('0');
    const after = await read(id);
    expect(after.resourcesCustomAttributeList.map((a: R) => a.field_name)).toEqual(['seats', 'quiet']);
    expect(after.resourcesCustomAttributeContentList.map((c: R) => c.field_name)).toEqual(['seats', 'quiet']);
  });
});

describe('pre-audit settings', () => {
  it('are saved and read back; pre-audit needs a URL, department or post, and an http(s) URL', async () => {
    const res = await save({
      resources_type_id: roomTypeId,
      resources_name: '研讨室103',
      rule_source: '0',
      resourcesTimeSlot: slots,
      resourcesConfig: {
        preaudit_enable: '1',
        preaudit_url: 'https://audit.example.edu/apply',
        preaudit_description: '请先提交活动方案',
        preaudit_dept: 'dept-it',
        preaudit_post: 'post-secretary',
      },
    });
    expect(res.errcode).toBe('0');
    const id = res.ids[0];
    expect((await read(id, student)).resourcesConfig).toMatchObject({
      resources_id: id,
      preaudit_enable: '1',
      preaudit_url: 'https://audit.example.edu/apply',
      preaudit_description: '请先提交活动方案',
      preaudit_dept: 'dept-it',
      preaudit_post: 'post-secretary',
    });
    await refused(
      () =>
        update({
          id,
          resourcesConfig: { preaudit_enable: '1', preaudit_url: '', preaudit_dept: '', preaudit_post: '' },
        }),
      'the pre-audit URL, department and post cannot all be empty',
    );
    await refused(
      () => update({ id, resourcesConfig: { preaudit_url: 'javascript:alert(1)' } }),
      'The pre-audit URL "javascript:alert(1)" is invalid',
    );
    expect((await read(id)).resourcesConfig.preaudit_url).toBe('https://audit.example.edu/apply');
    // a department alone will do; the other settings stay
    expect((await update({ id, resourcesConfig: { preaudit_url: '', preaudit_post: '' } })).errcode).toBe('0');
    expect((await read(id)).resourcesConfig).toMatchObject({ preaudit_enable: '1', preaudit_dept: 'dept-it' });
  });
});

describe('notification settings', () => {
  it('are saved and read back as the notifications module reads them; channels are checked', async () => {
    const texts = {
      success_notification_rule: '请提前10分钟到场。',
      cancel_notification_rule_apply: '{name}，您在{resource}的预约已取消。',
      cancel_notification_rule_admin: '1',
    };
    const res = await save({
      resources_type_id: roomTypeId,
      resources_name: '研讨室104',
      rule_source: '0',
      resourcesTimeSlot: slots,
      is_notification_push: '1',
      notifiy_channels: ' Email，email ',
      success_notification_push: '1',
      cancel_notification_push: '1',
      ...texts,
      resourcesConfig: { signin_rule: '1', signin_notification_push: '1', signin_notification_rule: '签到提醒' },
    });
    expect(res.errcode).toBe('0');
    const id = res.ids[0];
    const one = await read(id, student);
    expect(one).toMatchObject({
      is_notification_push: '1',
      notifiy_channels: 'email',
      success_notification_push: '1',
      cancel_notification_push: '1',
      ...texts,
      resourcesConfig: { signin_notification_push: '1', signin_notification_rule: '签到提醒' },
    });
    await refused(() => update({ id, notifiy_channels: 'email,wechat' }), 'Unsupported notification channel: wechat');
    await refused(() => update({ id, success_notification_rule: 'x'.repeat(1001) }), 'Invalid input');
    expect((await read(id)).notifiy_channels).toBe('email');
    const long = '很'.repeat(1000);
    expect((await update({ id, notifiy_channels: '', cancel_notification_rule_apply: long })).errcode).toBe('0');
    expect(await read(id)).toMatchObject({ notifiy_channels: '', cancel_notification_rule_apply: long });
  });
});

describe('rule templates', () => {
  it('carry capacity rules and sign-in notices that the resources using them follow', async () => {
    const tpl = await mutate(SAVE_T, {
      model: {
        template_name: '研讨室规则',
        time_slot_rule: '1',
        appointment_date_days: 7,
        config: { signin_rule: '1', signin_notification_push: '1', signin_notification_rule: '请按时签到' },
        resourcesTimeSlot: [
          { kssj: '08:00', jssj: '10:00' },
          { kssj: '14:00', jssj: '16:00' },
        ],
        resourcesAvailableNumberRuleList: [
          {
            date_rule: '2',
            weeks: '1',
            time_slot_rule: '1',
            start_time: '08:00',
            end_time: '12:00',
            available_number: 5,
          },
          {
            date_rule: '1',
            start_date: '2030-01-08',
            end_date: '2030-01-08',
            time_slot_rule: '0',
            available_number: 0,
          },
        ],
      },
    });
    expect(tpl.errcode).toBe('0');
    const templateId = tpl.ids[0];
    const stored = (await t.gql('apps_yy_sys', ONE_T, { token: admin, variables: { id: templateId } })).body.data!
      .findResourcesRuleTemplate as R;
    expect(stored.config).toEqual({ signin_notification_push: '1', signin_notification_rule: '请按时签到' });
    expect(stored.resourcesAvailableNumberRuleList).toEqual([
      expect.objectContaining({ date_rule: '2', weeks: '1', start_time: '08:00', available_number: 5 }),
      expect.objectContaining({ date_rule: '1', start_date: '2030-01-08', available_number: 0 }),
    ]);

    const res = await save({
      resources_type_id: roomTypeId,
      resources_name: '研讨室105',
      available_number: 2,
      rule_source: '1',
      rule_template_id: templateId,
    });
    expect(res.errcode).toBe('0');
    const id = res.ids[0];
    const one = await read(id, student);
    expect(one.resourcesConfig).toMatchObject({
      signin_notification_push: '1',
      signin_notification_rule: '请按时签到',
    });
    expect(one.resourcesAvailableNumberRuleList).toHaveLength(2);
    const day = async (date: number | string) =>
      (
        (await t.gql('apps_yy_sys', SLOTS, { token: student, variables: { resourcesId: id, date } })).body.data!
          .findResourcesTimeSlotByResourcesIdAndDate as R[]
      ).map((s) => [s.kssj, s.canAppointmentNumber]);
    // Monday morning 5 by the weekday rule, else the resource's 2; none on 2030-01-08
    expect(await day(MONDAY_MS)).toEqual([
      ['08:00', 5],
      ['14:00', 2],
    ]);
    expect(await day('2030-01-08')).toEqual([
      ['08:00', 0],
      ['14:00', 0],
    ]);

    // editing the template changes the resource
    const edit = await mutate(UPDATE_T, {
      model: {
        id: templateId,
        resourcesAvailableNumberRuleList: [{ date_rule: '2', weeks: '1,2', available_number: 9 }],
      },
    });
    expect(edit.errcode).toBe('0');
    expect(await day('2030-01-08')).toEqual([
      ['08:00', 9],
      ['14:00', 9],
    ]);
    // overlapping rules: the first one given wins, whichever it is
    for (const [first, second, expected] of [
      [7, 4, 7],
      [4, 7, 4],
    ] as const) {
      const overlapping = await mutate(UPDATE_T, {
        model: {
          id: templateId,
          resourcesAvailableNumberRuleList: [
            { date_rule: '1', start_date: '2030-01-07', end_date: '2030-01-07', available_number: first },
            { date_rule: '2', weeks: '1', available_number: second },
            { date_rule: '2', weeks: '1,2', available_number: 9 },
          ],
        },
      });
      expect(overlapping.errcode).toBe('0');
      expect(await day(MONDAY_MS)).toEqual([
        ['08:00', expected],
        ['14:00', expected],
      ]);
    }
    await refused(
      () =>
        mutate(UPDATE_T, {
          model: {
            id: templateId,
            resourcesAvailableNumberRuleList: [
              { date_rule: '1', start_date: '2030-02-01', end_date: '2030-01-01', available_number: 1 },
            ],
          },
        }),
      'The date range 2030-02-01 to 2030-01-01 is invalid',
    );
    expect(await day('2030-01-08')).toEqual([
      ['08:00', 9],
      ['14:00', 9],
    ]);
  });
});

describe('who may write settings', () => {
  it("users cannot; another tenant neither sees nor changes them, nor uses this tenant's code tables", async () => {
    const res = await save({
      resources_type_id: roomTypeId,
      resources_name: '研讨室106',
      rule_source: '0',
      resourcesTimeSlot: slots,
      resourcesCustomAttributeList: [{ field_name: 'seats', field_desc_cn: '座位数' }],
      resourcesCustomAttributeContentList: [{ field_name: 'seats', attribute_content: '8' }],
    });
    const id = res.ids[0];
    const asUser = await t.gql('apps_yy_sys', UPDATE, {
      token: student,
      variables: {
        model: { id, resourcesCustomAttributeContentList: [{ field_name: 'seats', attribute_content: '99' }] },
      },
    });
    expect(asUser.body.errors?.[0]?.message).toBe('拒绝访问');
    const asOther = await update(
      { id, resourcesCustomAttributeContentList: [{ field_name: 'seats', attribute_content: '99' }] },
      otherAdmin,
    );
    expect(asOther).toMatchObject({ errcode: '500', msg: '资源不存在', msg_en: 'The resource does not exist' });
    expect(await read(id, otherAdmin)).toBeNull();
    expect((await read(id)).resourcesCustomAttributeContentList[0].attribute_content).toBe('8');

    // the other tenant's type with a property of the same code finds no items of ours
    const otherType = await mutate(
      SAVE_TYPE,
      {
        model: {
          resources_name: '外租户类型',
          extendedProperties: [{ extended_properties_code: 'yy_facility', extended_properties_name: '设施' }],
        },
      },
      otherAdmin,
    );
    await refused(
      () =>
        save(
          {
            resources_type_id: otherType.ids[0],
            resources_name: '外租户资源',
            rule_source: '0',
            resourcesTimeSlot: slots,
            resourcesExtendedPropertiesList: [{ extended_properties_code: 'yy_facility', item_code: 'projector' }],
          },
          otherAdmin,
        ),
      'has no item "projector"',
    );
    // nor can it put a resource in this tenant's type
    await refused(
      () =>
        save(
          { resources_type_id: roomTypeId, resources_name: '越权', rule_source: '0', resourcesTimeSlot: slots },
          otherAdmin,
        ),
      'The resource type does not exist',
    );
  });
});
