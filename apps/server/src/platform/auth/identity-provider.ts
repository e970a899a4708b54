import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC, type ResponseType } from 'oidc-provider';
import type { Config } from '../../config.ts';
import { withTenant, type Db } from '../../db/client.ts';
import { findUserById } from '../../modules/directory/directory.repository.ts';
import { findSettings } from '../../modules/settings/settings.repository.ts';
import { withDefaults } from '../../modules/settings/settings.rules.ts';
import { AppError } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { findTenantById } from '../tenancy.ts';
import { listTenants } from '../../modules/tenants/tenants.repository.ts';
import { createExternalVerifier } from './external-verifier.ts';
import { checkCredentials } from './login.ts';
import { renderLoginPage, type Lang } from './login-page.ts';
import { deploymentSecret, pgAdapterFactory } from './oidc-adapter.ts';
import type { TokenVerifier } from './token-verifier.ts';

/** Scopes existing clients request (api-contract 2); all are accepted. */
export const SCOPES = [
  'openid',
  'profile',
  'email',
  'phone',
  'data',
  'process',
  'task',
  'app',
  'submit',
  'process_edit',
  'start',
];

/** Access tokens are opaque and exactly 32 characters (192 random bits in base64url), as the original's. */
const ACCESS_TOKEN_BITS = 192;
const TOKEN_TTL_SECONDS = 2 * 60 * 60;

declare module 'fastify' {
  interface FastifyInstance {
    oidc: Provider | null;
  }
}

/** The provider's account id: the tenant and the user, so a token names both. */
export function accountIdOf(tenantId: string, userId: string): string {
  return `${tenantId}:${userId}`;
}

function parseAccountId(accountId: string): { tenantId: string; userId: string } | null {
  const [tenantId, userId] = accountId.split(':');
  return isUuid(tenantId) && isUuid(userId) ? { tenantId, userId } : null;
}

function callbackPath(config: Config): string {
  return `${config.basePath}/oidc-callback`;
}

/** The origin of the request the provider is handling (for same-origin redirects on loopback). */
const requestOrigin = new AsyncLocalStorage<string>();

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where sign-in may return: the web app's callback and silent-renew pages, whatever query
 * (`retUrl`) they carry, on PUBLIC_URL's origin, an origin of OIDC_REDIRECT_ORIGINS, or the
 * request's own origin when that is a loopback address (a local `npm start`).
 */
function redirectAllowed(config: Config, value: string, origin: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash) return false;
  const origins = new Set([new URL(config.publicUrl).origin, ...config.oidcRedirectOrigins]);
  if (origin && LOOPBACK.has(new URL(origin).hostname)) origins.add(origin);
  const paths = [callbackPath(config), `${config.basePath}/silent-renew.html`, `${config.basePath}/`];
  return origins.has(url.origin) && paths.includes(url.pathname);
}

function pickLang(query: Record<string, unknown>, acceptLanguage: string | undefined, uiLocales?: unknown): Lang {
  const explicit = query.lang ?? uiLocales;
  if (typeof explicit === 'string' && explicit) return explicit.toLowerCase().startsWith('en') ? 'en' : 'zh';
  return acceptLanguage && /^en\b/i.test(acceptLanguage) ? 'en' : 'zh';
}

