import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';

let t: TestApp;
let prod: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({
    graphqlLimits: {
      maxDepth: 5,
      maxAliases: 3,
      maxCost: 200,
      maxBatch: 2,
      maxAnswerBytes: 1024 * 1024,
      callerConcurrency: 2,
    },
  });
  prod = await createTestApp({ env: 'production' });
  token = await t.tokenFor(demoAccounts.user.account);
});
afterAll(async () => {
  await t.close();
  await prod.close();
});

describe('GraphQL endpoints', () => {
  it('serves the three endpoints of the contract', async () => {
    for (const name of ['apps_yy_sys', 'iam', 'public'] as const) {
      const res = await t.gql(name, '{ _endpoint }');
      expect(res.body.data?._endpoint).toBe(name);
    }
  });

  it('refuses more aliases than the limit', async () => {
    const res = await t.gql('apps_yy_sys', '{ a: _endpoint b: _endpoint c: _endpoint d: _endpoint }', { token });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.message).toMatch(/more than 3 aliases/);
  });

  it('refuses a query deeper than the limit', async () => {
    const res = await t.gql(
      'apps_yy_sys',
      '{ __schema { queryType { fields { type { ofType { ofType { name } } } } } } }',
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.errors)).toMatch(/depth/i);
  });

  it('refuses a query whose cost exceeds the limit', async () => {
    // 5 types x 5 fields x 5 args, each with two fields: about 350 against a limit of 200.
    const res = await t.gql(
      'apps_yy_sys',
      '{ __schema { types { name description fields { name description args { name description } } } } }',
    );
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', msg_en: /cost > 200/ });
  });

  it('refuses a batch larger than the limit and serves a small one', async () => {
    const one = { query: '{ _endpoint }' };
    const big = await t.app.inject({ method: 'POST', url: '/bus/graphql/public', payload: [one, one, one] });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors[0].extensions.msg_en).toMatch(/too complex/);
    const small = await t.app.inject({ method: 'POST', url: '/bus/graphql/public', payload: [one, one] });
    expect(small.statusCode).toBe(200);
    expect(small.json()).toHaveLength(2);
  });

  it('turns introspection off in production', async () => {
    const res = await prod.gql('public', '{ __schema { queryType { name } } }');
    expect(res.body.data).toBeNull();
    expect(res.body.errors?.[0]?.message).toMatch(/introspection has been disabled/i);
    const dev = await t.gql('public', '{ __schema { queryType { name } } }');
    expect(dev.body.data?.__schema.queryType.name).toBe('Query');
  });

  it('answers a malformed document with a GraphQL error, not a crash', async () => {
    const res = await t.gql('apps_yy_sys', '{ checkTenantStatus { ', { token });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.message).toMatch(/Syntax Error/);
    const unknownField = await t.gql('apps_yy_sys', '{ checkTenantStatus { errcode nope } }', { token });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.errors?.[0]?.message).toMatch(/Cannot query field "nope"/);
  });

  it('refuses a malformed Authorization header as an invalid token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/bus/graphql/apps_yy_sys',
      headers: { authorization: `Bearer ${'a'.repeat(300)}` },
      payload: { query: '{ checkTenantStatus { errcode } }' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].message).toBe('ACCESS_TOKEN_INVALID');
  });
});
