/**
 * A change notification makes an instance forget exactly what it names, and a lost connection
 * everything: two users and their tokens are kept; both are then changed behind the caches' back
 * (plain SQL, announced to nobody); a change naming one of them makes this instance see that
 * one's new state while the other is still served as kept. A verification or lookup that was in
 * flight when a forget arrived is not kept.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { applyChange } from '../src/platform/events.ts';
import { cachedVerifier, tokenHash } from '../src/platform/auth/token-cache.ts';
import type { TokenIdentity } from '../src/platform/auth/token-verifier.ts';
import { makeUsers } from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';

const ME = '{ me { id account } }';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const refused = (res: { status: number; body: { errors?: { message: string }[] } }) =>
  res.status === 401 && res.body.errors?.[0]?.message === 'ACCESS_TOKEN_INVALID';

let seq = 0;
/** Two signed-in users whose token, user row and tenant this process now keeps. */
async function twoKeptUsers() {
  const users = await makeUsers(t, 2, `cf${++seq}_${Date.now() % 100_000}_`);
  return Promise.all(
    users.map(async (u) => {
      const me = await t.gql('iam', ME, { token: u.token });
      expect(me.body.data?.me.account).toBe(u.account);
      return { account: u.account, token: u.token, id: me.body.data!.me.id as string };
    }),
  );
}

describe('forgetting what a change names', () => {
  it('a user change forgets that user only', async () => {
    const [x, y] = await twoKeptUsers();
    await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.execute(sql`update users set disabled = true where id in (${x!.id}, ${y!.id})`),
    );
    applyChange({ kind: 'user', tenantId: t.demoTenantId, userId: x!.id, account: x!.account });
    expect(refused(await t.gql('iam', ME, { token: x!.token }))).toBe(true);
    expect((await t.gql('iam', ME, { token: y!.token })).body.data?.me.account).toBe(y!.account);
    // and a lost connection forgets everyone
    applyChange({ kind: 'all' });
    expect(refused(await t.gql('iam', ME, { token: y!.token }))).toBe(true);
  });

  it('a token change forgets the tokens it names only', async () => {
    const [x, y] = await twoKeptUsers();
    await t.database.db.execute(
      sql`delete from oidc_payloads where model = 'AccessToken' and id in (${x!.token}, ${y!.token})`,
    );
    applyChange({ kind: 'token', hashes: [tokenHash(x!.token)] });
    expect(refused(await t.gql('iam', ME, { token: x!.token }))).toBe(true);
    expect((await t.gql('iam', ME, { token: y!.token })).body.data?.me.account).toBe(y!.account);
    applyChange({ kind: 'all' });
    expect(refused(await t.gql('iam', ME, { token: y!.token }))).toBe(true);
  });

  it('a verification in flight when a forget arrives is not kept', async () => {
    let calls = 0;
    let release: () => void = () => {};
    const identity: TokenIdentity = { tenantId: null, account: 'a', expiresAt: Date.now() / 1000 + 600 };
    const verifier = cachedVerifier({
      verify: async () => {
        calls++;
        await new Promise<void>((r) => (release = r));
        return identity;
      },
    });
    const token = `inflight${Date.now()}xxxxxxxxxxxxxxxx`;
    const first = verifier.verify(token);
    await new Promise((r) => setImmediate(r));
    applyChange({ kind: 'token', hashes: [tokenHash(token)] }); // revoked while the first check reads
    release();
    expect(await first).toEqual(identity);
    const second = verifier.verify(token);
    await new Promise((r) => setImmediate(r));
    release();
    await second;
    expect(calls).toBe(2); // asked again: what the first check read was not kept
    expect(await verifier.verify(token)).toEqual(identity);
    expect(calls).toBe(2); // and now it is kept
  });
});
