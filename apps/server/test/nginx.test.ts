/**
 * The repository's nginx configuration (deploy/nginx/yuyue.conf) in front of two app instances
 * on one PostgreSQL database, as docs/deploy.md describes: nginx runs the file as committed,
 * only its upstream addresses and listen port replaced by this test's. Checks that requests
 * reach both instances, that sign-in and GraphQL work through it with every redirect on the
 * public origin, and that with one instance stopped everything is still served. Needs
 * TEST_DATABASE_URL and nginx (/usr/sbin/nginx, or NGINX=<path>); skipped without either.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, repoRoot } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { demoAccounts, seedDemoTenant } from '../src/db/seed.ts';
import { testDatabaseUrl } from './support.ts';

const nginxBin = [process.env.NGINX, '/usr/sbin/nginx', '/usr/bin/nginx'].find(
  (p): p is string => !!p && fs.existsSync(p),
);
const confFile = path.join(repoRoot, 'deploy/nginx/yuyue.conf');

/** A TCP port free right now (the OS picks it; nginx binds it a moment later). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The committed configuration with this test's upstream ports and listen port. */
function templated(conf: string, upstreams: [number, number], port: number): string {
  const servers = [...conf.matchAll(/^(\s*server\s+)127\.0\.0\.1:\d+/gm)];
  if (servers.length !== 2) throw new Error(`expected two upstream servers in ${confFile}, found ${servers.length}`);
  let i = 0;
  const out = conf
    .replace(/^(\s*server\s+)127\.0\.0\.1:\d+/gm, (_, lead: string) => `${lead}127.0.0.1:${upstreams[i++]}`)
    .replace(/^(\s*listen\s+)80;/m, (_, lead: string) => `${lead}127.0.0.1:${port};`);
  if (!out.includes(`listen 127.0.0.1:${port};`)) throw new Error(`no "listen 80;" in ${confFile}`);
  return out;
}

