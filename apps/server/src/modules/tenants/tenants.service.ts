import { initTenantInput, saveTenantInput, updateTenantInput } from '@yuyue/shared';
import { enterTenant, withTenant } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { ensureMenus, insertUser } from '../directory/directory.repository.ts';
import { defaultMenus } from '../directory/directory.rules.ts';
import { ensureSettings, mergeSettings } from '../settings/settings.repository.ts';
import { defaultManageSetting } from '../settings/settings.rules.ts';
import { findTenant, insertTenant, listTenants, updateTenant, type TenantRow } from './tenants.repository.ts';
import { tenantStatus } from './tenants.rules.ts';
import type { Tx } from '../../db/client.ts';

function requireTenant(ctx: RequestContext): TenantRef {
  if (!ctx.tenant) throw new AppError('TENANT_UNKNOWN');
  return ctx.tenant;
}

/** Throws unless the caller's tenant exists, is enabled and has been initialised. */
export async function checkTenantStatus(ctx: RequestContext): Promise<void> {
  const tenant = requireTenant(ctx);
  const status = tenantStatus(await findTenant(ctx.db, tenant.id));
  if (status === 'unknown') throw new AppError('TENANT_UNKNOWN');
  if (status === 'disabled') throw new AppError('TENANT_DISABLED');
  if (status === 'not_initialized') throw new AppError('TENANT_NOT_INITIALIZED');
}

/** Throws unless the caller's tenant is the super tenant. */
export async function checkSuperTenant(ctx: RequestContext): Promise<void> {
  const tenant = requireTenant(ctx);
  const row = await findTenant(ctx.db, tenant.id);
  if (!row?.is_super) throw new AppError('NOT_SUPER_TENANT');
}

export async function listAllTenants(ctx: RequestContext): Promise<TenantRow[]> {
  return listTenants(ctx.db);
}

/** Gives a tenant what every tenant needs to work: settings and the back-office menu. Adds only what is missing. */
async function provisionDefaults(tx: Tx, tenantId: string, settings: Record<string, unknown> = {}): Promise<number> {
  await ensureSettings(tx, tenantId, { ...defaultManageSetting, ...settings });
  return ensureMenus(tx, tenantId, defaultMenus);
}

export interface CreatedTenant {
  tenant: TenantRow;
  adminUserId: string;
}

/**
 * Creates a tenant with its first administrator and default settings. The tenant still has
 * to be initialised by that administrator (/tenant/init). `ctx` may be null when the
 * deployment seeds its first tenant.
 */
export async function createTenant(
  ctx: RequestContext | null,
  db: RequestContext['db'],
  input: unknown,
  opts: { isSuper?: boolean } = {},
): Promise<CreatedTenant> {
  const model = parseInput(saveTenantInput, input);
  const passwordHash = await hashPassword(model.admin_password);
  return db.transaction(async (tx) => {
    const tenant = await insertTenant(tx, {
      tenant_key: model.tenant_key,
      name: model.name,
      name_en: model.name_en,
      domains: model.domains.toLowerCase(),
      time_zone: model.time_zone,
      remark: model.remark,
      is_super: opts.isSuper ?? false,
    });
    if (!tenant) throw new AppError('TENANT_KEY_TAKEN');
    await enterTenant(tx, tenant.id);
    const admin = await insertUser(tx, tenant.id, {
      account: model.admin_account,
      name: model.admin_name,
      username: model.admin_name,
      role: 'admin',
      password_hash: passwordHash,
    });
    await provisionDefaults(tx, tenant.id);
    if (ctx?.tenant) {
      await enterTenant(tx, ctx.tenant.id);
      await audit(tx, ctx, {
        module: 'tenant',
        type: 'save',
        content: `创建租户 ${tenant.tenant_key}`,
        object: tenant.id,
      });
    }
    return { tenant, adminUserId: admin.id };
  });
}

export async function updateTenantById(ctx: RequestContext, input: unknown): Promise<void> {
  const { tenant_id, ...patch } = parseInput(updateTenantInput, input);
  if (patch.domains !== undefined) patch.domains = patch.domains.toLowerCase();
  await ctx.db.transaction(async (tx) => {
    const row = await updateTenant(tx, tenant_id, patch);
    if (!row) throw new AppError('NOT_FOUND', { entity: '租户' });
    await enterTenant(tx, requireTenant(ctx).id);
    await audit(tx, ctx, { module: 'tenant', type: 'update', content: JSON.stringify(patch), object: tenant_id });
  });
}

/** First initialisation of the caller's tenant (/tenant/init): its settings, then marked ready. */
export async function initTenantData(ctx: RequestContext, input: unknown): Promise<void> {
  const model = parseInput(initTenantInput, input ?? {});
  const tenant = requireTenant(ctx);
  await withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await findTenant(tx, tenant.id);
    if (!row) throw new AppError('TENANT_UNKNOWN');
    if (row.initialized_at) throw new AppError('TENANT_ALREADY_INITIALIZED');
    await provisionDefaults(tx, tenant.id);
    const settings = Object.fromEntries(Object.entries(model).filter(([, v]) => v !== undefined));
    if (Object.keys(settings).length) await mergeSettings(tx, tenant.id, settings);
    await updateTenant(tx, tenant.id, { initialized_at: new Date() });
    await audit(tx, ctx, { module: 'tenant', type: 'init', content: JSON.stringify(settings), object: tenant.id });
  });
}

/**
 * Re-runs initialisation (/tenant/manualInit): adds whatever defaults the tenant lacks,
 * never overwriting its data, and marks it initialised. Returns how many entries were added.
 */
export async function manualInitTenantData(ctx: RequestContext): Promise<number> {
  const tenant = requireTenant(ctx);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await findTenant(tx, tenant.id);
    if (!row) throw new AppError('TENANT_UNKNOWN');
    const added = await provisionDefaults(tx, tenant.id);
    if (!row.initialized_at) await updateTenant(tx, tenant.id, { initialized_at: new Date() });
    await audit(tx, ctx, {
      module: 'tenant',
      type: 'manualInit',
      content: `补充 ${added} 项默认数据`,
      object: tenant.id,
    });
    return added;
  });
}
