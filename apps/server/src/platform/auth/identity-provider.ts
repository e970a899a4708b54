import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { maskName } from '@yuyue/shared';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC, type ResponseType } from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { findTenantById } from '../tenancy.ts';
import { createExternalVerifier } from './external-verifier.ts';
import { checkCredentials, throttlePolicies } from './login.ts';
import { renderLoginPage, type Lang } from './login-page.ts';
import { deploymentSecret, pgAdapterFactory } from './oidc-adapter.ts';
import { NO_NONCE, originAllowed, originOf, returnUrlAllowed, withImpliedNonce } from './oidc-clients.ts';
import { errorPage, logoutPage } from './provider-pages.ts';
import { faultForLog } from '../validation.ts';
import { guardSignInInput } from './sign-in-input.ts';
import type { IdentityDirectory, Person } from './identity.ts';
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

/** A visitor's account as tokens name it: opaque (their real account is derived from their phone). */
export const visitorAccountClaim = (userId: string) => `visitor:${userId}`;

/**
 * The claims of the id_token and userinfo. Users (staff, students) get their name, account,
 * e-mail and phone as the contract says. A visitor (role 'visitor') gets nothing personal: the
 * web keeps the signed-in user in browser storage, where no visitor's name, phone, e-mail or
 * ID number may be (issue 17 point 7), so their account is an opaque id (`visitor:<user id>`,
 * the prefix the web reads) and their name masked (李*, as in every list).
 */
export function claimsOf(
  sub: string,
  tenantId: string,
  user: Person,
): { sub: string } & Record<string, string | undefined> {
  if (user.role === 'visitor') {
    const account = visitorAccountClaim(user.id);
    return { sub, name: maskName(user.name), preferred_username: account, account, tenant_id: tenantId };
  }
  return {
    sub,
    name: user.name,
    preferred_username: user.account,
    account: user.account,
    tenant_id: tenantId,
    email: user.email || undefined,
    phone_number: user.phone || undefined,
  };
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

/** The origin of the request the provider is handling (named on the page of a refused origin). */
const requestOrigin = new AsyncLocalStorage<string>();

/** The web app's pages sign-in and sign-out may return to (any query: `retUrl`). */
function returnPaths(config: Config): string[] {
  return [callbackPath(config), `${config.basePath}/silent-renew.html`, `${config.basePath}/`];
}

function pickLang(query: Record<string, unknown>, acceptLanguage: string | undefined, uiLocales?: unknown): Lang {
  const explicit = query.lang ?? uiLocales;
  if (typeof explicit === 'string' && explicit) return explicit.toLowerCase().startsWith('en') ? 'en' : 'zh';
  return acceptLanguage && /^en\b/i.test(acceptLanguage) ? 'en' : 'zh';
}

/**
 * The origin a sign-in was refused for, when the error is that its return page's origin is not
 * allowed (the page then says which setting admits it); null for any other error.
 */
function refusedOrigin(config: Config, ctx: KoaContextWithOIDC, out: { error?: unknown }): string | null {
  if (out.error !== 'invalid_redirect_uri' && out.error !== 'invalid_request') return null;
  const params = (ctx.oidc?.params ?? {}) as Record<string, unknown>;
  const target = params.redirect_uri ?? params.post_logout_redirect_uri;
  const origin = typeof target === 'string' ? originOf(target) : originOf(requestOrigin.getStore() ?? '');
  const clientId = typeof params.client_id === 'string' ? params.client_id : config.oidcClientId;
  return origin && !originAllowed(config, clientId, origin) ? origin : null;
}

async function createProvider(
  config: Config,
  db: Db,
  people: IdentityDirectory,
  app: FastifyInstance,
): Promise<Provider> {
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
    clients: config.oidcClients.map((c) => client(c.id)),
    jwks: { keys: [signing as never] },
    cookies: { keys: cookieKeys },
    scopes: SCOPES,
    // Existing clients build the user's profile from the id_token (api-contract 2): the account and
    // name go with `openid` itself, and into the id_token even where an access token comes too.
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub', 'name', 'preferred_username', 'account'],
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
          ctx.body = logoutPage(form, Boolean(ctx.oidc.params?.id_token_hint));
        },
      },
    },
    // The token endpoint and userinfo answer a browser's fetch from the client's allowed origins.
    clientBasedCORS: (_ctx, origin, oidcClient) => originAllowed(config, oidcClient.clientId, origin),
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
      const user = await people.byId(db, ids.tenantId, ids.userId);
      if (!user || user.disabled) return undefined;
      return { accountId: sub, claims: async () => claimsOf(sub, ids.tenantId, user) };
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(out, refusedOrigin(config, ctx, out));
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
  const clientProto = provider.Client.prototype as unknown as {
    clientId: string;
    redirectUriAllowed(value: string): boolean;
    postLogoutRedirectUriAllowed(value: string): boolean;
  };
  clientProto.redirectUriAllowed = function (value: string) {
    return returnUrlAllowed(config, this.clientId, value, returnPaths(config));
  };
  clientProto.postLogoutRedirectUriAllowed = function (value: string) {
    return returnUrlAllowed(config, this.clientId, value, returnPaths(config));
  };
  // An implicit request that came without a nonce carries NO_NONCE through the provider
  // (withImpliedNonce); its id_token then has no nonce claim, as the original's.
  const idTokenProto = provider.IdToken.prototype as unknown as { set(key: string, value: unknown): void };
  const setClaim = idTokenProto.set;
  idTokenProto.set = function (key: string, value: unknown) {
    if (key === 'nonce' && value === NO_NONCE) return;
    setClaim.call(this, key, value);
  };

  provider.on('server_error', (_ctx, err) => app.log.error({ err: faultForLog(err) }, 'OIDC provider error'));

  const handler = provider.callback();
  app.register(async (scope) => {
    // The provider reads request bodies itself.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    guardSignInInput(scope);
    scope.all('/sso/*', async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      // the provider finds its mount path as what originalUrl has before url
      raw.url = withImpliedNonce((raw.url ?? '/').slice('/sso'.length) || '/');
      raw.originalUrl = `/sso${raw.url}`;
      await requestOrigin.run(`${request.protocol}://${request.host}`, () => handler(raw, reply.raw));
    });
  });
  return provider;
}

