/**
 * A burst of requests with access tokens this process has not verified yet (the opening second
 * of a booking, a page opened by many at once) reads the tokens together, and the users they
 * name: one statement each for the requests of one turn of the event loop
 * (platform/auth/oidc-adapter.ts, modules/directory/directory.identity.ts, platform/coalesce.ts),
 * not one each; each request is still answered for its own token, and a revoked or unknown one
 * among them is refused alone.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** The statements reading the provider's records, and the users tokens name, while `fn` runs. */
async function tokenReads<T>(fn: () => Promise<T>): Promise<{ value: T; reads: number; userReads: number }> {
  let reads = 0;
  let userReads = 0;
  const counting = (original: (...a: unknown[]) => unknown) =>
    function (this: unknown, ...args: unknown[]) {
      const first = args[0];
      const text = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '');
      if (/^\s*select\b[\s\S]*\boidc_payloads\b/i.test(text)) reads++;
      if (/^\s*with u as \(\s*select "users"/i.test(text)) userReads++;
      return original.apply(this, args);
    };
  const target: { query: (...a: unknown[]) => unknown } =
    t.database.kind === 'postgres'
      ? (pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown })
      : (t.database.db as unknown as { session: { client: { query: (...a: unknown[]) => unknown } } }).session.client;
  const original = target.query;
  target.query = counting(original);
  try {
    return { value: await fn(), reads, userReads };
  } finally {
    target.query = original;
  }
}

describe('tokens of a burst', () => {
  it('are read in one statement, their users in one, each request answered as its own user', async () => {
    const users = await makeUsers(t, 30, 'burst-');
    const {
      value: answers,
      reads,
      userReads,
    } = await tokenReads(() =>
      Promise.all([
        ...users.map((u) => t.gql('iam', ME, { token: u.token })),
        t.gql('iam', ME, { token: 'not-a-token-anyone-was-given-0123456789abc' }),
      ]),
    );
    users.forEach((u, i) => expect(answers[i]!.body.data?.me).toMatchObject({ id: u.ctx.user.id, account: u.account }));
    expect(answers[users.length]!.status).toBe(401);
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(reads).toBeLessThanOrEqual(3);
    // the users the tokens name: as few
    expect(userReads).toBeGreaterThanOrEqual(1);
    expect(userReads).toBeLessThanOrEqual(3);
  });
});
