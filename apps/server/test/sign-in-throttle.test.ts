/**
 * Sign-in throttling through the login form, on a fake clock (Date only): one answer for
 * unknown, wrong, disabled and throttled; growing waits per account and address; the owner
 * still signs in while someone else fails; spraying from one address waits; right passwords
 * from a clean address are never held; parallel attempts are counted one by one; and, on
 * PostgreSQL, two instances share the counters.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, withTenant, type Database } from '../src/db/client.ts';
import { resultRows } from '../src/db/json-rows.ts';
import { demoAccounts, seedDemoTenant } from '../src/db/seed.ts';
import { insertUser } from '../src/modules/directory/directory.repository.ts';
import { listTenants } from '../src/modules/tenants/tenants.repository.ts';
import { identityDirectoryFor } from '../src/modules/identity.ts';
import { checkCredentials, sweepLoginThrottleJob, throttlePolicies } from '../src/platform/auth/login.ts';
import { hashPassword } from '../src/platform/auth/passwords.ts';
import { Browser, implicitAuthorizeUrl } from './oidc-client.ts';
import { createTestApp, freshDatabase, testDatabaseUrl, type TestApp } from './support.ts';
import type { FastifyInstance } from 'fastify';

const loginThrottle: Config['loginThrottle'] = {
  maxFailures: 3,
  maxWaitMinutes: 15,
  accountMaxFailures: 6,
  accountMaxWaitSeconds: 60,
  addressMaxFailures: 10,
  addressWindowMinutes: 10,
};
const disabled = { account: 'gone', password: 'Gone@123456' };
const rushAccounts = Array.from({ length: 8 }, (_, i) => `rush-${i}`);

let t: TestApp;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  t = await createTestApp({ loginThrottle });
  const passwordHash = await hashPassword(disabled.password);
  await withTenant(t.database.db, t.demoTenantId, async (tx) => {
    await insertUser(tx, t.demoTenantId, {
      account: disabled.account,
      name: '已停用',
      password_hash: passwordHash,
      disabled: true,
    });
    // Colleagues behind one campus address, all signing in at the same moment.
    for (const account of rushAccounts) {
      await insertUser(tx, t.demoTenantId, { account, name: account, password_hash: passwordHash });
    }
  });
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

async function countRows(table: 'login_throttle' | 'login_address_throttle', where = sql``): Promise<number> {
  const rows = resultRows(
    await t.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} ${where}`),
  );
  return Number(rows[0]!.n);
}

interface Answer {
  status: number;
  /** The page's error, or 'signed in' when the form redirected onwards. */
  says: string;
}

/** A client at one address with a sign-in page open, as a browser would have it. */
async function client(app: FastifyInstance, ip: string) {
  const browser = new Browser(app, ip);
  const open = async () => {
    const page = await browser.follow(await browser.request('GET', implicitAuthorizeUrl('yy-sys')));
    expect(page.statusCode).toBe(200);
    return /action="([^"]+)"/.exec(page.body)![1]!;
  };
  let action = await open();
  return async (account: string, password: string, lang: 'zh' | 'en' = 'zh'): Promise<Answer> => {
    const res = await browser.request('POST', action, { account, password, lang });
    if (res.statusCode === 303) {
      action = await open(); // the signed-in interaction is spent
      return { status: 303, says: 'signed in' };
    }
    const says = /<p class="error" role="alert">([^<]*)<\/p>/.exec(res.body)?.[1];
    // A refused attempt says when to come back, in words and for machines.
    if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(says, res.body.slice(0, 300)).toBeTruthy();
    return { status: res.statusCode, says: says! };
  };
}

