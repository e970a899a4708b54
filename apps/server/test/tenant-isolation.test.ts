import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';

let t: TestApp;
let otherTenantId: string;

beforeAll(async () => {
  t = await createTestApp();
  otherTenantId = await t.createOtherTenant('other');
});
afterAll(() => t.close());

describe('row-level security', () => {
  it('a transaction sees only its own tenant, even without a where clause', async () => {
    const demo = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.select({ account: users.account }).from(users),
    );
    expect(demo.map((u) => u.account).sort()).toEqual([demoAccounts.admin.account, demoAccounts.user.account].sort());
    const other = await withTenant(t.database.db, otherTenantId, (tx) =>
      tx.select({ account: users.account }).from(users),
    );
    expect(other.map((u) => u.account)).toEqual(['admin']);
  });

  it('refuses to write a row of another tenant', async () => {
    await expect(
      withTenant(t.database.db, otherTenantId, (tx) =>
        tx.insert(users).values({ tenant_id: t.demoTenantId, account: 'intruder', name: 'x' }),
      ),
    ).rejects.toMatchObject({ cause: { code: '42501' } });
    const rows = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx
        .select()
        .from(users)
        .where(sql`${users.account} = 'intruder'`),
    );
    expect(rows).toEqual([]);
  });

  it('scopes the tenant to the transaction (SET LOCAL), not to the connection', async () => {
    await withTenant(t.database.db, t.demoTenantId, async () => undefined);
    const after = await t.database.db.execute(
      sql`select current_setting('app.tenant_id', true) as tenant, current_user as who`,
    );
    const row = (after as unknown as { rows: { tenant: string | null; who: string }[] }).rows[0]!;
    expect(row.tenant ?? '').toBe('');
    expect(row.who).not.toBe('yuyue_app');
  });

  it("a token of one tenant's user answers with that tenant only", async () => {
    const otherAdmin = await t.tokenFor('admin', otherTenantId);
    const res = await t.gql('apps_yy_sys', '{ checkSuperTenant { errcode } }', { token: otherAdmin });
    expect(res.body.data?.checkSuperTenant.errcode).toBe('500');
    const demoAdmin = await t.tokenFor(demoAccounts.admin.account);
    const demo = await t.gql('apps_yy_sys', '{ checkSuperTenant { errcode } }', { token: demoAdmin });
    expect(demo.body.data?.checkSuperTenant.errcode).toBe('0');
  });
});
