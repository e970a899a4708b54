/**
 * The database gone under a running app (PGlite closed; with TEST_DATABASE_URL, the pool ended):
 * every kind of request answers HTTP 503 with SERVICE_UNAVAILABLE's zh and en texts, not 系统异常
 * or a crash; `/healthz` stays 200 (the process is alive), `/readyz` says 503.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';

const UNAVAILABLE = {
  code: 'SERVICE_UNAVAILABLE',
  msg: '服务暂不可用，请稍后重试',
  msg_en: 'Service temporarily unavailable, please try again later',
};
const STATUS = '{ checkTenantStatus { errcode msg msg_en } }';

let t: TestApp;
let closed = false;
const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => uncaught.push(err);

beforeAll(async () => {
  t = await createTestApp();
  // a hook before the operation that meets the database gone (as a throttle reading its counters would)
  t.app.addHook('preHandler', async (request) => {
    if (request.headers['x-test-hook'] === 'down')
      throw Object.assign(new Error('terminating connection'), { code: '57P01' });
  });
  process.on('uncaughtException', onUncaught);
}, 60_000);
afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  await t?.app.close();
  if (!closed) await t?.database.close();
});

describe('the database gone under a running app', () => {
  it('answers 503 with the catalogue texts on GraphQL and REST, and stays alive', async () => {
    const seen = await t.tokenFor(demoAccounts.user.account); // its check is cached by the first request below
    const unseen = await t.tokenFor(demoAccounts.admin.account); // never used before the database goes: checked against it
    const settings = () => t.app.inject({ method: 'GET', url: '/api/sys/settings?api_type=get_sys_settings' });

    expect((await t.gql('apps_yy_sys', STATUS, { token: seen })).body.data!.checkTenantStatus.errcode).toBe('0');
    expect((await settings()).statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);

    await t.database.close();
    closed = true;

    // an operation whose result type has errcode: still a request-level 503, not errcode 500 系统异常
    for (const token of [seen, unseen]) {
      const res = await t.gql('apps_yy_sys', STATUS, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body.errors![0]!.extensions).toEqual(UNAVAILABLE);
      expect(res.body.errors![0]!.message).toBe(UNAVAILABLE.msg);
      expect(JSON.stringify(res.body)).not.toMatch(/系统异常|PGlite|pool|Connection/);
    }
    const anonymous = await t.gql('public', '{ findSysSettings { id } }');
    expect(anonymous.status, JSON.stringify(anonymous.body)).toBe(503);
    expect(anonymous.body.errors![0]!.extensions).toEqual(UNAVAILABLE);

    const rest = await settings();
    expect(rest.statusCode, rest.body).toBe(503);
    expect(rest.headers['retry-after']).toBe('1');
    expect(rest.json()).toEqual({ errcode: '503', msg: UNAVAILABLE.msg, msg_en: UNAVAILABLE.msg_en });

    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    const notReady = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({
      status: 'unavailable',
      errcode: '503',
      msg: UNAVAILABLE.msg,
      msg_en: UNAVAILABLE.msg_en,
    });
    expect(uncaught).toEqual([]);
  });

  it('answers a hook that meets the database gone before the operation the same way', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/bus/graphql/public',
      headers: { 'x-test-hook': 'down' },
      payload: { query: '{ _endpoint }' },
    });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().errors[0].extensions).toEqual(UNAVAILABLE);
    const rest = await t.app.inject({
      method: 'GET',
      url: '/api/sys/settings?api_type=get_sys_settings',
      headers: { 'x-test-hook': 'down' },
    });
    expect(rest.statusCode, rest.body).toBe(503);
    expect(rest.json()).toEqual({ errcode: '503', msg: UNAVAILABLE.msg, msg_en: UNAVAILABLE.msg_en });
  });
});
