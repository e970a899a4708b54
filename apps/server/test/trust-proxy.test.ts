import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';

/** Forwarded headers are believed from the configured proxies only (TRUST_PROXY). */
describe('client address behind proxies', () => {
  let database: Database;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: '', dataDir: 'memory://' });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  /** An app with the given TRUST_PROXY and a route that answers what the request context says. */
  async function appWith(trustProxy: string | undefined) {
    const config = loadConfig({ NODE_ENV: 'test', ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }) });
    const app = await buildApp({ config, database });
    app.get('/__whoami', async (request) => {
      const ctx = await app.contextFor(request);
      return { ip: ctx.ip, host: request.host, protocol: request.protocol };
    });
    apps.push(app);
    return app;
  }

  const forwarded = {
    'x-forwarded-for': '198.51.100.7',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
  };

  it('by default believes a proxy on this machine only', async () => {
    const app = await appWith(undefined);
    const viaLocalProxy = await app.inject({ url: '/__whoami', remoteAddress: '127.0.0.1', headers: forwarded });
    expect(viaLocalProxy.json()).toMatchObject({ ip: '198.51.100.7', host: 'evil.example', protocol: 'https' });
    const direct = await app.inject({ url: '/__whoami', remoteAddress: '203.0.113.9', headers: forwarded });
    expect(direct.json()).toMatchObject({ ip: '203.0.113.9', protocol: 'http' });
    expect(direct.json().host).not.toBe('evil.example');
  });

  it('believes the named proxies and no one else', async () => {
    const app = await appWith('10.0.0.0/8');
    const viaProxy = await app.inject({ url: '/__whoami', remoteAddress: '10.1.2.3', headers: forwarded });
    expect(viaProxy.json().ip).toBe('198.51.100.7');
    const spoofed = await app.inject({ url: '/__whoami', remoteAddress: '127.0.0.1', headers: forwarded });
    expect(spoofed.json().ip).toBe('127.0.0.1');
  });

  it('believes no proxy with none, and refuses a malformed setting at start', async () => {
    const app = await appWith('none');
    const res = await app.inject({ url: '/__whoami', remoteAddress: '127.0.0.1', headers: forwarded });
    expect(res.json().ip).toBe('127.0.0.1');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});
