/**
 * The tenant of an anonymous request (platform/tenancy.ts `resolveTenant`): by the x-tenant key,
 * by the host among a tenant's domains, else the first tenant; the tenants are read once per
 * TENANT_CACHE_MS and read again at once when a change of a tenant is announced (this process's
 * own change, or another instance's notification).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateTenant } from '../src/modules/tenants/tenants.repository.ts';
import { tenants } from '../src/modules/tenants/tenants.tables.ts';
import { applyChange } from '../src/platform/events.ts';
import { resolveTenant } from '../src/platform/tenancy.ts';
import { createTestApp, type TestApp } from './support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the tenant of an anonymous request', () => {
  it('by key, by host, else the first; changes seen at once', async () => {
    const db = t.database.db;
    const host = 'yy-tenancy.example.edu';
    expect((await resolveTenant(db, { host }))?.id).toBe(t.demoTenantId);
    expect(await resolveTenant(db, { key: 'tnc-nobody' })).toBeNull();

    // a tenant made now is found by its key at once
    const other = await t.createOtherTenant('tnc');
    expect((await resolveTenant(db, { key: 'tnc' }))?.id).toBe(other);

    // its domains changed here (announced): the host finds it at once, with or without a port
    await updateTenant(db, other, { domains: `a.example.edu, ${host}` });
    expect((await resolveTenant(db, { host: `${host}:8443` }))?.id).toBe(other);

    // changed by another instance: seen once its notification arrives
    await db.update(tenants).set({ domains: '' }).where(eq(tenants.id, other));
    expect((await resolveTenant(db, { host }))?.id).toBe(other); // the list read a moment ago
    applyChange({ kind: 'tenant', id: other });
    expect((await resolveTenant(db, { host }))?.id).toBe(t.demoTenantId);
  });
});