/** Polls until `check` resolves true or the deadline passes. */
async function until(check: () => Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A browser on the public origin: a cookie jar, redirects followed by hand so each can be checked. */
class Browser {
  private readonly cookies = new Map<string, string>();
  /** Every Location header seen, resolved against the URL that sent it. */
  readonly locations: string[] = [];

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<Response> {
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || attrs.some((a) => /expires=.*1970/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const location = res.headers.get('location');
    if (location) this.locations.push(new URL(location, url).href);
    return res;
  }

  /** Follows redirects while they stay under /sso; returns the first response that does not. */
  async follow(res: Response, url: string): Promise<{ res: Response; url: string }> {
    for (let i = 0; i < 10; i++) {
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { res, url };
      const next = new URL(location, url);
      if (!next.pathname.startsWith('/sso')) return { res, url };
      await res.arrayBuffer();
      url = next.href;
      res = await this.request('GET', url);
    }
    throw new Error('too many redirects');
  }
}

describe('the nginx configuration in the docs', () => {
  it('docs/deploy.md shows deploy/nginx/yuyue.conf as committed', () => {
    const doc = fs.readFileSync(path.join(repoRoot, 'docs/deploy.md'), 'utf8');
    expect(doc).toContain('```nginx\n' + fs.readFileSync(confFile, 'utf8').trimEnd() + '\n```');
  });
});

const dbName = `yuyue_nginx_${randomBytes(5).toString('hex')}`;

describe.skipIf(!testDatabaseUrl || !nginxBin)('two instances behind the repository nginx configuration', () => {
  let dbs: Database[] = [];
  const apps: (FastifyInstance | null)[] = [];
  const hits = [0, 0];
  let nginx: ChildProcess | null = null;
  let nginxLog = '';
  let prefix = '';
  let origin = '';

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(testDatabaseUrl);
    u.pathname = `/${dbName}`;
    dbs = await Promise.all([0, 1].map(() => openDatabase({ databaseUrl: u.href, dataDir: '', poolSize: 4 })));
    await seedDemoTenant(dbs[0]!.db);

    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    // One configuration for both, as deploy.md asks: the public origin is nginx's.
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: origin });
    for (const [i, database] of dbs.entries()) {
      const app = await buildApp({ config, database });
      app.server.on('request', () => hits[i]!++);
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
    }
    const upstreams = apps.map((a) => (a!.server.address() as net.AddressInfo).port) as [number, number];

    prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-nginx-'));
    fs.writeFileSync(path.join(prefix, 'yuyue.conf'), templated(fs.readFileSync(confFile, 'utf8'), upstreams, port));
    fs.writeFileSync(
      path.join(prefix, 'nginx.conf'),
      [
        // as root, nginx's workers would run as nobody, who may not write this private directory
        ...(process.getuid?.() === 0 ? ['user root;'] : []),
        'worker_processes 1;',
        `pid ${prefix}/nginx.pid;`,
        `error_log ${prefix}/error.log warn;`,
        'events { worker_connections 128; }',
        'http {',
        `  access_log ${prefix}/access.log;`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${prefix}/${t};`),
        `  include ${prefix}/yuyue.conf;`,
        '}',
        '',
      ].join('\n'),
    );
    nginx = spawn(
      nginxBin!,
      ['-p', prefix, '-e', `${prefix}/error.log`, '-c', `${prefix}/nginx.conf`, '-g', 'daemon off;'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    nginx.stdout!.on('data', (d: Buffer) => (nginxLog += d));
    nginx.stderr!.on('data', (d: Buffer) => (nginxLog += d));
    let exited = false;
    nginx.on('exit', () => (exited = true));
    await until(async () => {
      if (exited) throw new Error(`nginx exited: ${nginxLog}`);
      return (await fetch(`${origin}/yy-sys/`, { redirect: 'manual' })).status > 0;
    }, 'nginx to listen').catch((err: Error) => {
      throw new Error(`${err.message}\n${nginxLog}`);
    });
  }, 120_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const gone = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
      if (nginx.exitCode === null) nginx.kill('SIGKILL');
    }
    for (const app of apps) await app?.close();
    for (const db of dbs) await db.close();
    if (prefix) fs.rmSync(prefix, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }, 60_000);

  const graphql = (query: string, token?: string) =>
    fetch(`${origin}/bus/graphql/apps_yy_sys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query }),
    });

  it('spreads requests over both instances', async () => {
    const before = [...hits];
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${origin}/sso/.well-known/openid-configuration`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    expect(hits[0]! - before[0]!).toBeGreaterThanOrEqual(3);
    expect(hits[1]! - before[1]!).toBeGreaterThanOrEqual(3);
  });

  /** Signs in at an authorize URL through the login page; the URL the provider sends the browser back to. */
  async function signIn(browser: Browser, authorize: string, account: { account: string; password: string }) {
    const page = await browser.follow(await browser.request('GET', authorize), authorize);
    expect(page.res.status).toBe(200);
    const html = await page.res.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    expect(action, html.slice(0, 500)).toBeTruthy();
    const post = new URL(action!.replace(/&amp;/g, '&'), page.url).href;
    expect(post.startsWith(`${origin}/sso/`)).toBe(true);
    const done = await browser.follow(await browser.request('POST', post, account), post);
    return new URL(done.res.headers.get('location') ?? '', done.url);
  }

  it('signs in and answers GraphQL through nginx, every redirect on the public origin', async () => {
    const discovery = (await (await fetch(`${origin}/sso/.well-known/openid-configuration`)).json()) as Record<
      string,
      string
    >;
    expect(discovery.issuer).toBe(`${origin}/sso`);
    expect(discovery.authorization_endpoint!.startsWith(`${origin}/sso/`)).toBe(true);

    const browser = new Browser();
    const root = await browser.request('GET', `${origin}/`);
    expect(root.status).toBeGreaterThanOrEqual(300);
    expect(root.status).toBeLessThan(400);
    expect(browser.locations.at(-1)).toBe(`${origin}/yy-sys/`);
    const base = await browser.request('GET', `${origin}/yy-sys`);
    expect(base.status).toBeGreaterThanOrEqual(300);
    expect(browser.locations.at(-1)).toBe(`${origin}/yy-sys/`);

    // the implicit request as existing clients send it: neither state nor nonce (api-contract 2)
    const callback = `${origin}/yy-sys/oidc-callback?retUrl=${encodeURIComponent(`${origin}/yy-sys/pc/home`)}`;
    const authorize = `${origin}/sso/oauth2/authorize?${new URLSearchParams({
      client_id: 'yy-sys',
      redirect_uri: callback,
      response_type: 'id_token token',
      scope: 'data openid process task app submit process_edit start profile',
    })}`;
    const final = await signIn(browser, authorize, demoAccounts.user);
    expect(final.href.startsWith(`${origin}/yy-sys/oidc-callback`), final.href).toBe(true);
    const token = new URLSearchParams(final.hash.slice(1)).get('access_token');
    expect(token).toHaveLength(32);
    // the flow took several requests, balanced over both instances; none left the public origin
    expect(browser.locations.length).toBeGreaterThanOrEqual(3);
    for (const l of browser.locations) expect(new URL(l).origin).toBe(origin);

    for (let i = 0; i < 4; i++) {
      const res = await graphql('{ checkTenantStatus { errcode } }', token!);
      expect(res.status).toBe(200);
      expect(
        ((await res.json()) as { data: { checkTenantStatus: { errcode: string } } }).data.checkTenantStatus.errcode,
      ).toBe('0');
    }
  });

  it("runs our web app's code flow with PKCE and its silent renew through nginx", async () => {
    const discovery = (await (await fetch(`${origin}/sso/.well-known/openid-configuration`)).json()) as Record<
      string,
      string
    >;
    expect(discovery.token_endpoint!.startsWith(`${origin}/sso/`)).toBe(true);
    const browser = new Browser();
    const verifier = randomBytes(32).toString('base64url');
    const redirect = `${origin}/yy-sys/oidc-callback`;
    const params = new URLSearchParams({
      client_id: 'yy-sys',
      redirect_uri: redirect,
      response_type: 'code',
      scope: 'openid profile',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'pkce',
    });
    const back = await signIn(browser, `${discovery.authorization_endpoint}?${params}`, demoAccounts.admin);
    expect(back.origin + back.pathname).toBe(redirect);
    const code = back.searchParams.get('code');
    expect(code).toBeTruthy();
    const tokenRes = await fetch(discovery.token_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code!,
        redirect_uri: redirect,
        client_id: 'yy-sys',
        code_verifier: verifier,
      }),
    });
    expect(tokenRes.status).toBe(200);
    const tokens = (await tokenRes.json()) as { access_token: string };
    expect(tokens.access_token).toHaveLength(32);
    const res = await graphql('{ checkTenantStatus { errcode } }', tokens.access_token);
    expect(((await res.json()) as { data: { checkTenantStatus: { errcode: string } } }).data).toEqual({
      checkTenantStatus: { errcode: '0' },
    });

    // silent renew: the sign-in session's cookie, made by one instance, is honoured by either
    for (let i = 0; i < 2; i++) {
      params.set('prompt', 'none');
      params.set('state', `renew-${i}`);
      const url = `${discovery.authorization_endpoint}?${params}`;
      const renewed = await browser.follow(await browser.request('GET', url), url);
      const to = new URL(renewed.res.headers.get('location') ?? '', renewed.url);
      expect(to.origin + to.pathname).toBe(redirect);
      expect(to.searchParams.get('error')).toBeNull();
      expect(to.searchParams.get('code')).toBeTruthy();
    }
    for (const l of browser.locations) expect(new URL(l).origin).toBe(origin);
  });

  it('keeps /metrics, /healthz and /readyz off the public side', async () => {
    for (const p of ['/metrics', '/healthz', '/readyz']) {
      const res = await fetch(`${origin}${p}`);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('server') ?? '').toMatch(/nginx/);
      await res.arrayBuffer();
    }
  });

  it('stops an instance under load without failing a GET, then serves everything from the other', async () => {
    // Clients keep sending while instance A stops (as on SIGTERM). A GET must never fail: one
    // A closes under it is passed to B. A POST nginx had just written on a kept-alive
    // connection that A closed as idle is answered 502 (A never read it, nginx does not repeat
    // a POST): the one loss a stop under load can cause, rare and safe to retry.
    const outcomes: { method: string; status: number }[] = [];
    let running = true;
    const client = async (method: 'GET' | 'POST') => {
      while (running) {
        const res =
          method === 'GET'
            ? await fetch(`${origin}/sso/.well-known/openid-configuration`)
            : await graphql('{ checkTenantStatus { errcode } }');
        await res.arrayBuffer();
        outcomes.push({ method, status: res.status });
      }
    };
    const clients = (['GET', 'POST', 'GET', 'POST', 'GET', 'POST'] as const).map(client);
    try {
      await until(async () => outcomes.length >= 30, 'requests before the stop');
      const stopped = apps[0]!;
      apps[0] = null;
      await stopped.close();
      const atStop = outcomes.length;
      await until(async () => outcomes.length >= atStop + 30, 'requests after the stop');
    } finally {
      running = false;
      await Promise.all(clients);
    }
    const failed = outcomes.filter((o) => o.status !== 200);
    expect(failed.filter((o) => o.method === 'GET')).toEqual([]);
    expect(failed.every((o) => o.status === 502)).toBe(true);
    expect(failed.length).toBeLessThanOrEqual(3);

    const before = hits[1]!;
    for (let i = 0; i < 8; i++) {
      const get = await fetch(`${origin}/sso/.well-known/openid-configuration`);
      expect(get.status).toBe(200);
      await get.arrayBuffer();
      // a POST the stopped instance never received is passed to the other one too
      const post = await graphql('{ checkTenantStatus { errcode } }');
      expect(post.status).toBe(200);
      await post.arrayBuffer();
    }
    expect(hits[1]! - before).toBe(16);
  });
});