/** The login page and its form, in front of the provider's interactions. */
function registerLoginRoutes(
  app: FastifyInstance,
  provider: Provider,
  config: Config,
  db: Db,
  people: IdentityDirectory,
) {
  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    opts: { account?: string; error?: AppError; lang?: Lang } = {},
  ) => {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    const params = details.params as Record<string, unknown>;
    const query = request.query as Record<string, unknown>;
    const lang = opts.lang ?? pickLang(query, request.headers['accept-language'], params.ui_locales ?? params.lang);
    const tenantChoice = await chooseTenant(db, people, request, params.tenant);
    const branding = await people.branding(db, tenantChoice.tenant?.id ?? null);
    const uid = details.uid;
    const html = renderLoginPage({
      lang,
      action: `/sso/interaction/${uid}/login`,
      switchHref: `/sso/interaction/${uid}?lang=${lang === 'zh' ? 'en' : 'zh'}`,
      account: opts.account,
      error: opts.error ? opts.error.texts[lang] : undefined,
      systemName: lang === 'en' ? branding.sysNameEn : branding.sysName,
      themeColor: branding.themeColor,
      tenants: tenantChoice.options,
    });
    const throttled = opts.error?.code === 'LOGIN_THROTTLED';
    if (throttled) reply.header('retry-after', String(opts.error?.params.seconds));
    return reply
      .code(throttled ? 429 : opts.error ? 400 : 200)
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
      people,
      request,
      body.tenant ?? (details.params as Record<string, unknown>).tenant,
    );
    try {
      if (!account.trim()) throw new AppError('REQUIRED', { field: lang === 'en' ? 'Account' : '账号' });
      if (!password) throw new AppError('REQUIRED', { field: lang === 'en' ? 'Password' : '密码' });
      if (!tenant) throw new AppError('TENANT_UNKNOWN');
      const user = await checkCredentials(db, people, {
        tenantId: tenant.id,
        account,
        password,
        ip: request.ip,
        policies: throttlePolicies(config.loginThrottle),
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
      // For whoever watches for guessing. Not the account: people type passwords into it.
      request.log.info({ tenant: tenant?.key, address: request.ip, refusal: err.code }, 'sign-in refused');
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
async function chooseTenant(db: Db, people: IdentityDirectory, request: FastifyRequest, named: unknown) {
  const all = await people.tenants(db);
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
  deps: { config: Config; db: Db; identity: IdentityDirectory },
): Promise<TokenVerifier> {
  const { config, db, identity: people } = deps;
  if (config.oidcIssuer) {
    app.decorate('oidc', null);
    return createExternalVerifier(config);
  }
  const provider = await createProvider(config, db, people, app);
  app.decorate('oidc', provider);
  registerLoginRoutes(app, provider, config, db, people);
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
