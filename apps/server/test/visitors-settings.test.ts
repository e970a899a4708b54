/**
 * The visitor settings (apps_yy_sys) as anonymous, visitor, host (ordinary user),
 * administrator and another tenant's administrator; defaults seeded once per tenant; the
 * demo tenant's visitor areas; visitor area types kept out of the booking catalogue; the
 * web shell's operations a visitor may call.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { ensureVisitorDefaults } from '../src/modules/visitors/visitors.settings.repository.ts';
import { visitorDetailSettings, visitorRegisterFieldSettings } from '../src/modules/visitors/visitors.tables.ts';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';
import { idNumber, registerVisitor, signInByPhone } from './visitors-fixtures.ts';

let t: TestApp;
let otherTenantId: string;
const tokens: Record<'visitor' | 'user' | 'admin' | 'other', string> = { visitor: '', user: '', admin: '', other: '' };

beforeAll(async () => {
  t = await createTestApp();
  otherTenantId = await t.createOtherTenant('sother');
  tokens.user = await t.tokenFor(demoAccounts.user.account);
  tokens.admin = await t.tokenFor(demoAccounts.admin.account);
  tokens.other = await t.tokenFor('admin', otherTenantId);
  await registerVisitor(t, '13700001111', idNumber(901));
  tokens.visitor = (await signInByPhone(t, '13700001111'))!;
  expect(tokens.visitor).toBeTruthy();
});
afterAll(() => t.close());

const QUERIES: Record<string, string> = {
  findVisitorOverallSettingsEntity:
    '{ findVisitorOverallSettingsEntity { id is_invite_school_flow_path apply_school_resources mod_time } }',
  findVisitorCategoryConfig:
    '{ findVisitorCategoryConfig { overallSettings { id } detailSettings { visitor_type visitor_type_name_en } areas { id resources_name available_number } } }',
  findVisitorRegistorFieldSettingEntityList:
    '{ findVisitorRegistorFieldSettingEntityList { field_name field_label_en is_valid is_required sort } }',
  findRegisterValidField: '{ findRegisterValidField { field_name } }',
  findVisitorInfoFieldSettingsEntityList:
    '{ findVisitorInfoFieldSettingsEntityList { field_name field_type fieldTypeName fieldTypeName_en data_range is_visitor_valid_info } }',
  findVisitorValidFieldInfo: '{ findVisitorValidFieldInfo { field_name } }',
  findVisitorInfoFieldDataRange: '{ findVisitorInfoFieldDataRange(fieldEnName: "nationality") }',
  findVisitorDetailSettingsList:
    '{ findVisitorDetailSettingsList { visitor_type visitor_type_name is_invite_school_flow_path is_enable_second_level is_enable } }',
  findVisitorOverAllSettingsResources:
    '{ findVisitorOverAllSettingsResources { id resources_name resources_name_en available_number } }',
};

describe('every settings query', () => {
  for (const [name, query] of Object.entries(QUERIES)) {
    it(`${name}: refused anonymous; answered to visitor, host, administrator and another tenant`, async () => {
      const anonymous = await t.gql('apps_yy_sys', query);
      expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      for (const who of ['visitor', 'user', 'admin', 'other'] as const) {
        const res = await t.gql('apps_yy_sys', query, { token: tokens[who] });
        expect(res.body.errors, `${name} as ${who}`).toBeUndefined();
        expect(res.body.data?.[name], `${name} as ${who}`).toBeTruthy();
      }
    });
  }
});

describe('defaults', () => {
  it('the visitor types: an application needs the host, an invitation and a booking guest nothing', async () => {
    const res = await t.gql('apps_yy_sys', QUERIES.findVisitorDetailSettingsList!, { token: tokens.visitor });
    expect(res.body.data?.findVisitorDetailSettingsList).toEqual([
      {
        visitor_type: '1',
        visitor_type_name: '访客申请',
        is_invite_school_flow_path: 1,
        is_enable_second_level: 0,
        is_enable: 1,
      },
      {
        visitor_type: '2',
        visitor_type_name: '邀约访客',
        is_invite_school_flow_path: 0,
        is_enable_second_level: 0,
        is_enable: 1,
      },
      {
        visitor_type: '3',
        visitor_type_name: '预约随行访客',
        is_invite_school_flow_path: 0,
        is_enable_second_level: 0,
        is_enable: 1,
      },
    ]);
  });

  it('registration fields: name, phone, ID type and number required, the rest optional, in order', async () => {
    const res = await t.gql('apps_yy_sys', QUERIES.findVisitorRegistorFieldSettingEntityList!, { token: tokens.user });
    const fields = res.body.data?.findVisitorRegistorFieldSettingEntityList as {
      field_name: string;
      is_required: number;
      sort: number;
    }[];
    expect(fields.filter((f) => f.is_required === 1).map((f) => f.field_name)).toEqual([
      'visitor_name',
      'phone',
      'card_type',
      'card_number',
    ]);
    expect(fields.map((f) => f.field_name)).toEqual(
      expect.arrayContaining(['gender', 'email', 'unit', 'post', 'person_type', 'is_car', 'car_card_number', 'remark']),
    );
    expect(fields.map((f) => f.sort)).toEqual([...fields.map((f) => f.sort)].sort((a, b) => a - b));
    const valid = await t.gql('apps_yy_sys', QUERIES.findRegisterValidField!, { token: tokens.visitor });
    expect(valid.body.data?.findRegisterValidField.map((f: { field_name: string }) => f.field_name)).not.toContain(
      'identity_type',
    );
  });

  it('information fields with types, names and options; a visitor gets theirs', async () => {
    const res = await t.gql('apps_yy_sys', QUERIES.findVisitorInfoFieldSettingsEntityList!, { token: tokens.admin });
    const all = res.body.data?.findVisitorInfoFieldSettingsEntityList as {
      field_name: string;
      field_type: string;
      fieldTypeName_en: string;
      data_range: string[];
      is_visitor_valid_info: number;
    }[];
    expect(all.find((f) => f.field_name === 'emergency_phone')).toMatchObject({
      field_type: 'phone',
      fieldTypeName_en: 'Phone',
    });
    expect(all.find((f) => f.field_name === 'nationality')?.data_range).toContain('中国大陆');
    const mine = await t.gql('apps_yy_sys', QUERIES.findVisitorValidFieldInfo!, { token: tokens.visitor });
    expect(mine.body.data?.findVisitorValidFieldInfo.map((f: { field_name: string }) => f.field_name)).toEqual(
      all.filter((f) => f.is_visitor_valid_info === 1).map((f) => f.field_name),
    );
    const options = await t.gql('apps_yy_sys', QUERIES.findVisitorInfoFieldDataRange!, { token: tokens.visitor });
    expect(options.body.data?.findVisitorInfoFieldDataRange).toEqual([
      '中国大陆',
      '中国香港',
      '中国澳门',
      '中国台湾',
      '其他',
    ]);
    const unknown = await t.gql('apps_yy_sys', '{ findVisitorInfoFieldDataRange(fieldEnName: "nope") }', {
      token: tokens.visitor,
    });
    expect(unknown.body.errors?.[0]?.extensions).toMatchObject({
      code: 'VISITOR_FIELD_UNKNOWN',
      msg_en: 'There is no information field named "nope"',
    });
  });

  it('are seeded once, however many first requests come together', async () => {
    const tenantId = await t.createOtherTenant('sfresh');
    await Promise.all(
      Array.from({ length: 5 }, () => withTenant(t.database.db, tenantId, (tx) => ensureVisitorDefaults(tx, tenantId))),
    );
    const counts = await withTenant(t.database.db, tenantId, async (tx) => ({
      details: (await tx.select().from(visitorDetailSettings).where(eq(visitorDetailSettings.tenant_id, tenantId)))
        .length,
      fields: (
        await tx.select().from(visitorRegisterFieldSettings).where(eq(visitorRegisterFieldSettings.tenant_id, tenantId))
      ).length,
    }));
    expect(counts).toEqual({ details: 3, fields: 15 });
  });
});

describe('visitor areas', () => {
  it('the demo tenant offers the east gate and the library, 200 a day each; another tenant none', async () => {
    const res = await t.gql('apps_yy_sys', QUERIES.findVisitorOverAllSettingsResources!, { token: tokens.visitor });
    const areas = res.body.data?.findVisitorOverAllSettingsResources as {
      resources_name_en: string;
      available_number: number;
      id: string;
    }[];
    expect(areas.map((a) => [a.resources_name_en, a.available_number]).sort()).toEqual([
      ['East gate', 200],
      ['Library', 200],
    ]);
    const overall = await t.gql('apps_yy_sys', QUERIES.findVisitorOverallSettingsEntity!, { token: tokens.user });
    expect(overall.body.data?.findVisitorOverallSettingsEntity.apply_school_resources.split(',').sort()).toEqual(
      areas.map((a) => a.id).sort(),
    );
    const config = await t.gql('apps_yy_sys', QUERIES.findVisitorCategoryConfig!, { token: tokens.visitor });
    expect(config.body.data?.findVisitorCategoryConfig.areas).toHaveLength(2);
    const other = await t.gql('apps_yy_sys', QUERIES.findVisitorOverAllSettingsResources!, { token: tokens.other });
    expect(other.body.data?.findVisitorOverAllSettingsResources).toEqual([]);
  });

  it('are not offered for booking; administrators still see their type in the back office', async () => {
    const names = (list: { resources_name_en: string }[]) => list.map((x) => x.resources_name_en);
    for (const who of ['user', 'admin'] as const) {
      const types = await t.gql('apps_yy_sys', '{ findResourcesTypeAllByAccount { resources_name_en } }', {
        token: tokens[who],
      });
      expect(names(types.body.data?.findResourcesTypeAllByAccount), who).not.toContain('Visitor areas');
      expect(names(types.body.data?.findResourcesTypeAllByAccount), who).toContain('Gym');
      const withResources = await t.gql(
        'apps_yy_sys',
        '{ findResourcesTypeAllWithResourcesByAccount { resources_name_en resourcesList { resources_name_en } } }',
        { token: tokens[who] },
      );
      expect(names(withResources.body.data?.findResourcesTypeAllWithResourcesByAccount), who).not.toContain(
        'Visitor areas',
      );
      const resources = await t.gql('apps_yy_sys', '{ findResourcesAllByAccount { resources_name_en } }', {
        token: tokens[who],
      });
      const list = names(resources.body.data?.findResourcesAllByAccount);
      expect(list, who).toContain('Fitness centre');
      expect(list, who).not.toContain('East gate');
      expect(list, who).not.toContain('Library');
    }
    const manage = await t.gql('apps_yy_sys', '{ findResourcesTypeAll { resources_name_en } }', {
      token: tokens.admin,
    });
    expect(names(manage.body.data?.findResourcesTypeAll)).toContain('Visitor areas');
  });
});

describe("the web shell's operations", () => {
  it('a visitor gets me and the tenant status; not menus, avatars or the directory', async () => {
    const me = await t.gql('iam', '{ me { account name role phone } }', { token: tokens.visitor });
    expect(me.body.data?.me).toMatchObject({ name: '王访客', role: 'visitor', phone: '' });
    expect(me.body.data?.me.account).toMatch(/^visitor:/);
    const status = await t.gql('apps_yy_sys', '{ checkTenantStatus { errcode } }', { token: tokens.visitor });
    expect(status.body.data?.checkTenantStatus.errcode).toBe('0');
    const menus = await t.gql('iam', '{ canvasmenus { id } }', { token: tokens.visitor });
    expect(menus.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const avatar = await t.gql('iam', '{ findUserImage(account: "student") { image } }', { token: tokens.visitor });
    expect(avatar.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