describe('one answer whether the account exists or not', () => {
  it('unknown, wrong and disabled read the same, throttled or not; only a right password learns "disabled"', async () => {
    const cases = [
      { ip: '198.51.100.1', account: 'nobody', right: 'whatever' },
      { ip: '198.51.100.2', account: demoAccounts.admin.account, right: demoAccounts.admin.password },
      { ip: '198.51.100.3', account: disabled.account, right: disabled.password },
    ];
    const seen: Answer[][] = [];
    const attempts = await Promise.all(cases.map((c) => client(t.app, c.ip)));
    for (const [i, c] of cases.entries()) {
      const attempt = attempts[i]!;
      seen.push([
        await attempt(c.account, 'wrong-1'),
        await attempt(c.account, 'wrong-2', 'en'),
        await attempt(c.account, 'wrong-3'),
        await attempt(c.account, c.right), // inside the wait: not checked
        await attempt(c.account, c.right, 'en'),
      ]);
    }
    const expected: Answer[] = [
      { status: 400, says: '账号或密码错误' },
      { status: 400, says: 'Wrong account or password' },
      { status: 400, says: '账号或密码错误，请2秒后再试' },
      { status: 429, says: '尝试过于频繁，请2秒后再试' },
      { status: 429, says: 'Too many attempts; try again in 2 seconds' },
    ];
    expect(seen).toEqual([expected, expected, expected]);

    advance(2000);
    const after = await Promise.all(cases.map((c, i) => attempts[i]!(c.account, c.right)));
    expect(after).toEqual([
      { status: 400, says: '账号或密码错误，请4秒后再试' },
      { status: 303, says: 'signed in' },
      { status: 400, says: '账号已停用' },
    ]);
  });
});

describe('an account under attack', () => {
  it("waits grow at the failing address; someone else's failures never keep the owner out", async () => {
    const owner = await client(t.app, '198.51.100.21');
    expect(await owner(demoAccounts.user.account, demoAccounts.user.password)).toEqual({
      status: 303,
      says: 'signed in',
    });

    const attacker = await client(t.app, '198.51.100.20');
    for (let i = 0; i < 2; i++) expect((await attacker(demoAccounts.user.account, 'guess')).status).toBe(400);
    const waits: string[] = [];
    for (let i = 1; i <= 9; i++) {
      const failed = await attacker(demoAccounts.user.account, 'guess');
      expect(failed.status).toBe(400);
      waits.push(/请(.+)后再试/.exec(failed.says)![1]!);
      // One millisecond early is still too early, and then even the right password is not checked.
      advance(2 ** i * 1000 - 1);
      expect(await attacker(demoAccounts.user.account, demoAccounts.user.password)).toMatchObject({ status: 429 });
      advance(1);
    }
    expect(waits).toEqual(['2秒', '4秒', '8秒', '16秒', '32秒', '64秒', '3分钟', '5分钟', '9分钟']);
    const next = await attacker(demoAccounts.user.account, 'guess');
    expect(next.status).toBe(400);
    expect(Number(/请(\d+)分钟后再试/.exec(next.says)?.[1])).toBeGreaterThanOrEqual(5);

    // Many addresses fail at once: the account as a whole now makes new addresses wait, mildly.
    const swarm = await Promise.all(Array.from({ length: 8 }, (_, i) => client(t.app, `198.51.100.${50 + i}`)));
    const hits: Answer[] = [];
    for (const attempt of swarm) hits.push(await attempt(demoAccounts.user.account, 'guess'));
    expect(hits.filter((h) => h.status === 429).length).toBeGreaterThanOrEqual(2);
    const elsewhere = await client(t.app, '198.51.100.22');
    const mild = await elsewhere(demoAccounts.user.account, demoAccounts.user.password);
    expect(mild.status).toBe(429);
    expect(Number(/请(\d+)秒后再试/.exec(mild.says)?.[1])).toBeLessThanOrEqual(60);

    // From an address it signed in from before, the owner signs in at once.
    expect(await owner(demoAccounts.user.account, demoAccounts.user.password)).toEqual({
      status: 303,
      says: 'signed in',
    });
    // That ends the account-wide wait, not the attacker's own.
    expect(await elsewhere(demoAccounts.user.account, demoAccounts.user.password)).toEqual({
      status: 303,
      says: 'signed in',
    });
    expect(await attacker(demoAccounts.user.account, demoAccounts.user.password)).toMatchObject({ status: 429 });
  });
});

