// What the sign-in throttle adds to a password check, and whether an unknown account answers as
// slowly as a known one. Calls checkCredentials directly (no HTTP, no OpenID provider), one at a
// time, the cases interleaved so that machine load hits them alike: scrypt alone; a wrong
// password of an existing account; an unknown account (decoy hash); a right password (two
// transactions: charge, then clear); an attempt refused by a waiting address (no hash). Medians.
//
//   npx tsx bench/sign-in-throttle.ts [rounds=41]                          (PGlite in memory)
//   DATABASE_URL=postgres://... npx tsx bench/sign-in-throttle.ts [rounds]  (a database is made and dropped)
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { demoAccounts, seedDemoTenant } from '../apps/server/src/db/seed.ts';
import { listTenants } from '../apps/server/src/modules/tenants/tenants.repository.ts';
import { identityDirectoryFor } from '../apps/server/src/modules/identity.ts';
import { checkCredentials, throttlePolicies } from '../apps/server/src/platform/auth/login.ts';
import { hashPassword, verifyPassword } from '../apps/server/src/platform/auth/passwords.ts';

const rounds = Number(process.argv[2] ?? 41);
const base = process.env.DATABASE_URL ?? '';
const name = `yuyue_signin_bench_${randomBytes(4).toString('hex')}`;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(statement);
  await client.end();
}

let url = '';
if (base) {
  await admin(`create database ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  url = u.href;
}
const database = await openDatabase({ databaseUrl: url, dataDir: url ? '' : 'memory://', poolSize: 5 });
try {
  await seedDemoTenant(database.db);
  const [tenant] = await listTenants(database.db);
  const config = loadConfig({ NODE_ENV: 'test' });
  const settings = config.loginThrottle;
  const identityDirectory = identityDirectoryFor(config);
  // Off: every attempt is checked, so the known/unknown comparison is not cut short by waits.
  const off = throttlePolicies({ ...settings, maxFailures: 0, addressMaxFailures: 0 });
  const on = throttlePolicies(settings);
  const attempt =
    (account: string, password: string, ip: string, policies = off) =>
    () =>
      checkCredentials(database.db, identityDirectory, { tenantId: tenant!.id, account, password, ip, policies });

  const refusing = '10.255.0.1';
  for (let i = 0; i <= settings.addressMaxFailures; i++) {
    await attempt(`spray-${i}`, 'x', refusing, on)().catch(() => undefined);
  }
  const hash = await hashPassword('bench');
  const cases: Record<string, (i: number) => () => Promise<unknown>> = {
    'scrypt alone': () => () => verifyPassword('wrong', hash),
    'wrong password': (i) => attempt(demoAccounts.admin.account, 'wrong', `10.0.${i % 250}.1`),
    'unknown account': (i) => attempt(`nobody-${i}`, 'wrong', `10.1.${i % 250}.1`),
    'right password': (i) => attempt(demoAccounts.user.account, demoAccounts.user.password, `10.2.${i % 250}.1`, on),
    'refused (address waiting)': (i) => attempt(`spray-more-${i}`, 'x', refusing, on),
  };
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let i = 0; i < rounds; i++) {
    for (const [label, make] of Object.entries(cases)) {
      const run = make(i);
      const started = performance.now();
      await run().catch(() => undefined);
      times[label]!.push(performance.now() - started);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`${base ? 'PostgreSQL' : 'PGlite'}, ${rounds} rounds, medians:`);
  for (const [label, xs] of Object.entries(times)) console.log(`  ${label.padEnd(26)} ${median(xs).toFixed(1)} ms`);
} finally {
  await database.close();
  if (base) await admin(`drop database if exists ${name} with (force)`);
}
