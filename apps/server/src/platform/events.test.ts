/**
 * The change bus: payloads stay inside PostgreSQL's limit and carry what to forget; a change is
 * heard at commit and never for a rolled-back transaction; on PostgreSQL the listener survives
 * its connection being terminated, reconnects, forgets everything once, and hears later changes.
 * The database part runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import {
  announce,
  CHANGES_CHANNEL,
  listenForChanges,
  onChange,
  parseChange,
  payloadsOf,
  type Change,
  type ChangeListener,
} from './events.ts';

const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? '';
/** The listener's log: counts its warnings (one per lost connection or refused attempt). */
let warnings = 0;
const quiet = { info: () => undefined, warn: () => void warnings++ };

/** Every change this process applied, in order (local applications and notifications alike). */
const seen: Change[] = [];
onChange((c) => seen.push(c));

/** Waits until `done()` holds, polling; fails after `ms`. */
async function until(done: () => boolean | Promise<boolean>, ms: number, what: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await done()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const tenantChanges = (id: string) => seen.filter((c) => c.kind === 'tenant' && c.id === id).length;

describe('change payloads', () => {
  it('splits many revoked tokens into notifications under 8000 bytes', () => {
    const hashes = Array.from({ length: 450 }, () => randomBytes(32).toString('base64url'));
    const payloads = payloadsOf({ kind: 'token', hashes });
    expect(payloads).toHaveLength(5);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(payloads.flatMap((p) => (parseChange(p) as { hashes: string[] }).hashes)).toEqual(hashes);
  });

  it('names the user to forget, and the whole tenant when the message would be too long', () => {
    const user: Change = { kind: 'user', tenantId: 't1', userId: 'u1', account: 'zhang' };
    expect(payloadsOf(user).map(parseChange)).toEqual([user]);
    const long = payloadsOf({ kind: 'user', tenantId: 't1', userId: 'u1', account: 'x'.repeat(9000) });
    expect(long.map(parseChange)).toEqual([{ kind: 'user', tenantId: 't1' }]);
  });

  it('names the tenant and module whose settings changed', () => {
    const change: Change = { kind: 'settings', tenantId: 't1', scope: 'ballot' };
    expect(payloadsOf(change).map(parseChange)).toEqual([change]);
  });

  it.each([
    ['not json', '{'],
    ['unknown kind', '{"kind":"reboot"}'],
    ['token without hashes', '{"kind":"token"}'],
    ['hash not a string', '{"kind":"token","hashes":[1]}'],
    ['user without tenant', '{"kind":"user","userId":"u1"}'],
    ['tenant without id', '{"kind":"tenant"}'],
    ['settings without scope', '{"kind":"settings","tenantId":"t1"}'],
    ['array', '[]'],
  ])('ignores a payload it cannot read: %s', (_name, payload) => {
    expect(parseChange(payload)).toBeNull();
  });
});

for (const kind of ['pglite', ...(testDatabaseUrl ? ['postgres'] : [])] as const) {
  describe(`announcing changes (${kind})`, () => {
    let database: Database;
    let listener: ChangeListener;
    let dropDatabase = async () => {};
    const name = `yuyue_ev_${randomBytes(5).toString('hex')}`;
    let url = '';

    beforeAll(async () => {
      if (kind === 'pglite') {
        database = await openDatabase({ databaseUrl: '', dataDir: 'memory://' });
      } else {
        const admin = new pg.Client({ connectionString: testDatabaseUrl });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const u = new URL(testDatabaseUrl);
        u.pathname = `/${name}`;
        url = u.href;
        database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 3 });
        dropDatabase = async () => {
          const admin2 = new pg.Client({ connectionString: testDatabaseUrl });
          await admin2.connect();
          await admin2.query(`drop database if exists ${name} with (force)`);
          await admin2.end();
        };
      }
      listener = await listenForChanges(database, { log: quiet, firstRetryMs: 20, maxRetryMs: 200 });
      expect(listener.listening()).toBe(true);
    }, 60_000);

    afterAll(async () => {
      await listener?.stop();
      await database?.close();
      await dropDatabase();
    });

    it('applies a change here at once and again when it is committed; never from a rolled-back transaction', async () => {
      const committed = randomBytes(4).toString('hex');
      await database.db.transaction(async (tx) => {
        await announce(tx, { kind: 'tenant', id: committed });
        expect(tenantChanges(committed)).toBe(1); // forgotten here before the commit
      });
      await until(() => tenantChanges(committed) === 2, 2000, 'the notification of a committed change');

      const rolledBack = randomBytes(4).toString('hex');
      await expect(
        database.db.transaction(async (tx) => {
          await announce(tx, { kind: 'tenant', id: rolledBack });
          throw new Error('abandon');
        }),
      ).rejects.toThrow('abandon');
      // notifications arrive in commit order: once a later one is heard, the rolled-back one never will be
      const later = randomBytes(4).toString('hex');
      await announce(database.db, { kind: 'tenant', id: later });
      await until(() => tenantChanges(later) === 2, 2000, 'the notification of a later change');
      expect(tenantChanges(rolledBack)).toBe(1);
    });

    it.skipIf(kind === 'pglite')(
      'survives its connection being terminated: reconnects, forgets everything once, hears later changes',
      async () => {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        try {
          const listeners = async () =>
            (
              await admin.query<{ pid: number }>(
                `select pid from pg_stat_activity where datname = current_database() and application_name = 'yuyue-changes'`,
              )
            ).rows.map((r) => r.pid);
          const [before] = await listeners();
          expect(before).toBeDefined();
          const alls = () => seen.filter((c) => c.kind === 'all').length;
          const allsBefore = alls();
          await admin.query('select pg_terminate_backend($1)', [before]);
          await until(
            async () => listener.listening() && (await listeners()).some((pid) => pid !== before),
            5000,
            'listening again on a new connection',
          );
          expect(alls()).toBe(allsBefore + 1);

          // a change announced by another connection (another instance) is heard
          const id = randomBytes(4).toString('hex');
          await admin.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify({ kind: 'tenant', id })]);
          await until(() => tenantChanges(id) === 1, 1000, 'a change after the reconnect');
        } finally {
          await admin.end();
        }
      },
    );

    it.skipIf(kind === 'pglite')('keeps trying while the database refuses it, and never throws', async () => {
      // from another database: a database cannot refuse connections to itself
      const admin = new pg.Client({ connectionString: testDatabaseUrl });
      await admin.connect();
      try {
        // refuse new connections to this database for a while, and cut the listener's
        await admin.query(`alter database ${name} with allow_connections false`);
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'yuyue-changes'`,
          [name],
        );
        await until(() => !listener.listening(), 2000, 'the listener noticing the loss');
        // the loss, then refused attempts (retried after 20, 40, 80 ms...)
        const warned = warnings;
        await until(() => warnings >= warned + 3, 5000, 'refused attempts');
        expect(listener.listening()).toBe(false);
        await admin.query(`alter database ${name} with allow_connections true`);
        await until(() => listener.listening(), 5000, 'listening once the database accepts connections');
      } finally {
        await admin.query(`alter database ${name} with allow_connections true`).catch(() => undefined);
        await admin.end();
      }
    });
  });
}
