import { MANAGE_SETTING_MAX_BYTES, manageSettingPatch, saveSysSettingsInput } from '@yuyue/shared';
import { withTenant } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { ensureSettings, findSettings, findSettingsForUpdate, mergeSettings } from './settings.repository.ts';
import { defaultManageSetting, settingsBytes, toWireSettings, type WireSettings } from './settings.rules.ts';

function requireTenant(ctx: RequestContext): TenantRef {
  if (!ctx.tenant) throw new AppError('TENANT_UNKNOWN');
  return ctx.tenant;
}

/** The caller's tenant's settings with defaults filled in (readable before sign-in: name, logo, theme). */
export async function findSysSettings(ctx: RequestContext): Promise<WireSettings> {
  const tenant = requireTenant(ctx);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row =
      (await findSettings(tx, tenant.id)) ?? (await ensureSettings(tx, tenant.id, { ...defaultManageSetting }));
    return toWireSettings(row);
  });
}

/** Parses `manage_setting` JSON text into a checked patch. */
function parsePatch(text: string): Record<string, unknown> {
  if (Buffer.byteLength(text, 'utf8') > MANAGE_SETTING_MAX_BYTES) {
    throw new AppError('SETTINGS_TOO_LARGE', { maxKb: MANAGE_SETTING_MAX_BYTES / 1024 });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('INVALID_JSON', { field: 'manage_setting' });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new AppError('INVALID_JSON', { field: 'manage_setting' });
  }
  return parseInput(manageSettingPatch, value);
}

/**
 * Merges the given settings into the tenant's (keys not named keep their values). The
 * merged settings must stay within the size limit.
 */
export async function saveSysSettings(ctx: RequestContext, input: unknown): Promise<WireSettings> {
  const tenant = requireTenant(ctx);
  const { manage_setting } = parseInput(saveSysSettingsInput, input);
  const patch = parsePatch(manage_setting);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const current =
      (await findSettingsForUpdate(tx, tenant.id)) ??
      (await ensureSettings(tx, tenant.id, { ...defaultManageSetting }));
    if (settingsBytes({ ...current.manage_setting, ...patch }) > MANAGE_SETTING_MAX_BYTES) {
      throw new AppError('SETTINGS_TOO_LARGE', { maxKb: MANAGE_SETTING_MAX_BYTES / 1024 });
    }
    const row = await mergeSettings(tx, tenant.id, patch);
    await audit(tx, ctx, { module: 'settings', type: 'save', content: JSON.stringify(patch), object: row.id });
    return toWireSettings(row);
  });
}
