import { withTenant } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { openSecrets, sealSecrets, type MeetingSecrets } from './meetings.crypto.ts';
import { providerFor, ProviderError } from './meetings.providers.ts';
import {
  deleteWhitelist,
  findMeetingSettings,
  insertWhitelist,
  listWhitelist,
  upsertMeetingSettings,
  type MeetingSettingsRow,
} from './meetings.repository.ts';
import { isMeetingProvider, parseAddress } from './meetings.rules.ts';
import { requireAdmin } from './meetings.service.ts';

/** The non-secret settings a tenant keeps (`meeting_settings.settings`). */
const SETTING_KEYS = ['base_url', 'app_id', 'sdk_id', 'secret_id', 'userid'] as const;

/** The URL Tencent Meeting's event subscription is to call for this tenant. */
export function callbackUrl(ctx: RequestContext, tenant: TenantRef): string {
  return `${ctx.config.publicUrl}${ctx.config.basePath}/bus/meetings/${encodeURIComponent(tenant.key)}/callback/wemeet`;
}

function wire(ctx: RequestContext, tenant: TenantRef, row: MeetingSettingsRow | undefined) {
  const secrets: MeetingSecrets = row ? openSecrets(ctx.config, tenant.id, row.secret_enc) : {};
  const s = row?.settings ?? {};
  return {
    provider: row?.provider ?? 'jitsi',
    base_url: s.base_url ?? '',
    app_id: s.app_id ?? '',
    sdk_id: s.sdk_id ?? '',
    secret_id: s.secret_id ?? '',
    userid: s.userid ?? '',
    secret_set: !!secrets.secret,
    callback_token_set: !!secrets.callback_token,
    default_jitsi_url: ctx.config.meetings.jitsiUrl,
    default_jitsi_token: !!(ctx.config.meetings.jitsiAppId && ctx.config.meetings.jitsiAppSecret),
    wemeet_api_url: ctx.config.meetings.wemeetUrl,
    callback_url: callbackUrl(ctx, tenant),
    updated_by: row?.updated_by ?? '',
    update_time: row?.update_time.toISOString() ?? '',
  };
}

/** `findCloudMeetingSettings`: the provider and its settings; secrets only as whether one is set. */
export async function getSettings(ctx: RequestContext) {
  const { tenant } = requireAdmin(ctx);
  const row = await withTenant(ctx.db, tenant.id, (tx) => findMeetingSettings(tx, tenant.id));
  return wire(ctx, tenant, row);
}

export interface SettingsInput {
  provider?: string | null;
  base_url?: string | null;
  app_id?: string | null;
  sdk_id?: string | null;
  secret_id?: string | null;
  userid?: string | null;
  secret?: string | null;
  callback_token?: string | null;
  clear_secret?: boolean | null;
  clear_callback_token?: boolean | null;
}

const text = (v: unknown, field: string, max = 200): string => {
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw new AppError('MEETING_SETTING_INVALID', { detail: field });
  const t = v.trim();
  if (t.length > max) throw new AppError('MEETING_SETTING_INVALID', { detail: `${field}: at most ${max} characters` });
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f]/.test(t)) throw new AppError('MEETING_SETTING_INVALID', { detail: field });
  return t;
};

/**
 * `saveCloudMeetingSettings`: provider and settings; a secret or callback token given replaces
 * the stored one (empty keeps it, `clear_*` removes it). Tencent Meeting needs its app id,
 * SecretId, SecretKey and operator userid. New meetings use the provider saved here; existing
 * ones keep theirs.
 */
