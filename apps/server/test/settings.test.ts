import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';

let t: TestApp;
let userToken: string;
let adminToken: string;
let otherTenantId: string;
let otherAdminToken: string;

const SAVE = `mutation($m: InputSysSettings!) { saveSysSettings(model: $m) { errcode msg msg_en ids } }`;
const FIND = '{ findSysSettings { id manage_setting } }';

beforeAll(async () => {
  t = await createTestApp();
  userToken = await t.tokenFor(demoAccounts.user.account);
  adminToken = await t.tokenFor(demoAccounts.admin.account);
  otherTenantId = await t.createOtherTenant('west');
  otherAdminToken = await t.tokenFor('admin', otherTenantId);
});
afterAll(() => t.close());

async function restSettings(path: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: path, headers });
  return { status: res.statusCode, body: res.json() };
}

async function findAs(token?: string): Promise<Record<string, unknown>> {
  const res = await t.gql('apps_yy_sys', FIND, { token });
  return JSON.parse(res.body.data?.findSysSettings.manage_setting);
}

describe('settings over REST', () => {
  it('answers entities[0] with id and manage_setting as JSON text, before sign-in', async () => {
    const res = await restSettings('/api/sys/settings?api_type=get_sys_settings');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['entities']);
    expect(res.body.entities).toHaveLength(1);
    const [entity] = res.body.entities;
    expect(Object.keys(entity).sort()).toEqual(['id', 'manage_setting']);
    expect(entity.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof entity.manage_setting).toBe('string');
    const settings = JSON.parse(entity.manage_setting);
    expect(settings).toMatchObject({
      sys_name: '预约系统',
      sys_name_en: 'Reservation System',
      theme_color: '#3399fe',
      bilingual: '1',
    });
  });

  it('is served under the web base path too, and with a token', async () => {
    const res = await restSettings(`${t.config.basePath}/api/sys/settings?api_type=get_sys_settings`, {
      authorization: `Bearer ${userToken}`,
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.entities[0].manage_setting).sys_name).toBe('预约系统');
  });

  it('refuses an unknown or missing api_type with 400 and zh/en messages', async () => {
    const bad = await restSettings('/api/sys/settings?api_type=drop_tables');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      errcode: '500',
      msg: '不支持的 api_type：drop_tables',
      msg_en: 'Unsupported api_type: drop_tables',
    });
    const missing = await restSettings('/api/sys/settings');
    expect(missing.status).toBe(400);
    expect(missing.body.msg_en).toBe('Unsupported api_type: ');
  });

  it('refuses an invalid token with 401', async () => {
    const res = await restSettings('/api/sys/settings?api_type=get_sys_settings', {
      authorization: 'Bearer nonsense-token-value',
    });
    expect(res.status).toBe(401);
    expect(res.body.errcode).toBe('ACCESS_TOKEN_INVALID');
  });

  it("selects the tenant by token or x-tenant header, never showing another tenant's settings", async () => {
    await t.gql('apps_yy_sys', SAVE, {
      token: otherAdminToken,
      variables: { m: { manage_setting: JSON.stringify({ sys_name: '西校区预约' }) } },
    });
    const byHeader = await restSettings('/api/sys/settings?api_type=get_sys_settings', { 'x-tenant': 'west' });
    expect(JSON.parse(byHeader.body.entities[0].manage_setting).sys_name).toBe('西校区预约');
    const byToken = await restSettings('/api/sys/settings?api_type=get_sys_settings', {
      authorization: `Bearer ${otherAdminToken}`,
    });
    expect(JSON.parse(byToken.body.entities[0].manage_setting).sys_name).toBe('西校区预约');
    const demo = await restSettings('/api/sys/settings?api_type=get_sys_settings', {
      authorization: `Bearer ${userToken}`,
    });
    expect(JSON.parse(demo.body.entities[0].manage_setting).sys_name).not.toBe('西校区预约');
    expect(demo.body.entities[0].id).not.toBe(byToken.body.entities[0].id);
  });
});

