import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOidcClients } from '../src/platform/auth/oidc-clients.ts';
import { Browser } from './oidc-client.ts';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';

/** Existing clients' ids, origins and implicit requests; sign-out; origins a browser may use. */

const LEGACY_ID = 'kwxKbMKq3Nafw2mApFZz';
const LEGACY_ORIGIN = 'https://old.example.edu';
const SCOPE = 'data openid process task app submit process_edit start profile';

function authorizeUrl(params: Record<string, string>): string {
  return `/sso/oauth2/authorize?${new URLSearchParams(params)}`;
}

/** An implicit request as existing clients send it: no state, no nonce. */
function bareImplicit(clientId: string, origin = 'http://localhost:3000') {
  return authorizeUrl({
    client_id: clientId,
    redirect_uri: `${origin}/yy-sys/oidc-callback?retUrl=${encodeURIComponent(`${origin}/yy-sys/mobile/home`)}`,
    response_type: 'id_token token',
    scope: SCOPE,
  });
}

/** Signs in through the login form; the final redirect out of /sso. */
async function signIn(browser: Browser, url: string, account = demoAccounts.user) {
  const page = await browser.follow(await browser.request('GET', url));
  expect(page.statusCode).toBe(200);
  const action = /action="([^"]+)"/.exec(page.body)![1]!;
  const done = await browser.follow(
    await browser.request('POST', action, { account: account.account, password: account.password, lang: 'zh' }),
  );
  expect(done.statusCode).toBe(303);
  return new URL(done.headers.location as string);
}

describe('existing clients and origins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      oidcClients: parseOidcClients(`yy-sys,${LEGACY_ID}=${LEGACY_ORIGIN}`),
      oidcClientId: 'yy-sys',
    });
  });
  afterAll(() => t.close());

  it('serves an implicit request without state and nonce; the id_token names the user and has no nonce', async () => {
    const browser = new Browser(t.app);
    const back = await signIn(browser, bareImplicit(LEGACY_ID, LEGACY_ORIGIN));
    expect(back.origin + back.pathname).toBe(`${LEGACY_ORIGIN}/yy-sys/oidc-callback`);
    const fragment = new URLSearchParams(back.hash.slice(1));
    expect(fragment.get('access_token')).toHaveLength(32);
    expect(fragment.has('state')).toBe(false);
    const claims = decodeJwt(fragment.get('id_token')!);
    expect(claims).not.toHaveProperty('nonce');
    expect(claims.aud).toBe(LEGACY_ID);
    expect(claims).toMatchObject({
      account: demoAccounts.user.account,
      preferred_username: demoAccounts.user.account,
    });
    expect(typeof claims.name).toBe('string');

    const userinfo = await t.app.inject({
      url: '/sso/oauth2/userinfo',
      headers: { authorization: `Bearer ${fragment.get('access_token')}` },
    });
    expect(userinfo.json()).toMatchObject({ account: demoAccounts.user.account, name: claims.name });
    const status = await t.gql('apps_yy_sys', '{ checkTenantStatus { errcode } }', {
      token: fragment.get('access_token')!,
    });
    expect(status.body.data?.checkTenantStatus.errcode).toBe('0');
  });

  it('keeps a nonce the client sends, and asks for the profile claims with openid alone', async () => {
    const browser = new Browser(t.app);
    const back = await signIn(
      browser,
      authorizeUrl({
        client_id: 'yy-sys',
        redirect_uri: 'http://localhost:3000/yy-sys/oidc-callback',
        response_type: 'id_token token',
        scope: 'openid',
        nonce: 'n-42',
      }),
    );
    const claims = decodeJwt(new URLSearchParams(back.hash.slice(1)).get('id_token')!);
    expect(claims.nonce).toBe('n-42');
    expect(claims.preferred_username).toBe(demoAccounts.user.account);
  });

  it('returns each client to its own origins only, and refuses an unknown client id', async () => {
    // the web app's client is not served at the legacy client's origin
    const wrong = await t.app.inject(bareImplicit('yy-sys', LEGACY_ORIGIN));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('OIDC_REDIRECT_ORIGINS');
    const unknown = await t.app.inject(bareImplicit('no-such-client'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).not.toContain('at ');
  });

  it('outside production, lets a browser that reached the server at 127.0.0.1 sign in and fetch tokens', async () => {
    const browser = new Browser(t.app);
    const back = await signIn(browser, bareImplicit('yy-sys', 'http://127.0.0.1:3000'));
    expect(back.origin).toBe('http://127.0.0.1:3000');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/sso/oauth2/token',
      headers: { origin: 'http://127.0.0.1:3000', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3000');
    const token = await t.app.inject({
      method: 'POST',
      url: '/sso/oauth2/token',
      headers: { origin: 'http://127.0.0.1:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload:
        'grant_type=authorization_code&code=nope&client_id=yy-sys&redirect_uri=http%3A%2F%2F127.0.0.1%3A3000%2Fyy-sys%2Foidc-callback',
    });
    // refused for the bad code, not for the origin
    expect(token.json().error).toBe('invalid_grant');
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/sso/oauth2/token',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=authorization_code&code=nope&client_id=yy-sys',
    });
    expect(elsewhere.json().error_description ?? '').toMatch(/origin/);
  });
});

