/**
 * The visitor back office's settings (section visitors-admin-settings): overall settings,
 * visitor types, registration and information fields, person types and visitor
 * administrators, as anonymous, visitor, ordinary user, visitor administrator (with and
 * without a scope), tenant administrator and another tenant's administrator; refusals change
 * nothing; every change is in the operate log; the phone pages read the change at once.
 */
import { errorCatalogue } from '@yuyue/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { insertUser } from '../src/modules/directory/directory.repository.ts';
import { visitorAccountOf } from '../src/modules/visitors/visitors.crypto.ts';
import { visitorAdminPermissions } from '../src/modules/visitors/visitors.tables.ts';
import { operateLogs } from '../src/platform/audit/audit.tables.ts';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';
import { codeFor, idNumber, registerRaw, registration } from './visitors-fixtures.ts';
import { visitorKeys } from '../src/platform/data-key.ts';

let t: TestApp;
let tenantId: string;
let otherTenantId: string;
const tok = { visitor: '', user: '', vadmin: '', scoped: '', typed: '', admin: '', other: '' };
let areaIds: string[] = [];

async function directoryUser(account: string): Promise<string> {
  await withTenant(t.database.db, tenantId, (tx) => insertUser(tx, tenantId, { account, name: `用户${account}` }));
  return t.tokenFor(account);
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.demoTenantId;
  otherTenantId = await t.createOtherTenant('vaset');
  tok.user = await t.tokenFor(demoAccounts.user.account);
  tok.admin = await t.tokenFor(demoAccounts.admin.account);
  tok.other = await t.tokenFor('admin', otherTenantId);
  tok.vadmin = await directoryUser('vadmin1');
  tok.scoped = await directoryUser('vscoped1');
  tok.typed = await directoryUser('vtyped1');
  const account = visitorAccountOf(visitorKeys(t.config), tenantId, '13800002222');
  await withTenant(t.database.db, tenantId, (tx) =>
    insertUser(tx, tenantId, { account, name: '访客', role: 'visitor' }),
  );
  tok.visitor = await t.tokenFor(account);
  const areas = await t.gql('apps_yy_sys', '{ findVisitorOverAllSettingsResources { id } }', { token: tok.admin });
  areaIds = (areas.body.data?.findVisitorOverAllSettingsResources as { id: string }[]).map((a) => a.id);
  expect(areaIds.length).toBeGreaterThan(0);
  await withTenant(t.database.db, tenantId, (tx) =>
    tx.insert(visitorAdminPermissions).values([
      { tenant_id: tenantId, admin_user: 'vadmin1', admin_user_name: 'A', permission: 'admin' },
      {
        tenant_id: tenantId,
        admin_user: 'vscoped1',
        admin_user_name: 'B',
        permission: 'admin',
        scope_areas: areaIds[0]!,
        scope_types: '1',
      },
      { tenant_id: tenantId, admin_user: 'vtyped1', admin_user_name: 'C', permission: 'admin', scope_types: '1' },
    ]),
  );
});
afterAll(() => t.close());

type Who = keyof typeof tok | 'anonymous';

async function call(who: Who, query: string, variables: Record<string, unknown> = {}) {
  const res = await t.gql('apps_yy_sys', query, { token: who === 'anonymous' ? undefined : tok[who], variables });
  const name = Object.keys(res.body.data ?? {})[0] ?? '';
  const data = res.body.data?.[name] as { errcode?: string; msg_en?: string } | undefined;
  const refusal = data?.errcode && data.errcode !== '0' ? codeOf(data.msg_en ?? '') : undefined;
  return { code: (res.body.errors?.[0]?.extensions?.code as string | undefined) ?? refusal, data: data as unknown };
}

/**
 * The catalogue code whose English text a refusal's msg_en is: of the matching templates, the one
 * with the most fixed text (placeholders can match anything, so fewer fixed words say less).
 */
function codeOf(msgEn: string): string {
  const matches = Object.entries(errorCatalogue).filter(([, texts]) => {
    const pattern = texts.en.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.*');
    return new RegExp(`^${pattern}$`, 's').test(msgEn);
  });
  const fixed = (en: string) => en.replace(/\{\w+\}/g, '').length;
  matches.sort((a, b) => fixed(b[1].en) - fixed(a[1].en));
  return matches[0]?.[0] ?? `unknown: ${msgEn}`;
}

