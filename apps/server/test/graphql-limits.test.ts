// The GraphQL limits hold for a request as a whole: a batch's cost is the sum of its documents
// (variables counted), `first` is clamped to the operation's page limit, an answer larger than
// the budget is refused, and a request's operations share its slots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { insertUser } from '../src/modules/directory/directory.repository.ts';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';

let t: TestApp;
let user: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({
    graphqlLimits: {
      maxDepth: 12,
      maxAliases: 30,
      maxCost: 2000,
      maxBatch: 10,
      maxAnswerBytes: 6000,
      callerConcurrency: 2,
    },
  });
  user = await t.tokenFor(demoAccounts.user.account);
  admin = await t.tokenFor(demoAccounts.admin.account);
  await withTenant(t.database.db, t.demoTenantId, async (tx) => {
    for (let i = 0; i < 120; i++) await insertUser(tx, t.demoTenantId, { account: `limits${i}`, name: `限${i}` });
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const post = (url: string, token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });

const NOTICES = 'query($n: Int) { findNoticeAll(first: $n) { edges { node { id } } } }';
const LOG = (type: string) => ({
  query: 'mutation($m: InputOperateLog) { saveOperateLog(model: $m) { errcode } }',
  variables: { m: { operate_module: 'limits', operate_type: type, operate_content: 'batch' } },
});

async function logged(type: string): Promise<number> {
  const res = await t.gql(
    'apps_yy_sys',
    `query($f: OperateLogFilterMap) { findOperateLogAll(first: 10, filter: $f) { totalCount } }`,
    { token: admin, variables: { f: { operate_type: { eq: type } } } },
  );
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.findOperateLogAll.totalCount as number;
}

describe('cost of a request', () => {
  it('counts first from variables: 999 notices cost what they are, 5 pass', async () => {
    const many = await t.gql('apps_yy_sys', NOTICES, { token: user, variables: { n: 999 } });
    expect(many.status).toBe(400);
    expect(many.body.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', msg: /查询过于复杂/ });
    const few = await t.gql('apps_yy_sys', NOTICES, { token: user, variables: { n: 5 } });
    expect(few.status).toBe(200);
    expect(few.body.errors).toBeUndefined();
  });

  it('counts each operation of a document on its own, every time it is asked for', async () => {
    const doc =
      'query few { findNoticeAll(first: 5) { edges { node { id } } } } query many { findNoticeAll(first: 999) { edges { node { id } } } }';
    for (let i = 0; i < 2; i++) {
      const many = await t.gql('apps_yy_sys', doc, { token: user, operationName: 'many' });
      expect(many.status).toBe(400);
      expect(many.body.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX' });
      const few = await t.gql('apps_yy_sys', doc, { token: user, operationName: 'few' });
      expect(few.status).toBe(200);
      expect(few.body.errors).toBeUndefined();
    }
  });

  it('sums a batch: each document passes alone, together they are refused and none runs', async () => {
    const heavy = { query: NOTICES, variables: { n: 400 } }; // about 1,200
    expect((await post('/bus/graphql/apps_yy_sys', user, heavy)).statusCode).toBe(200);
    const batch = await post('/bus/graphql/apps_yy_sys', user, [LOG('batched-refused'), heavy, heavy]);
    expect(batch.statusCode).toBe(400);
    expect(batch.json().errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(await logged('batched-refused')).toBe(0);
    const fits = await post('/bus/graphql/apps_yy_sys', user, [LOG('batched-served'), heavy]);
    expect(fits.statusCode).toBe(200);
    expect(fits.json()).toHaveLength(2);
    expect(await logged('batched-served')).toBe(1);
  });
});

describe('page limits', () => {
  it('clamps first to the default cap of 100 and says there is more', async () => {
    const res = await t.gql(
      'iam',
      '{ users(first: 5000) { totalCount pageInfo { hasNextPage } edges { node { id } } } }',
      { token: admin },
    );
    // Clamped before the cost is counted too, so the request fits the limit of 2000.
    expect(res.status).toBe(200);
    const page = res.body.data!.users;
    expect(page.totalCount).toBeGreaterThan(120);
    expect(page.edges).toHaveLength(100);
    expect(page.pageInfo.hasNextPage).toBe(true);
  });
});

describe('answer budget', () => {
  const USERS = '{ users(first: 100) { edges { node { id account name } } } }';

  it('refuses an answer over the budget with the contract error, and serves one under it', async () => {
    const big = await t.gql('iam', USERS, { token: admin });
    expect(big.status).toBe(400);
    expect(big.body.errors?.[0]?.extensions).toMatchObject({ code: 'ANSWER_TOO_LARGE', msg_en: /too large/ });
    expect(big.body.data).toBeNull();
    const small = await t.gql('iam', '{ users(first: 3) { edges { node { id account } } } }', { token: admin });
    expect(small.status).toBe(200);
    expect(small.body.data!.users.edges).toHaveLength(3);
  });

  it('counts a batch as one answer and refuses each of its documents', async () => {
    const doc = { query: '{ users(first: 30) { edges { node { id account name } } } }' };
    const one = await post('/bus/graphql/iam', admin, [doc]);
    expect(one.statusCode).toBe(200);
    const three = await post('/bus/graphql/iam', admin, [doc, doc, doc]);
    expect(three.statusCode).toBe(400);
    expect(three.json()).toHaveLength(3);
    for (const answer of three.json()) expect(answer.errors[0].extensions.code).toBe('ANSWER_TOO_LARGE');
  });
});

describe('operations of one request', () => {
  it('answers every alias of every document of a batch through the request slots', async () => {
    const aliases = `{ ${Array.from({ length: 8 }, (_, i) => `s${i}: checkTenantStatus { errcode }`).join(' ')} }`;
    const res = await post(
      '/bus/graphql/apps_yy_sys',
      user,
      Array.from({ length: 4 }, () => ({ query: aliases })),
    );
    expect(res.statusCode).toBe(200);
    const answers = res.json() as { data: Record<string, { errcode: string }> }[];
    expect(answers).toHaveLength(4);
    for (const a of answers) expect(Object.values(a.data).map((r) => r.errcode)).toEqual(Array(8).fill('0'));
  });
});