describe('sign-in in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: 'production' });
  });
  afterAll(() => t.close());

  it('refuses an origin that is neither PUBLIC_URL nor configured, with a page naming the settings', async () => {
    const res = await t.app.inject(bareImplicit('yy-sys', 'http://127.0.0.1:3000'));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('http://127.0.0.1:3000');
    expect(res.body).toContain('PUBLIC_URL');
    expect(res.body).toContain('OIDC_REDIRECT_ORIGINS');
    const fine = await t.app.inject(bareImplicit('yy-sys'));
    expect(fine.statusCode).toBe(303);
  });
});

describe('sign-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('asks before signing out on a request without an id_token hint (a cross-site GET cannot sign anyone out)', async () => {
    const browser = new Browser(t.app);
    await signIn(browser, bareImplicit('yy-sys'));
    const res = await browser.request('GET', '/sso/oauth2/logout');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('submit()');
    expect(res.body).toContain('退出登录');
    // still signed in: the next authorize comes straight back with tokens
    const again = await browser.follow(await browser.request('GET', bareImplicit('yy-sys')));
    expect(again.statusCode).toBe(303);
    expect(String(again.headers.location)).toContain('access_token=');
  });

  it("ends the provider's session and refuses the access token after the web app's sign-out", async () => {
    const browser = new Browser(t.app);
    const back = await signIn(browser, bareImplicit('yy-sys'));
    const fragment = new URLSearchParams(back.hash.slice(1));
    const token = fragment.get('access_token')!;
    expect((await t.gql('apps_yy_sys', '{ checkTenantStatus { errcode } }', { token })).status).toBe(200);

    const logout = await browser.request(
      'GET',
      `/sso/oauth2/logout?${new URLSearchParams({
        id_token_hint: fragment.get('id_token')!,
        post_logout_redirect_uri: 'http://localhost:3000/yy-sys/',
      })}`,
    );
    expect(logout.statusCode).toBe(200);
    expect(logout.body).toContain('submit()');
    const action = /action="([^"]+)"/.exec(logout.body)![1]!;
    const form = Object.fromEntries(
      [...logout.body.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    expect(form.logout).toBe('yes');
    const done = await browser.request('POST', new URL(action, 'http://localhost').pathname, form);
    const end = await browser.follow(done);
    expect(String(end.headers.location)).toBe('http://localhost:3000/yy-sys/');

    // the next protected page shows the login form again
    const next = await browser.follow(await browser.request('GET', bareImplicit('yy-sys')));
    expect(next.statusCode).toBe(200);
    expect(next.body).toContain('name="password"');
    // and the access token is refused (within a second, whatever the caches)
    const deadline = Date.now() + 1500;
    let status = 200;
    while (Date.now() < deadline) {
      status = (await t.gql('apps_yy_sys', '{ checkTenantStatus { errcode } }', { token })).status;
      if (status === 401) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(401);
  });

  it('returns after sign-out to an allowed origin only', async () => {
    const browser = new Browser(t.app);
    const back = await signIn(browser, bareImplicit('yy-sys'));
    const idToken = new URLSearchParams(back.hash.slice(1)).get('id_token')!;
    const res = await browser.request(
      'GET',
      `/sso/oauth2/logout?${new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: 'https://evil.example/yy-sys/' })}`,
    );
    expect(res.statusCode).toBe(400);
  });
});
