import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';

/** The contract's selection of `findResourcesTypeAllByAccount` (api-contract 4) plus the spec's children. */
const TYPE_FIELDS = `
  id resources_name resources_name_en resources_tag resources_tag_en icon icon_not created_user created_user_name
  state can_location is_appointment_number_limit appointment_number_rule appointment_number_limit
  timeperiod_number_begin_date timeperiod_number_end_date is_incomplete_appointment_number_limit
  incomplete_appointment_number_limit common_enable cyclicity_enable batch_enable default_appointment_state
  punctuality_rule deviation_minutes earliest_punctuality_rule earliest_deviation_minutes can_appointment_remark
  sign_out_rule order del create_time start_time end_time
  holding_minutes capacity_field_type open_captcha_verify open_frequency_verify resource_open_mode wemeet_enable appointment_category
  extendedProperties { id resources_type_id extended_properties_code extended_properties_name code_description code_tags order_num }
  resourcesTypeAuthList { id resources_type_id resources_type_name grant_object_id grant_object_name grant_object_type grant_time operate_user_id operate_user_name }
  userDisplayInfoConfigList { id resource_type_id field_name_en field_name_cn field_data_type field_category display_order_num tenant_id }
  appointmentNumberLimitRuleList { id resources_type_id appointment_number_rule appointment_number_limit timeperiod_number_begin_date timeperiod_number_end_date tenant_id }
`;
const BY_ACCOUNT = `query findResourcesTypeAllByAccount($filter: ResourcesTypeFilterMap) {
  findResourcesTypeAllByAccount(filter: $filter) { ${TYPE_FIELDS} } }`;
const ALL = `query findResourcesTypeAll($filter: ResourcesTypeFilterMap) { findResourcesTypeAll(filter: $filter) { ${TYPE_FIELDS} } }`;
const ONE = `query findResourcesType($id: ID) { findResourcesType(id: $id) { ${TYPE_FIELDS} } }`;
const SAVE = `mutation saveResourcesType($model: InputResourcesType!) { saveResourcesType(model: $model) { errcode msg msg_en ids } }`;
const UPDATE = `mutation updateResourcesType($model: InputResourcesType!) { updateResourcesType(model: $model) { errcode msg msg_en ids } }`;
const STATE = `mutation updateResourcesTypeState($id: ID!, $state: Int!) { updateResourcesTypeState(id: $id, state: $state) { errcode msg msg_en } }`;
const DELETE = `mutation deleteResourcesType($id: ID!) { deleteResourcesType(id: $id) { errcode msg msg_en } }`;

let t: TestApp;
let admin: string;
let student: string;
let otherAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor(demoAccounts.admin.account);
  student = await t.tokenFor(demoAccounts.user.account);
  const other = await t.createOtherTenant('other');
  otherAdmin = await t.tokenFor('admin', other);
}, 60_000);
afterAll(async () => t?.close());

async function typeNames(token: string, query = BY_ACCOUNT, field = 'findResourcesTypeAllByAccount', variables = {}) {
  const res = await t.gql('apps_yy_sys', query, { token, variables });
  expect(res.body.errors).toBeUndefined();
  return (res.body.data![field] as { resources_name: string }[]).map((x) => x.resources_name);
}