describe('one address across accounts', () => {
  it('spraying waits after the address limit; the address forgets over its window', async () => {
    const sprayer = await client(t.app, '198.51.100.30');
    for (let i = 0; i < 9; i++) expect(await sprayer(`spray-${i}`, 'Password1')).toMatchObject({ status: 400 });
    expect(await sprayer('spray-9', 'Password1')).toEqual({ status: 400, says: '账号或密码错误，请2秒后再试' });
    // Refusals are cheap for the server: nothing is checked and nothing is stored.
    const rowsBefore = await countRows('login_throttle');
    for (let i = 10; i < 15; i++) expect(await sprayer(`spray-${i}`, 'Password1')).toMatchObject({ status: 429 });
    expect(await countRows('login_throttle')).toBe(rowsBefore);
    // Even a right password waits at a failing address (the throttle checks nothing) ...
    expect(await sprayer(demoAccounts.user.account, demoAccounts.user.password)).toMatchObject({ status: 429 });
    // ... and is let through from any other.
    const neighbour = await client(t.app, '198.51.100.31');
    expect(await neighbour(demoAccounts.user.account, demoAccounts.user.password)).toMatchObject({ status: 303 });

    advance(loginThrottle.addressWindowMinutes * 60_000);
    expect(await sprayer(demoAccounts.user.account, demoAccounts.user.password)).toMatchObject({ status: 303 });
  });

  it('right passwords from an address that is not failing are never held', async () => {
    const campus = await client(t.app, '127.0.0.1');
    for (let i = 0; i < 25; i++) {
      const account = i % 2 ? demoAccounts.admin : demoAccounts.user;
      expect(await campus(account.account, account.password)).toEqual({ status: 303, says: 'signed in' });
    }
    // Nor several at once, up to the address's free failures in flight.
    const rush = await Promise.all(rushAccounts.map(() => client(t.app, '127.0.0.1')));
    const answers = await Promise.all(rush.map((attempt, i) => attempt(rushAccounts[i]!, disabled.password)));
    expect(answers.map((a) => a.says)).toEqual(rushAccounts.map(() => 'signed in'));
  });
});

describe('parallel attempts', () => {
  it('are counted one by one: no more than the free failures are checked', async () => {
    const browsers = await Promise.all(Array.from({ length: 12 }, () => client(t.app, '198.51.100.40')));
    const answers = await Promise.all(browsers.map((attempt) => attempt('racer', 'guess')));
    expect(answers.filter((a) => a.status === 400)).toHaveLength(loginThrottle.maxFailures);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(12 - loginThrottle.maxFailures);
  });
});