async function createProvider(config: Config, db: Db, app: FastifyInstance): Promise<Provider> {
  const signing = await deploymentSecret(db, 'oidc-signing-key', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    return { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') };
  });
  const cookieKeys = config.cookieSecret
    ? [config.cookieSecret]
    : ((await deploymentSecret(db, 'oidc-cookie-keys', async () => ({ keys: [randomBytes(32).toString('base64url')] })))
        .keys as string[]);

  const client = (clientId: string) => ({
    client_id: clientId,
    client_name: 'Yuyue',
    application_type: 'web' as const,
    token_endpoint_auth_method: 'none' as const,
    grant_types: ['authorization_code', 'implicit'],
    response_types: ['code', 'id_token token', 'id_token'] as ResponseType[],
    redirect_uris: [`${config.publicUrl}${callbackPath(config)}`],
    post_logout_redirect_uris: [`${config.publicUrl}${config.basePath}/`],
  });

  const configuration: Configuration = {
    adapter: pgAdapterFactory(db),
    clients: [client(config.oidcClientId)],
    jwks: { keys: [signing as never] },
    cookies: { keys: cookieKeys },
    scopes: SCOPES,
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'tenant_id', 'account'],
      email: ['email'],
      phone: ['phone_number'],
    },
    responseTypes: ['code', 'id_token token', 'id_token', 'none'],
    pkce: { required: () => false },
    extraParams: ['tenant', 'lang'],
    formats: {
      bitsOfOpaqueRandomness: (_ctx, token) => (token.kind === 'AccessToken' ? ACCESS_TOKEN_BITS : 256),
    },
    ttl: {
      AccessToken: TOKEN_TTL_SECONDS,
      IdToken: TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      Interaction: 60 * 60,
      Session: 24 * 60 * 60,
      Grant: 24 * 60 * 60,
    },
    routes: {
      authorization: '/oauth2/authorize',
      token: '/oauth2/token',
      userinfo: '/oauth2/userinfo',
      jwks: '/oauth2/jwks',
      end_session: '/oauth2/logout',
      revocation: '/oauth2/revoke',
      introspection: '/oauth2/introspect',
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          // Our own web app is the only client: sign out without a confirmation page.
          ctx.body = `<!doctype html><html><body>${form}<script nonce="">document.forms[0].submit()</script><noscript><button form="op.logoutForm" name="logout" value="yes">退出登录 / Sign out</button></noscript></body></html>`;
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/sso/interaction/${interaction.uid}` },
    // First-party client: the user's consent is implied by signing in.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const session = ctx.oidc.session;
      const oidcClient = ctx.oidc.client;
      if (!session?.accountId || !oidcClient) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(oidcClient.clientId);
      const grant = grantId
        ? await ctx.oidc.provider.Grant.find(grantId)
        : new ctx.oidc.provider.Grant({ clientId: oidcClient.clientId, accountId: session.accountId });
      if (!grant) return undefined;
      grant.addOIDCScope(SCOPES.join(' '));
      grant.addOIDCClaims(['name', 'preferred_username', 'tenant_id', 'account', 'email', 'phone_number']);
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, sub) => {
      const ids = parseAccountId(sub);
      if (!ids) return undefined;
      const user = await withTenant(db, ids.tenantId, (tx) => findUserById(tx, ids.tenantId, ids.userId));
      if (!user || user.disabled) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          name: user.name,
          preferred_username: user.account,
          account: user.account,
          tenant_id: ids.tenantId,
          email: user.email || undefined,
          phone_number: user.phone || undefined,
        }),
      };
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>认证错误 / Authentication error</title></head><body style="font-family:sans-serif;max-width:560px;margin:40px auto;padding:0 16px"><h1>认证错误</h1><p>Error in authentication</p><pre style="white-space:pre-wrap">${String(out.error).replace(/[<>&]/g, '')}: ${String(out.error_description ?? '').replace(/[<>&]/g, '')}</pre></body></html>`;
    },
  };

  const provider = new Provider(`${config.publicUrl}/sso`, configuration);
  provider.proxy = true;

  // The original served the implicit flow to web clients over plain http (campus intranets,
  // localhost); oidc-provider refuses such redirect URIs by default.
  const schemaProto = (
    provider.Client as unknown as { Schema: { prototype: { invalidate(message: string, code?: string): void } } }
  ).Schema.prototype;
  const invalidate = schemaProto.invalidate;
  schemaProto.invalidate = function (message: string, code?: string) {
    if (code === 'implicit-force-https' || code === 'implicit-forbid-localhost') return;
    invalidate.call(this, message, code);
  };
  // Existing clients put the page to return to in the callback's query (`retUrl`), so the
  // redirect URI is matched on origin and path, not on the whole string.
  const clientProto = provider.Client.prototype as unknown as { redirectUriAllowed(value: string): boolean };
  clientProto.redirectUriAllowed = (value: string) => redirectAllowed(config, value, requestOrigin.getStore());

  provider.on('server_error', (_ctx, err) => app.log.error({ err }, 'OIDC provider error'));

  const handler = provider.callback();
  app.register(async (scope) => {
    // The provider reads request bodies itself.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    scope.all('/sso/*', async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice('/sso'.length) || '/';
      await requestOrigin.run(`${request.protocol}://${request.host}`, () => handler(raw, reply.raw));
    });
  });
  return provider;
}