const OVERALL = `mutation($model: VisitorOverallSettingsInput!) { updateVisitorOverallSettingsEntity(model: $model) { errcode msg_en ids } }`;
const SAVE_OVERALL = `mutation($model: VisitorOverallSettingsInput!) { saveVisitorOverallSettingsEntity(model: $model) { errcode msg_en ids } }`;
const READ_OVERALL = `{ findVisitorOverallSettingsEntity { sys_name welcome_content banner_img retention_days apply_school_resources is_visitor_qr_code is_visitor_infor is_invite_school_flow_path } }`;
const CONFIG = `{ findVisitorCategoryConfig { overallSettings { sys_name is_visitor_qr_code } detailSettings { visitor_type } areas { id } } }`;
const DETAIL = `mutation($model: VisitorDetailSettingsInput!) { updateVisitorDetailSettings(model: $model) { errcode msg_en ids } }`;
const DETAILS = `mutation($models: [VisitorDetailSettingsInput!]!) { batchUpdateVisitorDetailSettings(models: $models) { errcode msg_en ids } }`;
const READ_DETAILS = `{ findVisitorDetailSettingsList { visitor_type is_invite_school_flow_path is_enable_second_level invite_school_flow_path is_enable } }`;
const REG = `mutation($model: VisitorRegistorFieldSettingInput!) { updateVisitorRegistorFieldSettingEntity(model: $model) { errcode msg_en ids } }`;
const REGS = `mutation($models: [VisitorRegistorFieldSettingInput!]!) { batchUpdateVisitorRegistorFieldSettingEntity(models: $models) { errcode msg_en ids } }`;
const READ_REGS = `{ findVisitorRegistorFieldSettingEntityList { field_name is_valid is_required sort mod_user_name mod_time } }`;
const SAVE_INFO = `mutation($model: VisitorInfoFieldSettingsInput!) { saveVisitorInfoFieldSettingsEntity(model: $model) { errcode msg_en ids } }`;
const UPDATE_INFO = `mutation($model: VisitorInfoFieldSettingsInput!) { updateVisitorInfoFieldSettingsEntity(model: $model) { errcode msg_en ids } }`;
const INFOS = `mutation($models: [VisitorInfoFieldSettingsInput!]!) { batchUpdateVisitorInfoFieldSettingsEntity(models: $models) { errcode msg_en ids } }`;
const DELETE_INFO = `mutation($id: ID!) { deleteVisitorInfoFieldSettingsEntity(id: $id) { errcode msg_en ids } }`;
const DELETE_INFOS = `mutation($ids: [ID!]!) { batchDeleteVisitorInfoFieldSettingsEntity(ids: $ids) { errcode msg_en ids } }`;
const READ_INFOS = `{ findVisitorInfoFieldSettingsEntityList { id field_name field_type data_range is_visitor_valid_info is_visitor_required_info is_show_school_info sort } }`;
const PERSON_TYPES = `{ findVisitorPersonTypeList { id item_code item_name item_name_en item_index } }`;
const SAVE_PT = `mutation($model: VisitorPersonTypeInput!) { saveVisitorPersonType(model: $model) { errcode msg_en ids } }`;
const UPDATE_PT = `mutation($model: VisitorPersonTypeInput!) { updateVisitorPersonType(model: $model) { errcode msg_en ids } }`;
const DELETE_PT = `mutation($id: ID!) { deleteVisitorPersonType(id: $id) { errcode msg_en ids } }`;
const ADMINS = `query($keyword: String) { findVisitorAdminPermissionsEntityList(keyword: $keyword) { id admin_user admin_user_name permission scope_areas scope_types is_enable mod_user } }`;
const SAVE_ADMIN = `mutation($model: VisitorAdminPermissionsInput!) { saveVisitorAdminPermissionsEntity(model: $model) { errcode msg_en ids } }`;
const UPDATE_ADMIN = `mutation($model: VisitorAdminPermissionsInput!) { updateVisitorAdminPermissionsEntity(model: $model) { errcode msg_en ids } }`;
const ADMIN_STATE = `mutation($ids: [ID!]!, $on: Int!) { updateVisitorAdminPermissionsEntityState(ids: $ids, is_enable: $on) { errcode msg_en ids } }`;
const DELETE_ADMIN = `mutation($id: ID!) { deleteVisitorAdminPermissionsEntity(id: $id) { errcode msg_en ids } }`;
const DELETE_ADMINS = `mutation($ids: [ID!]!) { batchDeleteVisitorAdminPermissionsEntity(ids: $ids) { errcode msg_en ids } }`;

async function logged(type: string, contains: string) {
  const rows = await withTenant(t.database.db, tenantId, (tx) =>
    tx
      .select()
      .from(operateLogs)
      .where(
        and(
          eq(operateLogs.tenant_id, tenantId),
          eq(operateLogs.operate_module, 'visitor'),
          eq(operateLogs.operate_type, type),
        ),
      ),
  );
  return rows.some((r) => r.operate_content.includes(contains));
}

