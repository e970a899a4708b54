import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';

let t: TestApp;
let userToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  userToken = await t.tokenFor(demoAccounts.user.account);
  adminToken = await t.tokenFor(demoAccounts.admin.account);
});
afterAll(() => t.close());

describe('tenants', () => {
  it('checkTenantStatus answers errcode "0" for an initialised tenant', async () => {
    const res = await t.gql('apps_yy_sys', '{ checkTenantStatus { errcode msg msg_en } }', { token: userToken });
    expect(res.status).toBe(200);
    expect(res.body.data?.checkTenantStatus).toEqual({ errcode: '0', msg: '操作成功', msg_en: 'Success' });
  });

  it('refuses an invalid token with 401 and ACCESS_TOKEN_INVALID', async () => {
    const res = await t.gql('apps_yy_sys', '{ checkTenantStatus { errcode } }', { token: 'x'.repeat(32) });
    expect(res.status).toBe(401);
    expect(res.body.errors?.[0]?.message).toBe('ACCESS_TOKEN_INVALID');
  });

  it('refuses an anonymous caller', async () => {
    const res = await t.gql('apps_yy_sys', '{ checkTenantStatus { errcode } }');
    expect(res.body.data?.checkTenantStatus).toBeNull();
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('a new tenant is not initialised until its administrator initialises it', async () => {
    const created = await t.gql(
      'apps_yy_sys',
      `mutation($m: InputTenants!) { saveTenants(model: $m) { errcode msg ids } }`,
      {
        token: adminToken,
        variables: {
          m: {
            tenant_key: 'north',
            name: '北校区',
            admin_account: 'nadmin',
            admin_name: '北管理员',
            admin_password: 'North@123456',
          },
        },
      },
    );
    expect(created.body.data?.saveTenants.errcode).toBe('0');
    const northId = created.body.data?.saveTenants.ids[0];
    const northAdmin = await t.tokenFor('nadmin', northId);

    const before = await t.gql('apps_yy_sys', '{ checkTenantStatus { errcode msg msg_en } }', { token: northAdmin });
    expect(before.body.data?.checkTenantStatus).toMatchObject({ errcode: '500', msg: '租户未初始化' });

    const init = await t.gql(
      'apps_yy_sys',
      `mutation { initTenantsData(model: { sys_name: "北校区预约" }) { errcode msg } }`,
      {
        token: northAdmin,
      },
    );
    expect(init.body.data?.initTenantsData.errcode).toBe('0');
    const after = await t.gql('apps_yy_sys', '{ checkTenantStatus { errcode } }', { token: northAdmin });
    expect(after.body.data?.checkTenantStatus.errcode).toBe('0');

    const again = await t.gql('apps_yy_sys', `mutation { initTenantsData(model: {}) { errcode msg msg_en } }`, {
      token: northAdmin,
    });
    expect(again.body.data?.initTenantsData).toMatchObject({ errcode: '500', msg: '租户已初始化' });

    // The new tenant is not the super tenant and cannot create tenants.
    const notSuper = await t.gql('apps_yy_sys', '{ checkSuperTenant { errcode } }', { token: northAdmin });
    expect(notSuper.body.data?.checkSuperTenant.errcode).toBe('500');
    const refused = await t.gql(
      'apps_yy_sys',
      `mutation { saveTenants(model: { tenant_key: "evil", name: "x", admin_account: "a", admin_name: "a", admin_password: "12345678" }) { errcode } }`,
      { token: northAdmin },
    );
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses a duplicate tenant key and bad input with zh and en messages, changing nothing', async () => {
    const dup = await t.gql(
      'apps_yy_sys',
      `mutation { saveTenants(model: { tenant_key: "demo", name: "x", admin_account: "a", admin_name: "a", admin_password: "12345678" }) { errcode msg msg_en } }`,
      { token: adminToken },
    );
    expect(dup.body.data?.saveTenants).toEqual({
      errcode: '500',
      msg: '租户标识已存在',
      msg_en: 'The tenant key is already in use',
    });

    const bad = await t.gql(
      'apps_yy_sys',
      `mutation { saveTenants(model: { tenant_key: "Bad Key!", name: "", admin_account: "a", admin_name: "a", admin_password: "short" }) { errcode msg msg_en } }`,
      { token: adminToken },
    );
    expect(bad.body.data?.saveTenants.errcode).toBe('500');
    expect(bad.body.data?.saveTenants.msg).toContain('参数错误');
    expect(bad.body.data?.saveTenants.msg_en).toContain('tenant_key');

    const all = await t.gql('apps_yy_sys', '{ findTenantsAll { tenant_key } }', { token: adminToken });
    expect(all.body.data?.findTenantsAll.map((x: { tenant_key: string }) => x.tenant_key).sort()).toEqual([
      'demo',
      'north',
    ]);
  });

  it('an ordinary user may not run tenant administration', async () => {
    const res = await t.gql('apps_yy_sys', 'mutation { manualInitTenantsData { code name messages } }', {
      token: userToken,
    });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const ok = await t.gql('apps_yy_sys', 'mutation { manualInitTenantsData { code name messages messages_en } }', {
      token: adminToken,
    });
    expect(ok.body.data?.manualInitTenantsData).toMatchObject({ code: '0', name: 'manualInitTenantsData' });
  });
});