/** The login page and its form, in front of the provider's interactions. */
function registerLoginRoutes(app: FastifyInstance, provider: Provider, config: Config, db: Db) {
  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    opts: { account?: string; error?: AppError; lang?: Lang } = {},
  ) => {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    const params = details.params as Record<string, unknown>;
    const query = request.query as Record<string, unknown>;
    const lang = opts.lang ?? pickLang(query, request.headers['accept-language'], params.ui_locales ?? params.lang);
    const tenantChoice = await chooseTenant(db, config, request, params.tenant);
    const settings = tenantChoice.tenant
      ? withDefaults(
          (await withTenant(db, tenantChoice.tenant.id, (tx) => findSettings(tx, tenantChoice.tenant!.id)))
            ?.manage_setting,
        )
      : withDefaults(null);
    const uid = details.uid;
    const html = renderLoginPage({
      lang,
      action: `/sso/interaction/${uid}/login`,
      switchHref: `/sso/interaction/${uid}?lang=${lang === 'zh' ? 'en' : 'zh'}`,
      account: opts.account,
      error: opts.error ? opts.error.texts[lang] : undefined,
      systemName: String(lang === 'en' ? settings.sys_name_en || settings.sys_name : settings.sys_name),
      themeColor: String(settings.theme_color),
      tenants: tenantChoice.options,
    });
    return reply
      .code(opts.error ? 400 : 200)
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'",
      )
      .type('text/html; charset=utf-8')
      .send(html);
  };

  app.get('/sso/interaction/:uid', async (request, reply) => {
    try {
      return await page(request, reply);
    } catch (err) {
      request.log.info({ err }, 'sign-in interaction not found');
      return reply.code(400).type('text/html; charset=utf-8').send(expiredPage());
    }
  });

  app.post('/sso/interaction/:uid/login', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const account = typeof body.account === 'string' ? body.account : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const lang: Lang = body.lang === 'en' ? 'en' : 'zh';
    let details;
    try {
      details = await provider.interactionDetails(request.raw, reply.raw);
    } catch (err) {
      request.log.info({ err }, 'sign-in interaction not found');
      return reply.code(400).type('text/html; charset=utf-8').send(expiredPage());
    }
    const { tenant } = await chooseTenant(
      db,
      config,
      request,
      body.tenant ?? (details.params as Record<string, unknown>).tenant,
    );
    try {
      if (!account.trim()) throw new AppError('REQUIRED', { field: lang === 'en' ? 'Account' : '账号' });
      if (!password) throw new AppError('REQUIRED', { field: lang === 'en' ? 'Password' : '密码' });
      if (!tenant) throw new AppError('TENANT_UNKNOWN');
      const user = await checkCredentials(db, {
        tenantId: tenant.id,
        account,
        password,
        maxFailures: config.loginMaxFailures,
        lockMinutes: config.loginLockMinutes,
      });
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: accountIdOf(tenant.id, user.id) } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(redirectTo, 303);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return page(request, reply, { account, error: err, lang });
    }
  });
}

function expiredPage(): string {
  return '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>登录已过期</title></head><body style="font-family:sans-serif;max-width:560px;margin:40px auto;padding:0 16px"><h1>登录会话已过期</h1><p>请返回应用重新登录。</p><p>The sign-in session has expired; go back to the application and sign in again.</p></body></html>';
}

/**
 * The tenant a sign-in is for: the one named by the `tenant` parameter, else the one whose
 * domains list the host, else the only one; with several and no hint the page offers a choice.
 */
async function chooseTenant(db: Db, _config: Config, request: FastifyRequest, named: unknown) {
  const all = await listTenants(db);
  const host = request.host.split(':')[0]?.toLowerCase() ?? '';
  const chosen =
    (typeof named === 'string' && named ? all.find((t) => t.tenant_key === named) : undefined) ??
    all.find((t) =>
      t.domains
        .split(',')
        .map((d) => d.trim())
        .includes(host),
    ) ??
    (all.length === 1 ? all[0] : undefined);
  const tenant = chosen ? await findTenantById(db, chosen.id) : null;
  const options =
    !chosen && all.length > 1 ? all.map((t, i) => ({ key: t.tenant_key, name: t.name, selected: i === 0 })) : undefined;
  return { tenant: tenant ?? (options ? await findTenantById(db, all[0]!.id) : null), options };
}

/**
 * Sets up sign-in: the built-in provider at /sso with our login page, or, when OIDC_ISSUER
 * is set, verification of an external provider's tokens. Returns the access-token verifier.
 */
export async function registerIdentityProvider(
  app: FastifyInstance,
  deps: { config: Config; db: Db },
): Promise<TokenVerifier> {
  const { config, db } = deps;
  if (config.oidcIssuer) {
    app.decorate('oidc', null);
    return createExternalVerifier(config);
  }
  const provider = await createProvider(config, db, app);
  app.decorate('oidc', provider);
  registerLoginRoutes(app, provider, config, db);
  return {
    async verify(token) {
      if (!/^[A-Za-z0-9_-]{20,128}$/.test(token)) return null;
      const accessToken = await provider.AccessToken.find(token);
      if (!accessToken?.accountId || !accessToken.exp) return null;
      const ids = parseAccountId(accessToken.accountId);
      return ids ? { tenantId: ids.tenantId, userId: ids.userId, expiresAt: accessToken.exp } : null;
    },
  };
}