export async function saveSettings(ctx: RequestContext, model: SettingsInput) {
  const { tenant, user } = requireAdmin(ctx);
  const provider = model.provider ?? '';
  if (!isMeetingProvider(provider)) throw new AppError('MEETING_PROVIDER_INVALID');
  const settings: Record<string, string> = {};
  for (const key of SETTING_KEYS) {
    const v = text(model[key], key);
    if (v) settings[key] = v;
  }
  if (settings.base_url) {
    let url: URL | null = null;
    try {
      url = new URL(settings.base_url);
    } catch {
      // below
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password)
      throw new AppError('MEETING_SETTING_INVALID', { detail: 'base_url: an http(s) URL' });
    settings.base_url = settings.base_url.replace(/\/+$/, '');
  }
  const newSecret = text(model.secret, 'secret', 500);
  const newToken = text(model.callback_token, 'callback_token', 200);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const old = await findMeetingSettings(tx, tenant.id);
    const secrets = old ? openSecrets(ctx.config, tenant.id, old.secret_enc) : {};
    if (model.clear_secret) delete secrets.secret;
    if (model.clear_callback_token) delete secrets.callback_token;
    if (newSecret) secrets.secret = newSecret;
    if (newToken) secrets.callback_token = newToken;
    if (provider === 'wemeet') {
      const missing = (['app_id', 'secret_id', 'userid'] as const).filter((k) => !settings[k]);
      if (!secrets.secret) missing.push('secret' as never);
      if (missing.length) throw new AppError('MEETING_SETTING_INVALID', { detail: `required: ${missing.join(', ')}` });
    }
    const row = await upsertMeetingSettings(tx, tenant.id, {
      provider,
      settings,
      secret_enc: sealSecrets(ctx.config, tenant.id, secrets),
      updated_by: user.account,
    });
    await audit(tx, ctx, {
      module: 'meeting',
      type: 'settings',
      content: `云会议参数 ${provider} ${Object.entries(settings)
        .filter(([k]) => k !== 'secret_id')
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}${newSecret ? ' 更换密钥' : ''}${newToken ? ' 更换回调Token' : ''}`,
      object: row.id,
    });
    return row.id;
  });
}

/** `testCloudMeetingConnection`: asks the saved provider whether its settings work; says what was checked. */
export async function testConnection(ctx: RequestContext): Promise<string> {
  const { tenant } = requireAdmin(ctx);
  const row = await withTenant(ctx.db, tenant.id, (tx) => findMeetingSettings(tx, tenant.id));
  const provider = providerFor(ctx.config, {
    provider: row && isMeetingProvider(row.provider) ? row.provider : 'jitsi',
    settings: row?.settings ?? {},
    secrets: row ? openSecrets(ctx.config, tenant.id, row.secret_enc) : {},
  });
  let outcome: string;
  try {
    outcome = await provider.test(AbortSignal.timeout(ctx.config.meetings.requestTimeoutMs));
  } catch (err) {
    const detail = err instanceof ProviderError ? err.message : (err as Error).message;
    await withTenant(ctx.db, tenant.id, (tx) =>
      audit(tx, ctx, { module: 'meeting', type: 'testConnection', content: `失败 ${detail}`.slice(0, 500) }),
    );
    throw new AppError('MEETING_TEST_FAILED', { detail: detail.slice(0, 300) });
  }
  await withTenant(ctx.db, tenant.id, (tx) =>
    audit(tx, ctx, { module: 'meeting', type: 'testConnection', content: `成功 ${outcome}` }),
  );
  return outcome;
}

// --- IP whitelist

export async function whitelist(ctx: RequestContext) {
  const { tenant } = requireAdmin(ctx);
  const rows = await withTenant(ctx.db, tenant.id, (tx) => listWhitelist(tx, tenant.id));
  return rows.map((r) => ({
    id: r.id,
    address: r.address,
    description: r.description,
    created_by: r.created_by,
    create_time: r.create_time.toISOString(),
  }));
}

/** `saveCloudMeetingIpWhiteList`: a single IPv4/IPv6 address or a CIDR block, with an optional description. */
export async function addAddress(ctx: RequestContext, model: { address?: string | null; description?: string | null }) {
  const { tenant, user } = requireAdmin(ctx);
  const raw = typeof model.address === 'string' ? model.address.trim() : '';
  const parsed = parseAddress(raw);
  if (!parsed) throw new AppError('MEETING_ADDRESS_INVALID', { value: raw.slice(0, 60) });
  const max = parsed.family === 'ipv4' ? 32 : 128;
  const address =
    parsed.prefix === max ? parsed.address.toLowerCase() : `${parsed.address.toLowerCase()}/${parsed.prefix}`;
  const description = text(model.description, 'description', 200);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await insertWhitelist(tx, tenant.id, { address, description, created_by: user.account });
    if (!row) throw new AppError('MEETING_ADDRESS_EXISTS', { value: address });
    await audit(tx, ctx, {
      module: 'meeting',
      type: 'whitelistAdd',
      content: `${address} ${description}`.trim(),
      object: row.id,
    });
    return row.id;
  });
}

export async function removeAddress(ctx: RequestContext, id: unknown) {
  const { tenant } = requireAdmin(ctx);
  if (typeof id !== 'string' || !isUuid(id)) throw new AppError('MEETING_ADDRESS_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await deleteWhitelist(tx, tenant.id, id);
    if (!row) throw new AppError('MEETING_ADDRESS_NOT_FOUND');
    await audit(tx, ctx, { module: 'meeting', type: 'whitelistDelete', content: row.address, object: row.id });
    return row.id;
  });
}