describe('resource types', () => {
  it('the demo catalogue lists its types to users, in order, with the contract fields', async () => {
    const res = await t.gql('apps_yy_sys', BY_ACCOUNT, {
      token: student,
      variables: { filter: { resources_name: { eq: '' }, state: { eq: '' } } },
    });
    expect(res.body.errors).toBeUndefined();
    const types = res.body.data!.findResourcesTypeAllByAccount;
    expect(types.map((x: { resources_name: string }) => x.resources_name)).toEqual(['羽毛球场', '会议室', '健身房']);
    expect(types[0]).toMatchObject({
      resources_name_en: 'Badminton court',
      state: 1,
      open_captcha_verify: '1',
      extendedProperties: [],
    });
    expect(types[0].create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('administrators create a type with every child list; users see it; the other tenant does not', async () => {
    const res = await t.gql('apps_yy_sys', SAVE, {
      token: admin,
      variables: {
        model: {
          resources_name: '研讨室',
          resources_name_en: 'Seminar room',
          resources_tag: '学习空间',
          state: 1,
          created_user: 'someone-else',
          extendedProperties: [{ extended_properties_code: 'facility', extended_properties_name: '设施' }],
          resourcesTypeAuthList: [],
          userDisplayInfoConfigList: [
            { field_name_cn: '姓名', field_name_en: 'Name', field_data_type: 'text', display_order_num: 1 },
          ],
          appointmentNumberLimitRuleList: [{ appointment_number_rule: '2', appointment_number_limit: 3 }],
        },
      },
    });
    expect(res.body.data!.saveResourcesType).toMatchObject({ errcode: '0' });
    const id = res.body.data!.saveResourcesType.ids[0];
    const one = (await t.gql('apps_yy_sys', ONE, { token: student, variables: { id } })).body.data!.findResourcesType;
    expect(one).toMatchObject({
      resources_name: '研讨室',
      created_user: demoAccounts.admin.account,
      extendedProperties: [{ extended_properties_code: 'facility', resources_type_id: id }],
      userDisplayInfoConfigList: [{ field_name_cn: '姓名', resource_type_id: id, display_order_num: 1 }],
      appointmentNumberLimitRuleList: [
        { appointment_number_rule: '2', appointment_number_limit: 3, resources_type_id: id },
      ],
    });
    const props = await t.gql(
      'apps_yy_sys',
      `query ($id: ID) { findResourcesTypeExtendedProperties(id: $id) { extended_properties_code } }`,
      {
        token: student,
        variables: { id },
      },
    );
    expect(props.body.data!.findResourcesTypeExtendedProperties).toEqual([{ extended_properties_code: 'facility' }]);
    expect(await typeNames(otherAdmin, ALL, 'findResourcesTypeAll')).toEqual([]);
    expect(
      (await t.gql('apps_yy_sys', ONE, { token: otherAdmin, variables: { id } })).body.data!.findResourcesType,
    ).toBeNull();
    const foreign = await t.gql('apps_yy_sys', UPDATE, {
      token: otherAdmin,
      variables: { model: { id, resources_name: 'x' } },
    });
    expect(foreign.body.data!.updateResourcesType).toMatchObject({ errcode: '500', msg: '资源类型不存在' });
    const del = await t.gql('apps_yy_sys', DELETE, { token: otherAdmin, variables: { id } });
    expect(del.body.data!.deleteResourcesType.errcode).toBe('500');
    expect(await typeNames(student)).toContain('研讨室');
  });

  it('auth lists limit who sees a type: department, post, user and dept|post grants', async () => {
    const saved = await t.gql('apps_yy_sys', SAVE, {
      token: admin,
      variables: { model: { resources_name: '实验室' } },
    });
    const id = saved.body.data!.saveResourcesType.ids[0];
    const grant = async (grants: { grant_object_type: string; grant_object_id: string }[]) => {
      const r = await t.gql('apps_yy_sys', UPDATE, {
        token: admin,
        variables: { model: { id, resourcesTypeAuthList: grants } },
      });
      expect(r.body.data!.updateResourcesType.errcode).toBe('0');
    };
    await grant([{ grant_object_type: 'user', grant_object_id: 'nobody' }]);
    expect(await typeNames(student)).not.toContain('实验室');
    expect(
      (await t.gql('apps_yy_sys', ONE, { token: student, variables: { id } })).body.data!.findResourcesType,
    ).toBeNull();
    await grant([{ grant_object_type: 'user', grant_object_id: demoAccounts.user.account }]);
    expect(await typeNames(student)).toContain('实验室');
    await grant([{ grant_object_type: 'dept', grant_object_id: 'demo' }]); // the root: covers 计算机学院
    expect(await typeNames(student)).toContain('实验室');
    await grant([{ grant_object_type: 'dept', grant_object_id: 'it-office' }]);
    expect(await typeNames(student)).not.toContain('实验室');
    await grant([{ grant_object_type: 'post', grant_object_id: 'student' }]);
    expect(await typeNames(student)).toContain('实验室');
    await grant([{ grant_object_type: 'triple', grant_object_id: 'cs|staff' }]);
    expect(await typeNames(student)).not.toContain('实验室');
    await grant([{ grant_object_type: 'triple', grant_object_id: 'cs|student' }]);
    expect(await typeNames(student)).toContain('实验室');
    // administrators see every type in the back office, and by account only by the grants
    expect(await typeNames(admin, ALL, 'findResourcesTypeAll')).toContain('实验室');
    const auth = `query ($a: String, $f: ResourcesTypeFilterMap) { findResourcesTypeListByAccountAuth(adminAuthType: $a, filter: $f) { resources_name } }`;
    expect(await typeNames(admin, auth, 'findResourcesTypeListByAccountAuth', { a: '1' })).toContain('实验室');
    expect(await typeNames(admin, auth, 'findResourcesTypeListByAccountAuth', { a: '0' })).not.toContain('实验室');
  });

  it('state changes hide a type from users; bad states are refused in zh and en', async () => {
    const saved = await t.gql('apps_yy_sys', SAVE, {
      token: admin,
      variables: { model: { resources_name: '临时类型' } },
    });
    const id = saved.body.data!.saveResourcesType.ids[0];
    const off = await t.gql('apps_yy_sys', STATE, { token: admin, variables: { id, state: 0 } });
    expect(off.body.data!.updateResourcesTypeState.errcode).toBe('0');
    expect(await typeNames(student)).not.toContain('临时类型');
    const bad = await t.gql('apps_yy_sys', STATE, { token: admin, variables: { id, state: 7 } });
    expect(bad.body.data!.updateResourcesTypeState).toMatchObject({
      errcode: '500',
      msg: expect.stringContaining('资源类型状态无效'),
      msg_en: expect.stringContaining('Invalid resource type state'),
    });
    const byUser = await t.gql('apps_yy_sys', STATE, { token: student, variables: { id, state: 1 } });
    expect(byUser.body.errors?.[0]?.message).toBe('拒绝访问');
    expect(await typeNames(student)).not.toContain('临时类型');
  });

  it('refuses bad input and deleting a type that has resources; nothing changes', async () => {
    const before = await typeNames(admin, ALL, 'findResourcesTypeAll');
    const empty = await t.gql('apps_yy_sys', SAVE, { token: admin, variables: { model: { resources_name: '' } } });
    expect(empty.body.data!.saveResourcesType).toMatchObject({
      errcode: '500',
      msg: '资源类型名称不能为空',
      msg_en: 'The resource type name cannot be empty',
    });
    const badGrant = await t.gql('apps_yy_sys', SAVE, {
      token: admin,
      variables: {
        model: {
          resources_name: '坏类型',
          resourcesTypeAuthList: [{ grant_object_type: 'planet', grant_object_id: 'x' }],
        },
      },
    });
    expect(badGrant.body.data!.saveResourcesType.errcode).toBe('500');
    expect(badGrant.body.data!.saveResourcesType.msg_en).toContain('Invalid input');
    expect(await typeNames(admin, ALL, 'findResourcesTypeAll')).toEqual(before);

    const badminton = (
      await t.gql('apps_yy_sys', ALL, { token: admin, variables: { filter: { resources_name: { eq: '羽毛球场' } } } })
    ).body.data!.findResourcesTypeAll[0];
    const refused = await t.gql('apps_yy_sys', DELETE, { token: admin, variables: { id: badminton.id } });
    expect(refused.body.data!.deleteResourcesType).toMatchObject({
      errcode: '500',
      msg: '该资源类型下还有3个资源，不能删除',
      msg_en: 'The resource type still has 3 resources and cannot be deleted',
    });
    const byUser = await t.gql('apps_yy_sys', SAVE, { token: student, variables: { model: { resources_name: 'x' } } });
    expect(byUser.body.errors?.[0]?.message).toBe('拒绝访问');
    const anonymous = await t.gql('apps_yy_sys', BY_ACCOUNT, {});
    expect(anonymous.body.data?.findResourcesTypeAllByAccount ?? null).toBeNull();
    expect(await typeNames(admin, ALL, 'findResourcesTypeAll')).toEqual(before);

    const saved = await t.gql('apps_yy_sys', SAVE, {
      token: admin,
      variables: { model: { resources_name: '待删除' } },
    });
    const gone = await t.gql('apps_yy_sys', DELETE, {
      token: admin,
      variables: { id: saved.body.data!.saveResourcesType.ids[0] },
    });
    expect(gone.body.data!.deleteResourcesType.errcode).toBe('0');
    expect(await typeNames(admin, ALL, 'findResourcesTypeAll')).toEqual(before);
  });

  it('types with resources, and by available status, list only types with resources the user sees', async () => {
    const q = `query ($filter: ResourcesTypeFilterMap) {
      findResourcesTypeAllWithResourcesByAccount(filter: $filter) { resources_name resourcesList { resources_name } }
      findResourcesTypeAllByAvailableStatus(filter: $filter) { resources_name } }`;
    const res = await t.gql('apps_yy_sys', q, { token: student, variables: { filter: {} } });
    expect(res.body.errors).toBeUndefined();
    const withResources = res.body.data!.findResourcesTypeAllWithResourcesByAccount;
    expect(withResources.map((x: { resources_name: string }) => x.resources_name)).toEqual([
      '羽毛球场',
      '会议室',
      '健身房',
    ]);
    expect(withResources[0].resourcesList.map((r: { resources_name: string }) => r.resources_name)).toEqual([
      '羽毛球场1号',
      '羽毛球场2号',
      '羽毛球场3号',
    ]);
    expect(
      res.body.data!.findResourcesTypeAllByAvailableStatus.map((x: { resources_name: string }) => x.resources_name),
    ).toEqual(['羽毛球场', '会议室', '健身房']);
    const other = await t.gql('apps_yy_sys', q, { token: otherAdmin, variables: { filter: {} } });
    expect(other.body.data!.findResourcesTypeAllWithResourcesByAccount).toEqual([]);
  });
});