describe('settings over GraphQL', () => {
  it('findSysSettings is open to anonymous callers on apps_yy_sys and public', async () => {
    const app = await t.gql('apps_yy_sys', FIND);
    expect(app.body.errors).toBeUndefined();
    expect(JSON.parse(app.body.data?.findSysSettings.manage_setting).sys_name).toBeTypeOf('string');
    const pub = await t.gql('public', FIND);
    expect(pub.body.data?.findSysSettings.id).toBe(app.body.data?.findSysSettings.id);
    const noSave = await t.gql('public', SAVE, { variables: { m: { manage_setting: '{}' } } });
    expect(noSave.body.data ?? null).toBeNull();
    expect(noSave.body.errors?.[0]?.message).toMatch(/InputSysSettings|saveSysSettings/);
  });

  it('an administrator saves settings: keys merge and defaults stay filled in', async () => {
    const patch = {
      sys_name: '演示预约',
      theme_color: '#72122d',
      logo: '/yy-sys/api/file/00000000-0000-4000-8000-000000000000',
      custom_banner: 'spring',
    };
    const res = await t.gql('apps_yy_sys', SAVE, {
      token: adminToken,
      variables: { m: { manage_setting: JSON.stringify(patch) } },
    });
    expect(res.body.data?.saveSysSettings).toMatchObject({ errcode: '0', msg: '操作成功', msg_en: 'Success' });
    expect(res.body.data?.saveSysSettings.ids).toHaveLength(1);

    const second = await t.gql('apps_yy_sys', SAVE, {
      token: adminToken,
      variables: { m: { manage_setting: JSON.stringify({ sys_name_en: 'Demo Booking' }) } },
    });
    expect(second.body.data?.saveSysSettings.errcode).toBe('0');

    const settings = await findAs(userToken);
    expect(settings).toMatchObject({ ...patch, sys_name_en: 'Demo Booking', bilingual: '1', page_title: '预约中心' });
    const rest = await restSettings('/api/sys/settings?api_type=get_sys_settings');
    expect(JSON.parse(rest.body.entities[0].manage_setting)).toEqual(settings);
  });

  it('an ordinary user may not save settings', async () => {
    const res = await t.gql('apps_yy_sys', SAVE, {
      token: userToken,
      variables: { m: { manage_setting: '{"sys_name":"hacked"}' } },
    });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anon = await t.gql('apps_yy_sys', SAVE, { variables: { m: { manage_setting: '{"sys_name":"hacked"}' } } });
    expect(anon.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await findAs()).sys_name).not.toBe('hacked');
  });

  it('refuses bad settings with zh and en messages and changes nothing', async () => {
    const before = await findAs(adminToken);
    const cases: [string, RegExp, RegExp][] = [
      [
        JSON.stringify({ theme_color: 'red', sys_name: '不该保存' }),
        /^参数错误：.*theme_color/,
        /^Invalid input: .*theme_color/,
      ],
      ['{not json', /^参数错误：manage_setting不是有效的 JSON$/, /^Invalid input: manage_setting is not valid JSON$/],
      ['["a"]', /JSON/, /not valid JSON/],
      [JSON.stringify({ logo: 'javascript:alert(1)' }), /logo/, /logo/],
      [JSON.stringify({ extra: { deep: true } }), /extra/, /extra/],
      [JSON.stringify({ sys_name: '' }), /sys_name/, /sys_name/],
      [
        JSON.stringify({
          big: 'x'.repeat(8000),
          big2: 'x'.repeat(8000),
          big3: 'x'.repeat(8000),
          big4: 'x'.repeat(8000),
          big5: 'x'.repeat(8000),
          big6: 'x'.repeat(8000),
          big7: 'x'.repeat(8000),
          big8: 'x'.repeat(8000),
          big9: 'x'.repeat(8000),
        }),
        /系统设置过大/,
        /too large/,
      ],
    ];
    for (const [text, zh, en] of cases) {
      const res = await t.gql('apps_yy_sys', SAVE, { token: adminToken, variables: { m: { manage_setting: text } } });
      const result = res.body.data?.saveSysSettings;
      expect(result?.errcode, text.slice(0, 40)).toBe('500');
      expect(result?.msg).toMatch(zh);
      expect(result?.msg_en).toMatch(en);
    }
    expect(await findAs(adminToken)).toEqual(before);
  });

  it('keeps the merged settings within 64 KB', async () => {
    const chunk = (n: number) =>
      Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`fill_${n}_${i}`, 'x'.repeat(8000)]));
    const first = await t.gql('apps_yy_sys', SAVE, {
      token: otherAdminToken,
      variables: { m: { manage_setting: JSON.stringify(chunk(1)) } },
    });
    expect(first.body.data?.saveSysSettings.errcode).toBe('0');
    const second = await t.gql('apps_yy_sys', SAVE, {
      token: otherAdminToken,
      variables: { m: { manage_setting: JSON.stringify(chunk(2)) } },
    });
    expect(second.body.data?.saveSysSettings).toMatchObject({ errcode: '500', msg: '系统设置过大，最大允许64KB' });
  });

  it("an administrator's save changes only their own tenant", async () => {
    const before = await t.gql('apps_yy_sys', FIND, { token: otherAdminToken });
    await t.gql('apps_yy_sys', SAVE, {
      token: adminToken,
      variables: { m: { manage_setting: '{"sys_name":"只改演示租户"}' } },
    });
    const after = await t.gql('apps_yy_sys', FIND, { token: otherAdminToken });
    expect(after.body.data?.findSysSettings).toEqual(before.body.data?.findSysSettings);
    expect(JSON.parse(after.body.data?.findSysSettings.manage_setting).sys_name).toBe('西校区预约');
    expect((await findAs(userToken)).sys_name).toBe('只改演示租户');
  });
});