describe('timing', () => {
  it('an unknown account costs about as much as a wrong password', async () => {
    const off = throttlePolicies({ ...loginThrottle, maxFailures: 0, addressMaxFailures: 0 });
    const time = async (account: string) => {
      const started = performance.now();
      await expect(
        checkCredentials(t.database.db, identityDirectoryFor(loadConfig({ NODE_ENV: 'test' })), {
          tenantId: t.demoTenantId,
          account,
          password: 'x',
          ip: '192.0.2.99',
          policies: off,
        }),
      ).rejects.toMatchObject({ code: 'LOGIN_FAILED' });
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await time(demoAccounts.admin.account));
      unknown.push(await time(`nobody-${i}`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[3]!;
    const ratio = median(unknown) / median(known);
    // Without the decoy hash an unknown account answers ~20x faster than a scrypt check.
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe('tenants', () => {
  it('count apart: the same account name in another tenant is not held, and its rows are not visible', async () => {
    // Unknown in the demo tenant (held all the same), the administrator of the other.
    const other = await t.createOtherTenant('throttle-other', { account: 'registrar', password: 'Other@123456' });
    const policies = throttlePolicies(loginThrottle);
    const attempt = (tenantId: string, password: string) =>
      checkCredentials(t.database.db, identityDirectoryFor(loadConfig({ NODE_ENV: 'test' })), {
        tenantId,
        account: 'registrar',
        password,
        ip: '192.0.2.50',
        policies,
      });
    for (let i = 0; i < loginThrottle.maxFailures; i++) {
      await expect(attempt(t.demoTenantId, 'guess')).rejects.toMatchObject({
        code: expect.stringMatching(/^LOGIN_FAILED/),
      });
    }
    await expect(attempt(t.demoTenantId, 'Other@123456')).rejects.toMatchObject({
      code: 'LOGIN_THROTTLED',
    });
    await expect(attempt(other, 'Other@123456')).resolves.toMatchObject({ account: 'registrar' });

    const visible = (tenantId: string) =>
      withTenant(t.database.db, tenantId, async (tx) =>
        resultRows(await tx.execute(sql`select distinct tenant_id::text as tenant from login_throttle`)).map(
          (r) => r.tenant,
        ),
      );
    expect(await visible(other)).toEqual([other]);
    expect(await visible(t.demoTenantId)).toEqual([t.demoTenantId]);
  });
});

describe('forgetting', () => {
  it('the sweep deletes counters back to 0 and keeps the addresses accounts signed in from', async () => {
    const trusted = () => countRows('login_throttle', sql`where signed_in_at is not null`);
    expect(await countRows('login_address_throttle')).toBeGreaterThan(0);
    const keep = await trusted();
    expect(keep).toBeGreaterThan(0);

    // A counter still remembering failures stays: the attacker's (about 11, one forgotten per 15 minutes).
    const failing = sql`where address <> '' and level > 5`;
    const remembering = await countRows('login_throttle', failing);
    expect(remembering).toBeGreaterThan(0);
    await sweepLoginThrottleJob(loginThrottle).run(t.database.db);
    expect(await countRows('login_throttle', failing)).toBe(remembering);

    advance(24 * 60 * 60_000);
    const removed = await sweepLoginThrottleJob(loginThrottle).run(t.database.db);
    expect(removed).toMatch(/^removed \d+ forgotten sign-in failure counters$/);
    expect(await countRows('login_address_throttle')).toBe(0);
    expect(await countRows('login_throttle')).toBe(keep);
    expect(await trusted()).toBe(keep);
  });
});

describe.skipIf(!testDatabaseUrl)('two instances on one PostgreSQL', () => {
  let databases: Database[] = [];
  let apps: FastifyInstance[] = [];

  beforeAll(async () => {
    const first = await freshDatabase();
    const second = await openDatabase({ databaseUrl: first.url, dataDir: '', poolSize: 5 });
    databases = [second, first];
    const config = { ...loadConfig({ NODE_ENV: 'test' }), loginThrottle };
    apps = await Promise.all([first, second].map((database) => buildApp({ config, database })));
    await seedDemoTenant(first.db);
    expect(await listTenants(first.db)).toHaveLength(1);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
  });

  it('failures counted on one instance make the other wait', async () => {
    const [a, b] = [await client(apps[0]!, '203.0.113.5'), await client(apps[1]!, '203.0.113.5')];
    expect(await a(demoAccounts.admin.account, 'guess')).toMatchObject({ status: 400 });
    expect(await b(demoAccounts.admin.account, 'guess')).toMatchObject({ status: 400 });
    expect(await a(demoAccounts.admin.account, 'guess')).toEqual({ status: 400, says: '账号或密码错误，请2秒后再试' });
    expect(await b(demoAccounts.admin.account, demoAccounts.admin.password)).toMatchObject({ status: 429 });
  });

  it('parallel attempts on both instances are counted one by one', async () => {
    const browsers = await Promise.all(Array.from({ length: 12 }, (_, i) => client(apps[i % 2]!, '203.0.113.6')));
    const answers = await Promise.all(browsers.map((attempt) => attempt('racer', 'guess')));
    expect(answers.filter((x) => x.status === 400)).toHaveLength(loginThrottle.maxFailures);
  });
});