describe('who may change the settings', () => {
  const changes: [string, string, Record<string, unknown>][] = [
    ['overall', OVERALL, { model: { sys_name: 'x' } }],
    ['overall (save)', SAVE_OVERALL, { model: { sys_name: 'x' } }],
    ['visitor type', DETAIL, { model: { visitor_type: '2', is_enable: 1 } }],
    ['visitor types', DETAILS, { models: [{ visitor_type: '2', is_enable: 1 }] }],
    ['registration field', REG, { model: { field_name: 'unit', is_valid: 1 } }],
    ['registration fields', REGS, { models: [{ field_name: 'unit', is_valid: 1 }] }],
    ['information field', SAVE_INFO, { model: { field_name: 'who_x', field_label: 'x' } }],
    ['person type', SAVE_PT, { model: { item_name: 'x' } }],
  ];
  for (const [what, query, variables] of changes) {
    it(`${what}: refused to anonymous, a visitor, an ordinary user; another tenant changes only its own`, async () => {
      expect((await call('anonymous', query, variables)).code).toBe('UNAUTHENTICATED');
      expect((await call('visitor', query, variables)).code).toBe('FORBIDDEN');
      expect((await call('user', query, variables)).code).toBe('FORBIDDEN');
      // another tenant's administrator: accepted, in that tenant only (checked below)
      const own = await call('other', query, variables);
      expect(own.code, what).toBeUndefined();
      expect(own.data, what).toMatchObject({ errcode: '0' });
      // the other tenant keeps its seeded person types (counted further down)
      if (query === SAVE_PT) await call('other', DELETE_PT, { id: (own.data as { ids: string[] }).ids[0] });
    });
  }

  it("another tenant's changes above stayed in that tenant", async () => {
    expect(((await call('admin', READ_OVERALL)).data as { sys_name: string }).sys_name).not.toBe('x');
    expect(((await call('other', READ_OVERALL)).data as { sys_name: string }).sys_name).toBe('x');
    const infos = (await call('admin', READ_INFOS)).data as { field_name: string }[];
    expect(infos.some((f) => f.field_name === 'who_x')).toBe(false);
    const theirs = (await call('other', READ_INFOS)).data as { field_name: string }[];
    expect(theirs.some((f) => f.field_name === 'who_x')).toBe(true);
    const types = (await call('admin', PERSON_TYPES)).data as { item_name: string }[];
    expect(types.some((p) => p.item_name === 'x')).toBe(false);
  });

  it('administrators are granted by tenant administrators only (a visitor administrator cannot grant)', async () => {
    const model = { model: { admin_user: demoAccounts.user.account, permission: 'gate' } };
    for (const who of ['anonymous', 'visitor', 'user', 'vadmin', 'scoped'] as const) {
      expect((await call(who, SAVE_ADMIN, model)).code, who).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
    }
    expect((await call('vadmin', ADMINS)).data).toEqual(
      expect.arrayContaining([expect.objectContaining({ admin_user: 'vscoped1' })]),
    );
    expect((await call('user', ADMINS)).code).toBe('FORBIDDEN');
    expect((await call('visitor', ADMINS)).code).toBe('FORBIDDEN');
    expect((await call('anonymous', ADMINS)).code).toBe('UNAUTHENTICATED');
    expect((await call('other', ADMINS)).data).toEqual([]);
    const AREAS = '{ findVisitorAreaResourcesAll { id } }';
    expect(((await call('scoped', AREAS)).data as { id: string }[]).map((a) => a.id)).toEqual(
      expect.arrayContaining(areaIds),
    );
    expect((await call('user', AREAS)).code).toBe('FORBIDDEN');
    expect((await call('visitor', AREAS)).code).toBe('FORBIDDEN');
    expect((await call('anonymous', AREAS)).code).toBe('UNAUTHENTICATED');
    expect((await call('other', AREAS)).data).toEqual([]);
  });
});

