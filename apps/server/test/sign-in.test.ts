import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, implicitAuthorizeUrl } from './oidc-client.ts';
import { loadConfig } from '../src/config.ts';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';

let t: TestApp;

beforeAll(async () => {
  const defaults = loadConfig({ NODE_ENV: 'test' }).loginThrottle;
  t = await createTestApp({ loginThrottle: { ...defaults, maxFailures: 3 } });
});
afterAll(() => t.close());

async function openLoginPage(browser: Browser, url = implicitAuthorizeUrl(t.config.oidcClientId)) {
  const start = await browser.request('GET', url);
  expect(start.statusCode).toBe(303);
  const page = await browser.follow(start);
  expect(page.statusCode).toBe(200);
  const action = /action="([^"]+)"/.exec(page.body)?.[1];
  expect(action).toMatch(/^\/sso\/interaction\/[^/]+\/login$/);
  return { page, action: action! };
}

describe('sign-in through the built-in provider', () => {
  it('runs the implicit flow like an existing client and the token works on both endpoints', async () => {
    const browser = new Browser(t.app);
    const { page, action } = await openLoginPage(browser);
    expect(page.body).toContain('统一身份认证');
    expect(page.headers['content-type']).toContain('text/html');

    const submitted = await browser.request('POST', action, {
      account: demoAccounts.user.account,
      password: demoAccounts.user.password,
      lang: 'zh',
    });
    const done = await browser.follow(submitted);
    expect(done.statusCode).toBe(303);
    const location = new URL(done.headers.location as string);
    expect(location.origin + location.pathname).toBe('http://localhost:3000/yy-sys/oidc-callback');
    expect(location.searchParams.get('retUrl')).toBe('http://localhost:3000/yy-sys/pc/home');

    const fragment = new URLSearchParams(location.hash.slice(1));
    const accessToken = fragment.get('access_token')!;
    const idToken = fragment.get('id_token')!;
    expect(accessToken).toHaveLength(32);
    expect(fragment.get('state')).toBe('st-1');
    const keys = [...fragment.keys()];
    expect(keys.indexOf('id_token')).toBeLessThan(keys.length - 1);
    const claims = decodeJwt(idToken);
    expect(claims.nonce).toBe('n-1');
    expect(claims.aud).toBe(t.config.oidcClientId);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(7200);

    const status = await t.gql('apps_yy_sys', '{ checkTenantStatus { errcode msg msg_en } }', { token: accessToken });
    expect(status.body.data?.checkTenantStatus.errcode).toBe('0');

    // id_token_hint is optional and ignored.
    const withHint = await t.app.inject({
      method: 'POST',
      url: `/bus/graphql/apps_yy_sys?id_token_hint=${idToken}`,
      headers: { authorization: `Bearer ${accessToken}` },
      payload: {
        operationName: 'checkTenantStatus',
        query: 'query checkTenantStatus { checkTenantStatus { errcode } }',
        variables: {},
      },
    });
    expect(withHint.json().data.checkTenantStatus.errcode).toBe('0');
  });

  it('runs the authorization code flow with PKCE for our web app', async () => {
    const browser = new Browser(t.app);
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const redirect = 'http://localhost:3000/yy-sys/oidc-callback';
    const q = new URLSearchParams({
      client_id: t.config.oidcClientId,
      redirect_uri: redirect,
      response_type: 'code',
      scope: 'openid profile',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'pkce-state',
    });
    const { action } = await openLoginPage(browser, `/sso/oauth2/authorize?${q}`);
    const done = await browser.follow(
      await browser.request('POST', action, {
        account: demoAccounts.admin.account,
        password: demoAccounts.admin.password,
      }),
    );
    const location = new URL(done.headers.location as string);
    const code = location.searchParams.get('code');
    expect(code).toBeTruthy();

    const tokenRes = await t.app.inject({
      method: 'POST',
      url: '/sso/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code!,
        redirect_uri: redirect,
        client_id: t.config.oidcClientId,
        code_verifier: verifier,
      }).toString(),
    });
    expect(tokenRes.statusCode).toBe(200);
    const tokens = tokenRes.json();
    expect(tokens.access_token).toHaveLength(32);
    expect(tokens.id_token).toBeTruthy();

    // Silent renew: with the session cookie, prompt=none answers without the login page.
    const renew = new URLSearchParams(q);
    renew.set('prompt', 'none');
    renew.set('state', 'renew');
    const silent = await browser.follow(await browser.request('GET', `/sso/oauth2/authorize?${renew}`));
    const silentLocation = new URL(silent.headers.location as string);
    expect(silentLocation.searchParams.get('code')).toBeTruthy();
    expect(silentLocation.searchParams.get('error')).toBeNull();
  });

  it('refuses a redirect URI outside the web app', async () => {
    const browser = new Browser(t.app);
    const q = new URLSearchParams({
      client_id: t.config.oidcClientId,
      redirect_uri: 'https://evil.example/yy-sys/oidc-callback',
      response_type: 'id_token token',
      scope: 'openid',
      nonce: 'n',
    });
    const res = await browser.request('GET', `/sso/oauth2/authorize?${q}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('shows a clear error on a wrong password and asks to wait after repeated failures, never locking', async () => {
    const browser = new Browser(t.app);
    const { action } = await openLoginPage(browser);
    const attempt = (password: string, lang: 'zh' | 'en') =>
      browser.request('POST', action, { account: demoAccounts.admin.account, password, lang });
    const wrong = await attempt('nope', 'zh');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('账号或密码错误');

    const wrongEn = await attempt('nope', 'en');
    expect(wrongEn.body).toContain('Wrong account or password');

    const third = await attempt('nope', 'zh');
    expect(third.statusCode).toBe(400);
    expect(third.body).toMatch(/账号或密码错误，请[12]秒后再试/);

    // Within the wait even the right password is not checked; the answer says how long to wait.
    const early = await attempt(demoAccounts.admin.password, 'en');
    expect(early.statusCode).toBe(429);
    expect(early.body).toMatch(/Too many attempts; try again in [12] seconds?/);
    expect(early.body).not.toMatch(/locked|锁定/);

    // An unknown account gets the same answer as a wrong password.
    const other = new Browser(t.app, '192.0.2.10');
    const unknown = await other.request('POST', (await openLoginPage(other)).action, {
      account: 'nobody',
      password: 'x',
      lang: 'zh',
    });
    expect(unknown.body).toContain('账号或密码错误');
  });

  it('escapes what the user typed back into the page', async () => {
    const browser = new Browser(t.app);
    const { action } = await openLoginPage(browser);
    const res = await browser.request('POST', action, { account: '"><script>alert(1)</script>', password: 'x' });
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&quot;&gt;&lt;script&gt;');
  });
});