describe('overall settings', () => {
  it('a visitor administrator changes them; the visitor reads the change at once; sanitised; logged', async () => {
    const out = await call('vadmin', OVERALL, {
      model: {
        sys_name: '访客系统 A',
        welcome_content: '<p>欢迎<script>alert(1)</script><img src=x onerror="alert(2)"></p>',
        banner_img: '/yy-sys/api/file/abc',
        retention_days: 30,
        is_visitor_qr_code: 0,
        apply_school_resources: areaIds[0],
      },
    });
    expect(out).toMatchObject({ data: { errcode: '0' } });
    const read = (await call('admin', READ_OVERALL)).data as Record<string, unknown>;
    expect(read).toMatchObject({
      sys_name: '访客系统 A',
      retention_days: 30,
      is_visitor_qr_code: 0,
      apply_school_resources: areaIds[0],
    });
    expect(read.welcome_content).toContain('欢迎');
    expect(read.welcome_content).not.toMatch(/script|onerror/);
    const config = (await call('visitor', CONFIG)).data as {
      overallSettings: { sys_name: string; is_visitor_qr_code: number };
      areas: { id: string }[];
    };
    expect(config.overallSettings).toEqual({ sys_name: '访客系统 A', is_visitor_qr_code: 0 });
    expect(config.areas.map((a) => a.id)).toEqual([areaIds[0]]);
    expect(await logged('update', '修改访客总体设置')).toBe(true);
  });

  it('a scoped visitor administrator may not change tenant-wide settings; the tenant administrator may; another tenant only its own', async () => {
    for (const who of ['scoped', 'typed'] as const) {
      expect((await call(who, SAVE_OVERALL, { model: { sys_name: '越权' } })).code, who).toBe('VISITOR_OUT_OF_SCOPE');
    }
    expect((await call('admin', SAVE_OVERALL, { model: { sys_name: '访客系统 B' } })).data).toMatchObject({
      errcode: '0',
    });
    expect(
      (await call('admin', OVERALL, { model: { apply_school_resources: '', is_visitor_qr_code: 1 } })).data,
    ).toMatchObject({ errcode: '0' });
    expect((await call('other', OVERALL, { model: { sys_name: '别家' } })).data).toMatchObject({ errcode: '0' });
    expect(((await call('admin', READ_OVERALL)).data as { sys_name: string }).sys_name).toBe('访客系统 B');
    expect(((await call('other', READ_OVERALL)).data as { sys_name: string }).sys_name).toBe('别家');
  });

  it('scoped administrators: fields and person types are tenant-wide too', async () => {
    for (const [query, variables] of [
      [REG, { model: { field_name: 'unit', is_valid: 1 } }],
      [SAVE_INFO, { model: { field_name: 'scoped_x', field_label: 'x' } }],
      [SAVE_PT, { model: { item_name: '越权类型' } }],
    ] as const) {
      expect((await call('scoped', query, variables)).code).toBe('VISITOR_OUT_OF_SCOPE');
      expect((await call('typed', query, variables)).code).toBe('VISITOR_OUT_OF_SCOPE');
    }
    const infos = (await call('admin', READ_INFOS)).data as { field_name: string }[];
    expect(infos.some((f) => f.field_name === 'scoped_x')).toBe(false);
  });

  it('bad values are refused and change nothing', async () => {
    for (const [model, code] of [
      [{ retention_days: 6, sys_name: 'no' }, 'VISITOR_RETENTION_RANGE'],
      [{ retention_days: 3651 }, 'VISITOR_RETENTION_RANGE'],
      [
        { apply_school_resources: `${areaIds[0]},00000000-0000-4000-8000-000000000000`, sys_name: 'no' },
        'VISITOR_SETTINGS_AREA_UNKNOWN',
      ],
      [{ apply_school_resources: 'abc' }, 'VISITOR_SETTINGS_AREA_UNKNOWN'],
      [{ banner_img: 'javascript:alert(1)' }, 'INVALID_INPUT'],
      [{ is_visitor_qr_code: 2 }, 'INVALID_INPUT'],
      [{ other_setting: '{not json' }, 'INVALID_INPUT'],
    ] as const) {
      expect((await call('admin', OVERALL, { model })).code, JSON.stringify(model)).toBe(code);
    }
    // The area check looks at the caller's tenant: the demo's area is not another tenant's.
    expect((await call('other', OVERALL, { model: { apply_school_resources: areaIds[0] } })).code).toBe(
      'VISITOR_SETTINGS_AREA_UNKNOWN',
    );
    expect((await call('admin', READ_OVERALL)).data).toMatchObject({ sys_name: '访客系统 B', retention_days: 30 });
  });
});

describe('visitor types', () => {
  it('an administrator scoped to a visitor type changes that type only; one scoped to areas none', async () => {
    expect((await call('typed', DETAIL, { model: { visitor_type: '1', is_enable: 1 } })).data).toMatchObject({
      errcode: '0',
    });
    expect((await call('typed', DETAIL, { model: { visitor_type: '2', is_enable: 0 } })).code).toBe(
      'VISITOR_OUT_OF_SCOPE',
    );
    // a batch with one type out of scope changes nothing
    expect(
      (
        await call('typed', DETAILS, {
          models: [
            { visitor_type: '1', is_enable: 0 },
            { visitor_type: '3', is_enable: 0 },
          ],
        })
      ).code,
    ).toBe('VISITOR_OUT_OF_SCOPE');
    expect((await call('scoped', DETAIL, { model: { visitor_type: '1', is_enable: 1 } })).code).toBe(
      'VISITOR_OUT_OF_SCOPE',
    );
    const details = (await call('admin', READ_DETAILS)).data as { visitor_type: string; is_enable: number }[];
    expect(details.map((d) => d.is_enable)).toEqual([1, 1, 1]);
  });

  it('approval, second level with its approvers, enabled; batch all or nothing', async () => {
    expect(
      (
        await call('vadmin', DETAIL, {
          model: { visitor_type: '1', is_enable_second_level: 1, invite_school_flow_path: 'vadmin1, admin' },
        })
      ).data,
    ).toMatchObject({ errcode: '0' });
    const details = (await call('visitor', READ_DETAILS)).data as Record<string, unknown>[];
    expect(details.find((d) => d.visitor_type === '1')).toMatchObject({
      is_enable_second_level: 1,
      invite_school_flow_path: 'vadmin1,admin',
    });
    expect(await logged('update', '修改访客类型设置 1')).toBe(true);
    // a batch with an unknown approver changes nothing
    const bad = await call('admin', DETAILS, {
      models: [
        { visitor_type: '2', is_enable: 0 },
        { visitor_type: '1', invite_school_flow_path: 'nobody-here' },
      ],
    });
    expect(bad.code).toBe('VISITOR_ADMIN_USER_UNKNOWN');
    expect(
      ((await call('admin', READ_DETAILS)).data as Record<string, unknown>[]).find((d) => d.visitor_type === '2'),
    ).toMatchObject({ is_enable: 1 });
    expect((await call('admin', DETAIL, { model: { visitor_type: '9' } })).code).toBe('VISITOR_TYPE_UNKNOWN');
    expect(
      (
        await call('admin', DETAILS, {
          models: [
            { visitor_type: '2', is_enable: 0 },
            { visitor_type: '3', is_enable: 1 },
          ],
        })
      ).data,
    ).toMatchObject({ errcode: '0' });
    const config = (await call('visitor', CONFIG)).data as { detailSettings: { visitor_type: string }[] };
    expect(config.detailSettings.map((d) => d.visitor_type)).toEqual(['1', '3']);
    await call('admin', DETAIL, { model: { visitor_type: '2', is_enable: 1 } });
  });
});

describe('saveVisitorDetailSettings and batchDeleteVisitorPersonType, as every caller', () => {
  const SAVE_DETAIL = `mutation($model: VisitorDetailSettingsInput!) { saveVisitorDetailSettings(model: $model) { errcode msg_en ids } }`;
  const DELETE_PTS = `mutation($ids: [ID!]!) { batchDeleteVisitorPersonType(ids: $ids) { errcode msg_en ids } }`;
  const secondLevelOf = async (who: Who, type: string) =>
    ((await call(who, READ_DETAILS)).data as { visitor_type: string; is_enable_second_level: number }[]).find(
      (d) => d.visitor_type === type,
    )!.is_enable_second_level;

  it('saveVisitorDetailSettings: visitor administrators within their scope and tenant administrators, each tenant its own', async () => {
    const on = (type: string) => ({
      model: { visitor_type: type, is_invite_school_flow_path: 1, is_enable_second_level: 1 },
    });
    const off = (type: string) => ({ model: { visitor_type: type, is_enable_second_level: 0 } });
    expect((await call('anonymous', SAVE_DETAIL, on('2'))).code).toBe('UNAUTHENTICATED');
    expect((await call('visitor', SAVE_DETAIL, on('2'))).code).toBe('FORBIDDEN');
    expect((await call('user', SAVE_DETAIL, on('2'))).code).toBe('FORBIDDEN');
    // scoped to areas (and type 1): no visitor type is theirs; scoped to type 1: only that one
    expect((await call('scoped', SAVE_DETAIL, on('1'))).code).toBe('VISITOR_OUT_OF_SCOPE');
    expect((await call('typed', SAVE_DETAIL, on('2'))).code).toBe('VISITOR_OUT_OF_SCOPE');
    expect(await secondLevelOf('admin', '2')).toBe(0);
    expect((await call('typed', SAVE_DETAIL, on('1'))).data).toMatchObject({ errcode: '0' });
    expect(await secondLevelOf('admin', '1')).toBe(1);
    expect((await call('vadmin', SAVE_DETAIL, on('2'))).data).toMatchObject({ errcode: '0' });
    expect(await secondLevelOf('admin', '2')).toBe(1);
    expect((await call('admin', SAVE_DETAIL, off('2'))).data).toMatchObject({ errcode: '0' });
    expect(await secondLevelOf('admin', '2')).toBe(0);
    expect(await logged('update', '修改访客类型设置 2')).toBe(true);
    // another tenant changes its own row, not this one
    expect((await call('other', SAVE_DETAIL, on('3'))).data).toMatchObject({ errcode: '0' });
    expect(await secondLevelOf('other', '3')).toBe(1);
    expect(await secondLevelOf('admin', '3')).toBe(0);
    expect((await call('admin', SAVE_DETAIL, { model: { visitor_type: '7' } })).code).toBe('VISITOR_TYPE_UNKNOWN');
    await call('admin', SAVE_DETAIL, off('1'));
    await call('other', SAVE_DETAIL, off('3'));
  });

  it('batchDeleteVisitorPersonType: unscoped visitor administrators and tenant administrators, all or none, each tenant its own', async () => {
    const add = async (name: string) =>
      ((await call('admin', SAVE_PT, { model: { item_name: name } })).data as { ids: string[] }).ids[0]!;
    const a = await add('批删甲');
    const b = await add('批删乙');
    const c = await add('批删丙');
    const names = async () =>
      ((await call('admin', PERSON_TYPES)).data as { item_name: string }[]).map((p) => p.item_name);
    expect((await call('anonymous', DELETE_PTS, { ids: [a] })).code).toBe('UNAUTHENTICATED');
    expect((await call('visitor', DELETE_PTS, { ids: [a] })).code).toBe('FORBIDDEN');
    expect((await call('user', DELETE_PTS, { ids: [a] })).code).toBe('FORBIDDEN');
    expect((await call('scoped', DELETE_PTS, { ids: [a] })).code).toBe('VISITOR_OUT_OF_SCOPE');
    expect((await call('typed', DELETE_PTS, { ids: [a] })).code).toBe('VISITOR_OUT_OF_SCOPE');
    expect((await call('other', DELETE_PTS, { ids: [a] })).code).toBe('VISITOR_PERSON_TYPE_NOT_FOUND');
    expect((await call('vadmin', DELETE_PTS, { ids: [a, '00000000-0000-4000-8000-000000000000'] })).code).toBe(
      'VISITOR_PERSON_TYPE_NOT_FOUND',
    );
    expect(await names()).toEqual(expect.arrayContaining(['批删甲', '批删乙', '批删丙']));
    expect((await call('vadmin', DELETE_PTS, { ids: [a, b] })).data).toMatchObject({ errcode: '0', ids: [a, b] });
    expect((await call('admin', DELETE_PTS, { ids: [c] })).data).toMatchObject({ errcode: '0', ids: [c] });
    expect((await names()).filter((n) => n.startsWith('批删'))).toEqual([]);
    expect(((await call('other', PERSON_TYPES)).data as unknown[]).length).toBe(6);
    expect(await logged('deleteItem', '批删甲')).toBe(true);
  });
});

describe('registration fields', () => {
  it('e-mail made required: the public registration refuses a form without it; who and when recorded', async () => {
    expect((await call('vadmin', REG, { model: { field_name: 'email', is_required: 1 } })).data).toMatchObject({
      errcode: '0',
    });
    const regs = (await call('admin', READ_REGS)).data as Record<string, unknown>[];
    expect(regs.find((r) => r.field_name === 'email')).toMatchObject({ is_required: 1, mod_user_name: '用户vadmin1' });
    expect(regs.find((r) => r.field_name === 'email')!.mod_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    const phone = '13800003333';
    const code = await codeFor(t, phone);
    const refused = await registerRaw(t, registration(phone, idNumber(951), { verification_code: code }));
    expect(refused.errcode).not.toBe('0');
    expect(refused.msg_en).toMatch(/E-mail/);
    const accepted = await registerRaw(
      t,
      registration(phone, idNumber(951), { verification_code: code, email: 'a@b.cn' }),
    );
    expect(accepted.errcode).toBe('0');
    await call('admin', REG, { model: { field_name: 'email', is_required: 0 } });
  });

  it('order in one batch; name and phone stay shown and required; a hidden field is not required; unknown refused', async () => {
    const out = await call('admin', REGS, {
      models: [
        { field_name: 'remark', sort: 1 },
        { field_name: 'visitor_name', sort: 2 },
        { field_name: 'unit', is_valid: 0, is_required: 1, sort: 3 },
      ],
    });
    expect(out.data).toMatchObject({ errcode: '0' });
    const regs = (await call('admin', READ_REGS)).data as Record<string, unknown>[];
    expect(regs[0]).toMatchObject({ field_name: 'remark', sort: 1 });
    expect(regs.find((r) => r.field_name === 'unit')).toMatchObject({ is_valid: 0, is_required: 0 });
    const shown = (await call('visitor', '{ findRegisterValidField { field_name } }')).data as { field_name: string }[];
    expect(shown.map((f) => f.field_name)).not.toContain('unit');
    expect((await call('admin', REG, { model: { field_name: 'phone', is_required: 0 } })).code).toBe(
      'VISITOR_REGISTER_FIELD_FIXED',
    );
    expect(
      (await call('admin', REGS, { models: [{ field_name: 'remark', sort: 9 }, { field_name: 'nope' }] })).code,
    ).toBe('VISITOR_FIELD_UNKNOWN');
    expect(((await call('admin', READ_REGS)).data as Record<string, unknown>[])[0]).toMatchObject({
      field_name: 'remark',
      sort: 1,
    });
    expect(await logged('update', '修改注册字段')).toBe(true);
  });
});

describe('information fields', () => {
  it('add, edit, batch, delete; checks; the visitor sees them', async () => {
    expect(
      (
        await call('admin', SAVE_INFO, {
          model: { field_name: 'company_size', field_label: '规模', field_type: 'select' },
        })
      ).code,
    ).toBe('VISITOR_FIELD_OPTIONS_REQUIRED');
    expect((await call('admin', SAVE_INFO, { model: { field_name: '9bad', field_label: 'x' } })).code).toBe(
      'VISITOR_FIELD_NAME_INVALID',
    );
    expect((await call('admin', SAVE_INFO, { model: { field_name: 'email', field_label: 'x' } })).code).toBe(
      'VISITOR_FIELD_NAME_TAKEN',
    );
    expect(
      (await call('admin', SAVE_INFO, { model: { field_name: 'size2', field_label: 'x', field_type: 'blob' } })).code,
    ).toBe('VISITOR_FIELD_TYPE_INVALID');
    const saved = await call('vadmin', SAVE_INFO, {
      model: {
        field_name: 'company_size',
        field_label: '公司规模',
        field_label_en: 'Company size',
        field_type: 'select',
        data_range: ['小', '中', ' 大 ', '中'],
        is_visitor_valid_info: 1,
        is_visitor_required_info: 1,
        is_show_school_info: 1,
      },
    });
    expect(saved.data).toMatchObject({ errcode: '0' });
    const id = (saved.data as { ids: string[] }).ids[0]!;
    expect((await call('admin', SAVE_INFO, { model: { field_name: 'company_size', field_label: 'x' } })).code).toBe(
      'VISITOR_FIELD_NAME_TAKEN',
    );
    const valid = (
      await call('visitor', '{ findVisitorValidFieldInfo { field_name data_range is_visitor_required_info } }')
    ).data as Record<string, unknown>[];
    expect(valid.find((f) => f.field_name === 'company_size')).toEqual({
      field_name: 'company_size',
      data_range: ['小', '中', '大'],
      is_visitor_required_info: 1,
    });
    expect((await call('visitor', '{ findVisitorInfoFieldDataRange(fieldEnName: "company_size") }')).data).toEqual([
      '小',
      '中',
      '大',
    ]);
    // hidden for visitors: not required either
    expect((await call('admin', UPDATE_INFO, { model: { id, is_visitor_valid_info: 0 } })).data).toMatchObject({
      errcode: '0',
    });
    let infos = (await call('admin', READ_INFOS)).data as Record<string, unknown>[];
    expect(infos.find((f) => f.id === id)).toMatchObject({
      is_visitor_valid_info: 0,
      is_visitor_required_info: 0,
      is_show_school_info: 1,
    });
    const first = infos[0]!.id as string;
    expect(
      (
        await call('admin', INFOS, {
          models: [
            { id, sort: 0 },
            { id: first, sort: 50 },
          ],
        })
      ).data,
    ).toMatchObject({ errcode: '0' });
    infos = (await call('admin', READ_INFOS)).data as Record<string, unknown>[];
    expect(infos[0]!.id).toBe(id);
    expect(
      (await call('admin', UPDATE_INFO, { model: { id: '00000000-0000-4000-8000-000000000000', field_label: 'x' } }))
        .code,
    ).toBe('VISITOR_INFO_FIELD_NOT_FOUND');
    expect((await call('other', DELETE_INFO, { id })).code).toBe('VISITOR_INFO_FIELD_NOT_FOUND');
    expect((await call('scoped', DELETE_INFO, { id })).code).toBe('VISITOR_OUT_OF_SCOPE');
    expect((await call('vadmin', DELETE_INFO, { id })).data).toMatchObject({ errcode: '0' });
    expect(((await call('admin', READ_INFOS)).data as Record<string, unknown>[]).some((f) => f.id === id)).toBe(false);
    const two = await Promise.all(
      ['tmp_a', 'tmp_b'].map(
        async (name) =>
          (
            (await call('admin', SAVE_INFO, { model: { field_name: name, field_label: name } })).data as {
              ids: string[];
            }
          ).ids[0]!,
      ),
    );
    expect((await call('admin', DELETE_INFOS, { ids: [...two, '00000000-0000-4000-8000-000000000000'] })).code).toBe(
      'VISITOR_INFO_FIELD_NOT_FOUND',
    );
    expect((await call('admin', DELETE_INFOS, { ids: two })).data).toMatchObject({ errcode: '0' });
    expect(await logged('batchDelete', 'tmp_a')).toBe(true);
    expect(await logged('save', 'company_size')).toBe(true);
  });
});

describe('person types', () => {
  it('seeded per tenant; add, rename, delete; the registration field person_type offers them', async () => {
    const list = (await call('visitor', PERSON_TYPES)).data as Record<string, unknown>[];
    expect(list.map((p) => p.item_code)).toEqual(['business', 'parent', 'alumni', 'contractor', 'delivery', 'other']);
    expect(((await call('other', PERSON_TYPES)).data as unknown[]).length).toBe(6);
    const saved = await call('vadmin', SAVE_PT, { model: { item_name: '实习生', item_name_en: 'Intern' } });
    expect(saved.data).toMatchObject({ errcode: '0' });
    const id = (saved.data as { ids: string[] }).ids[0]!;
    expect((await call('admin', SAVE_PT, { model: { item_name: '实习生' } })).code).toBe('VISITOR_PERSON_TYPE_TAKEN');
    expect((await call('admin', SAVE_PT, { model: { item_name: 'x', item_code: 'a b' } })).code).toBe(
      'VISITOR_PERSON_TYPE_CODE_INVALID',
    );
    expect((await call('admin', UPDATE_PT, { model: { id, item_name: '实习人员' } })).data).toMatchObject({
      errcode: '0',
    });
    expect((await call('visitor', '{ findVisitorInfoFieldDataRange(fieldEnName: "person_type") }')).data).toContain(
      '实习人员',
    );
    expect((await call('other', UPDATE_PT, { model: { id, item_name: 'y' } })).code).toBe(
      'VISITOR_PERSON_TYPE_NOT_FOUND',
    );
    expect((await call('admin', DELETE_PT, { id })).data).toMatchObject({ errcode: '0' });
    expect((await call('visitor', '{ findVisitorInfoFieldDataRange(fieldEnName: "person_type") }')).data).not.toContain(
      '实习人员',
    );
    expect(await logged('updateItem', '实习人员')).toBe(true);
    expect(await logged('deleteItem', '实习人员')).toBe(true);
  });
});

describe('visitor administrators', () => {
  it('add a directory user with a scope, change, disable (the right goes), delete; checks', async () => {
    expect((await call('admin', SAVE_ADMIN, { model: { admin_user: 'nobody-x', permission: 'admin' } })).code).toBe(
      'VISITOR_ADMIN_USER_UNKNOWN',
    );
    expect(
      (await call('admin', SAVE_ADMIN, { model: { admin_user: demoAccounts.user.account, permission: 'root' } })).code,
    ).toBe('VISITOR_ADMIN_PERMISSION_INVALID');
    expect(
      (
        await call('admin', SAVE_ADMIN, {
          model: { admin_user: demoAccounts.user.account, permission: 'admin', scope_types: '7' },
        })
      ).code,
    ).toBe('VISITOR_TYPE_UNKNOWN');
    expect(
      (
        await call('admin', SAVE_ADMIN, {
          model: { admin_user: demoAccounts.user.account, permission: 'admin', scope_areas: 'x' },
        })
      ).code,
    ).toBe('VISITOR_SETTINGS_AREA_UNKNOWN');
    // the student cannot change settings yet
    expect((await call('user', OVERALL, { model: { sys_name: 's' } })).code).toBe('FORBIDDEN');
    const saved = await call('admin', SAVE_ADMIN, {
      model: {
        admin_user: demoAccounts.user.account,
        permission: 'admin',
        scope_areas: areaIds[0],
        scope_types: '1,2',
      },
    });
    expect(saved.data).toMatchObject({ errcode: '0' });
    const id = (saved.data as { ids: string[] }).ids[0]!;
    expect(
      (await call('admin', SAVE_ADMIN, { model: { admin_user: demoAccounts.user.account, permission: 'gate' } })).code,
    ).toBe('VISITOR_ADMIN_TAKEN');
    const rows = (await call('admin', ADMINS, { keyword: '张同' })).data as Record<string, unknown>[];
    expect(rows).toEqual([
      expect.objectContaining({
        id,
        admin_user: 'student',
        permission: 'admin',
        scope_areas: areaIds[0],
        scope_types: '1,2',
        is_enable: 1,
        mod_user: 'admin',
      }),
    ]);
    // the student now holds the admin right, within a scope: tenant-wide settings are out of it
    expect((await call('user', OVERALL, { model: { sys_name: 's' } })).code).toBe('VISITOR_OUT_OF_SCOPE');
    expect(((await call('user', ADMINS)).data as unknown[]).length).toBeGreaterThan(0);
    expect((await call('admin', UPDATE_ADMIN, { model: { id, permission: 'gate' } })).data).toMatchObject({
      errcode: '0',
    });
    expect((await call('user', OVERALL, { model: { sys_name: 's' } })).code).toBe('FORBIDDEN');
    expect((await call('admin', UPDATE_ADMIN, { model: { id, permission: 'admin' } })).data).toMatchObject({
      errcode: '0',
    });
    expect((await call('admin', ADMIN_STATE, { ids: [id], on: 0 })).data).toMatchObject({ errcode: '0' });
    expect((await call('user', OVERALL, { model: { sys_name: 's' } })).code).toBe('FORBIDDEN');
    expect((await call('admin', ADMIN_STATE, { ids: [id], on: 2 })).code).toBe('INVALID_INPUT');
    expect((await call('other', ADMIN_STATE, { ids: [id], on: 1 })).code).toBe('VISITOR_ADMIN_NOT_FOUND');
    expect((await call('other', DELETE_ADMIN, { id })).code).toBe('VISITOR_ADMIN_NOT_FOUND');
    expect((await call('admin', DELETE_ADMINS, { ids: [id, '00000000-0000-4000-8000-000000000000'] })).code).toBe(
      'VISITOR_ADMIN_NOT_FOUND',
    );
    expect((await call('admin', DELETE_ADMIN, { id })).data).toMatchObject({ errcode: '0' });
    expect(((await call('admin', ADMINS)).data as { id: string }[]).some((r) => r.id === id)).toBe(false);
    expect(await logged('save', '新增访客管理员 student')).toBe(true);
    expect(await logged('updateState', '停用访客管理员：student')).toBe(true);
    expect(await logged('delete', '删除访客管理员：student')).toBe(true);
  });
});
