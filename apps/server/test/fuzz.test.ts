// Hostile input at every edge: generated GraphQL variables and literals (NUL characters, lone
// surrogates, absurd lengths and numbers, wrong types), batches, REST query strings and bodies,
// the sign-in provider's query and form bodies, and malformed multipart uploads. Every answer
// must be a clear refusal or a success: never HTTP 500, never 系统异常, and nothing logged at
// error level (each of these requests is the client's fault, not the server's).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';

let t: TestApp;
let user: string;
let admin: string;
const errorLogs: unknown[][] = [];

beforeAll(async () => {
  t = await createTestApp();
  user = await t.tokenFor(demoAccounts.user.account);
  admin = await t.tokenFor(demoAccounts.admin.account);
  // Count error-level log calls, whatever the configured level (tests run silent): request
  // loggers are made per request, so each is wrapped as it is made.
  const wrap = (log: Record<string, unknown>) => {
    for (const level of ['error', 'fatal']) {
      const original = log[level] as (...args: unknown[]) => void;
      log[level] = (...args: unknown[]) => {
        errorLogs.push(args);
        original.apply(log, args);
      };
    }
  };
  wrap(t.app.log as unknown as Record<string, unknown>);
  t.app.addHook('onRequest', async (request) => wrap(request.log as unknown as Record<string, unknown>));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const NUL = '\u0000';

/** Strings an attacker (or a broken client) sends. */
const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.string().map((s) => `${s}${NUL}${s}`) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom(NUL, `${NUL}${NUL}`, 'a\u0000b', '%00', '\\u0000', '\ud800', 'x\udfffy') },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 200_000 }).map((n) => 'あ'.repeat(n)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "' OR 1=1 --",
      '"; DROP TABLE users; --',
      '1e20',
      '-1',
      '9999999999999999999999',
      '2026-13-45',
      '2026-02-30',
      '25:99',
      'null',
      '',
      ' ',
      '{"$ne":null}',
      '../../etc/passwd',
      '<script>alert(1)</script>',
      '00000000-0000-0000-0000-000000000000',
      'asc; select pg_sleep(10)',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(1e20, -1e20, 2 ** 53, -(2 ** 31), 2 ** 31, 0, -1, 1.5, 8.64e15 + 1, Number.MAX_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, hostile strings and numbers included: for variables whose type is ignored. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
);

const stringOrHostile = fc.oneof({ weight: 6, arbitrary: hostileString }, { weight: 1, arbitrary: hostileValue });
const filter = (columns: string[]) =>
  fc.dictionary(
    fc.constantFrom(...columns),
    fc.record(
      { eq: hostileString, in: fc.array(hostileString, { maxLength: 3 }), like: hostileString },
      {
        requiredKeys: [],
      },
    ),
    { maxKeys: 3 },
  );

interface GqlCase {
  endpoint: 'apps_yy_sys' | 'iam' | 'public';
  token: 'user' | 'admin' | 'none';
  query: string;
  variables: fc.Arbitrary<Record<string, unknown>>;
}

/** Real operations of the contract, with their variables drawn from the hostile values. */
const operations: GqlCase[] = [
  {
    endpoint: 'apps_yy_sys',
    token: 'user',
    query: `query($first: Int, $offset: Int, $typeId: String, $resourceName: String, $bookDate: String, $bookStartTime: String,
      $bookEndTime: String, $order_by: String, $filter: ResourcesFilterMap, $item_name: [String]) {
      findResourcesAllByAccount(first: $first, offset: $offset, typeId: $typeId, resourceName: $resourceName, bookDate: $bookDate,
        bookStartTime: $bookStartTime, bookEndTime: $bookEndTime, order_by: $order_by, filter: $filter, item_name: $item_name) {
        id resources_name } }`,
    variables: fc.record(
      {
        first: fc.oneof(fc.integer({ min: -10, max: 100_000 }), fc.constant(null)),
        offset: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
        typeId: stringOrHostile,
        resourceName: stringOrHostile,
        bookDate: stringOrHostile,
        bookStartTime: stringOrHostile,
        bookEndTime: stringOrHostile,
        order_by: stringOrHostile,
        filter: filter(['campus_code', 'building_code', 'floor_code', 'need_approve', 'id']),
        item_name: fc.array(hostileString, { maxLength: 3 }),
      },
      { requiredKeys: [] },
    ),
  },
  {
    endpoint: 'apps_yy_sys',
    token: 'user',
    query: `query($id: String!, $date: Date!) { findResourcesTimeSlotByResourcesIdAndDate(resourcesId: $id, date: $date) { id kssj } }`,
    variables: fc.record({ id: hostileString, date: fc.oneof(hostileNumber, hostileString) }),
  },
  {
    endpoint: 'apps_yy_sys',
    token: 'user',
    query: `mutation($model: InputAppointmentInformation!, $ids: [String], $captchaId: String, $captchaCode: String) {
      saveAppointmentInformationAll(captchaId: $captchaId, captchaCode: $captchaCode, model: $model, timeSlotIdList: $ids,
        borrowDateList: [], borrowStartTime: "", borrowEndTime: "") { code messages } }`,
    variables: fc.record({
      model: fc.record(
        {
          resources_id: hostileString,
          appointment_date: fc.oneof(hostileNumber, hostileString),
          theme: hostileString,
          remark: hostileString,
          phone: hostileString,
          email: hostileString,
          start_time: hostileString,
          end_time: hostileString,
        },
        { requiredKeys: [] },
      ),
      ids: fc.array(hostileString, { maxLength: 3 }),
      captchaId: hostileString,
      captchaCode: hostileString,
    }),
  },
  {
    endpoint: 'apps_yy_sys',
    token: 'user',
    query: `mutation($id: ID!, $state: String!, $reason: String) {
      updateAppointmentInformationState(id: $id, state: $state, reason: $reason, dataSource: "1") { errcode msg } }`,
    variables: fc.record({ id: hostileString, state: hostileString, reason: hostileString }),
  },
  {
    endpoint: 'apps_yy_sys',
    token: 'user',
    query: `query($first: Int, $offset: Int, $filter: NoticeFilterMap) {
      findNoticeAll(first: $first, offset: $offset, filter: $filter) { totalCount edges { node { id } } } }`,
    variables: fc.record(
      {
        first: fc.integer({ min: -5, max: 1_000_000 }),
        offset: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
        filter: filter(['note_category', 'state', 'popup_mode', 'created_user']),
      },
      { requiredKeys: [] },
    ),
  },
  {
    endpoint: 'apps_yy_sys',
    token: 'user',
    query: `query($code_id: String, $code: String, $item_parent: String) {
      findCodeItemsAll(code_id: $code_id, code: $code, item_parent: $item_parent) { id item_name } }`,
    variables: fc.record(
      { code_id: hostileString, code: hostileString, item_parent: hostileString },
      { requiredKeys: [] },
    ),
  },
  {
    endpoint: 'apps_yy_sys',
    token: 'user',
    query: `query($filter: AppointmentInformationFilterMap, $d: [String], $first: Int, $after: String) {
      findAppointmentInformationAllForAccount(first: $first, after: $after, filter: $filter, appointmentDate: $d) { totalCount } }`,
    variables: fc.record(
      {
        filter: filter(['resources_id', 'appointment_date', 'audit_status', 'state']),
        d: fc.array(hostileString, { maxLength: 3 }),
        first: fc.integer({ min: -5, max: 100_000 }),
        after: hostileString,
      },
      { requiredKeys: [] },
    ),
  },
  {
    endpoint: 'apps_yy_sys',
    token: 'user',
    query: `query($resourceId: String, $bookDate: String, $s: String, $e: String, $ids: [String]) {
      checkResourceTimeSlotCapacity(resourceId: $resourceId, bookDate: $bookDate, bookStartTime: $s, bookEndTime: $e,
        timeSlotIdList: $ids, appointmentId: "", borrowDateList: [], borrowStartTime: "", borrowEndTime: "", checkSource: "") {
        code messages } }`,
    variables: fc.record({
      resourceId: hostileString,
      bookDate: hostileString,
      s: hostileString,
      e: hostileString,
      ids: fc.array(hostileString, { maxLength: 3 }),
    }),
  },
  {
    endpoint: 'apps_yy_sys',
    token: 'user',
    query: `query($id: ID!) { findResources(id: $id) { id resources_name } }`,
    variables: fc.record({ id: hostileString }),
  },
  {
    endpoint: 'apps_yy_sys',
    token: 'user',
    query: `mutation($model: InputOperateLog) { saveOperateLog(model: $model) { errcode msg } }`,
    variables: fc.record({
      model: fc.record(
        {
          operate_content: hostileString,
          operate_module: hostileString,
          operate_time: hostileString,
          id: hostileString,
        },
        { requiredKeys: [] },
      ),
    }),
  },
  {
    endpoint: 'apps_yy_sys',
    token: 'admin',
    query: `mutation($model: InputResources!) { saveResources(model: $model) { errcode msg } }`,
    variables: fc.record({
      model: fc.record(
        {
          resources_name: hostileString,
          resources_type_id: hostileString,
          available_number: fc.integer(),
          describe: hostileString,
          days_rule_refresh_time: hostileString,
        },
        { requiredKeys: [] },
      ),
    }),
  },
  {
    endpoint: 'iam',
    token: 'admin',
    query: `query($first: Int, $offset: Int, $filter: UserFilter) { users(first: $first, offset: $offset, filter: $filter) { totalCount } }`,
    variables: fc.record(
      {
        first: fc.integer({ min: -5, max: 1_000_000 }),
        offset: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
        filter: filter(['account', 'name', 'dept', 'post', 'role']),
      },
      { requiredKeys: [] },
    ),
  },
];

type Sent = { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: string | Buffer };

const tokenOf = (who: GqlCase['token']) => (who === 'user' ? user : who === 'admin' ? admin : '');
const bearer = (token: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/** A GraphQL request: an operation with hostile variables, or the same values as inline literals. */
const graphqlRequest: fc.Arbitrary<Sent> = fc
  .tuple(fc.constantFrom(...operations), fc.boolean())
  .chain(([op, inline]) =>
    op.variables.map((variables): Sent => {
      let query = op.query;
      if (inline) {
        // Inline literals: each variable's value written into the document (JSON strings are GraphQL strings).
        for (const [name, value] of Object.entries(variables)) {
          if (typeof value === 'string') query = query.replaceAll(`$${name})`, `${JSON.stringify(value)})`);
        }
      }
      return {
        method: 'POST',
        url: `/bus/graphql/${op.endpoint}`,
        headers: { 'content-type': 'application/json', ...bearer(tokenOf(op.token)) },
        payload: JSON.stringify({ query, variables }),
      };
    }),
  );

/** A batch of hostile documents, some of them broken JSON or not GraphQL at all. */
const batchRequest: fc.Arbitrary<Sent> = fc
  .array(
    fc.oneof(
      fc.constantFrom(...operations).chain((op) => op.variables.map((variables) => ({ query: op.query, variables }))),
      hostileString.map((query) => ({ query })),
      hostileValue,
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((batch) => ({
    method: 'POST',
    url: '/bus/graphql/apps_yy_sys',
    headers: { 'content-type': 'application/json', ...bearer(user) },
    payload: JSON.stringify(batch),
  }));

/** A body that is not what it says it is. */
const rawBody = fc.oneof(
  hostileString,
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
  fc.constantFrom('{', '[', '{"query": 1}', '{"query": "{ _endpoint }", "variables": "x"}', 'null', '"\\u0000"'),
);

const rawGraphqlRequest: fc.Arbitrary<Sent> = fc
  .tuple(rawBody, fc.constantFrom('application/json', 'application/graphql', 'text/plain', 'multipart/form-data'))
  .map(([payload, type]) => ({
    method: 'POST',
    url: '/bus/graphql/apps_yy_sys',
    headers: { 'content-type': type, ...bearer(user) },
    payload: typeof payload === 'string' ? payload : payload,
  }));

/** Percent-encodes a value; a lone surrogate (which encodeURIComponent refuses) is sent as invalid UTF-8 bytes. */
const q = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${[...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')}%ed%a0%80`;
  }
};

/** REST routes: query strings and JSON bodies. */
const restRequest: fc.Arbitrary<Sent> = fc.oneof(
  fc.tuple(hostileString, hostileString).map(([a, b]) => ({
    method: 'GET' as const,
    url: `/api/code/export?codeId=${q(a)}&x=${q(b)}`,
    headers: bearer(admin),
  })),
  fc.tuple(hostileString).map(([a]) => ({ method: 'GET' as const, url: `/yy-sys/captcha/genCaptcha?token=${q(a)}` })),
  fc.tuple(hostileValue).map(([body]) => ({
    method: 'POST' as const,
    url: `/yy-sys/captcha/checkCaptcha?token=${user}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ id: body, data: { trackList: [body], startTime: body, stopTime: body } }),
  })),
  fc.tuple(hostileValue).map(([body]) => ({
    method: 'POST' as const,
    url: '/api/sys/settings',
    headers: { 'content-type': 'application/json', ...bearer(admin) },
    payload: JSON.stringify({ manage_setting: body, mobile_setting: body }),
  })),
  fc.tuple(hostileString).map(([a]) => ({ method: 'GET' as const, url: `/api/file/${q(a)}`, headers: bearer(user) })),
  fc.tuple(hostileString).map(([a]) => ({ method: 'GET' as const, url: `/api/sys/settings?x=${q(a)}` })),
);

/** The sign-in provider: authorize with hostile parameters, token and login forms with hostile bodies. */
const signInRequest: fc.Arbitrary<Sent> = fc.oneof(
  fc.tuple(hostileString, hostileString, hostileString).map(([clientId, redirect, state]) => ({
    method: 'GET' as const,
    url: `/sso/oauth2/authorize?client_id=${q(clientId)}&redirect_uri=${q(redirect)}&response_type=id_token%20token&scope=openid&state=${q(state)}`,
  })),
  fc.tuple(hostileString, hostileString).map(([clientId, code]) => ({
    method: 'POST' as const,
    url: '/sso/oauth2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `grant_type=authorization_code&client_id=${q(clientId)}&code=${q(code)}&code_verifier=${q(code)}`,
  })),
  fc.tuple(hostileString).map(([uid]) => ({ method: 'GET' as const, url: `/sso/interaction/${q(uid)}` })),
  fc.tuple(hostileString, hostileString).map(([account, password]) => ({
    method: 'POST' as const,
    url: `/sso/interaction/${q(account.slice(0, 30))}/login`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `account=${q(account)}&password=${q(password)}`,
  })),
  fc
    .tuple(hostileString)
    .map(([hint]) => ({ method: 'GET' as const, url: `/sso/oauth2/logout?id_token_hint=${q(hint)}` })),
);

/** Uploads whose multipart body is broken: no boundary, a wrong one, cut short, NUL in names. */
const uploadRequest: fc.Arbitrary<Sent> = fc
  .tuple(
    fc.constantFrom(
      'multipart/form-data',
      'multipart/form-data; boundary=x',
      'multipart/form-data; boundary=',
      'text/plain',
    ),
    fc.oneof(
      rawBody.map((b) => (typeof b === 'string' ? Buffer.from(b) : b)),
      hostileString.map((name) =>
        Buffer.from(
          `--x\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n\u0089PNG`,
        ),
      ),
      fc.constant(Buffer.from('--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--y--\r\n')),
    ),
  )
  .map(([type, payload]) => ({
    method: 'POST',
    url: `/api/file/upload?access_token=${user}`,
    headers: { 'content-type': type },
    payload,
  }));

/** GraphQL over GET: the document and its variables in the query string. */
const getGraphqlRequest: fc.Arbitrary<Sent> = fc
  .tuple(
    fc.oneof(
      fc.constantFrom(...operations).map((op) => op.query),
      hostileString,
    ),
    fc.oneof(
      hostileValue.map((v) => JSON.stringify(v) ?? ''),
      hostileString,
    ),
    fc.option(fc.oneof(fc.constant(''), hostileString), { nil: undefined }),
  )
  .map(([query, variables, operationName]) => ({
    method: 'GET',
    url: `/bus/graphql/apps_yy_sys?query=${q(query)}&variables=${q(variables)}${
      operationName === undefined ? '' : `&operationName=${q(operationName)}`
    }`,
    headers: bearer(user),
  }));

const hostileRequest = fc.oneof(
  { weight: 10, arbitrary: graphqlRequest },
  { weight: 2, arbitrary: batchRequest },
  { weight: 2, arbitrary: rawGraphqlRequest },
  { weight: 1, arbitrary: getGraphqlRequest },
  { weight: 3, arbitrary: restRequest },
  { weight: 3, arbitrary: signInRequest },
  { weight: 2, arbitrary: uploadRequest },
);

const RUNS = 5000;

describe('hostile input', () => {
  it(`answers ${RUNS} generated hostile requests with no 500, no 系统异常 and no error log`, async () => {
    const failures: string[] = [];
    let sent = 0;
    await fc
      .assert(
        fc.asyncProperty(hostileRequest, async (request) => {
          sent++;
          const logsBefore = errorLogs.length;
          const res = await t.app.inject(request);
          const body = res.body;
          const bad =
            res.statusCode >= 500 ||
            body.includes('系统异常') ||
            body.includes('System error') ||
            errorLogs.length > logsBefore;
          if (bad && failures.length < 5) {
            failures.push(
              `${request.method} ${request.url.slice(0, 200)} ${String(request.payload ?? '').slice(0, 300)} -> ${res.statusCode} ${body.slice(0, 300)} ${JSON.stringify(errorLogs.slice(logsBefore)).slice(0, 500)}`,
            );
          }
          return !bad;
        }),
        { numRuns: RUNS, endOnFailure: false, interruptAfterTimeLimit: 500_000 },
      )
      .catch((err: Error) => {
        throw new Error(`${err.message.split('\n')[0]}\n${failures.join('\n')}`);
      });
    expect(sent).toBeGreaterThanOrEqual(RUNS);
  }, 600_000);

  it('refuses the cases of the issue with the contract errors', async () => {
    const nulVariable = await t.gql(
      'apps_yy_sys',
      'query($n: String) { findResourcesAllByAccount(resourceName: $n) { id } }',
      {
        token: user,
        variables: { n: 'a\u0000b' },
      },
    );
    expect(nulVariable.status).toBe(400);
    expect(nulVariable.body.errors?.[0]?.extensions).toMatchObject({
      code: 'INPUT_HAS_NUL',
      msg_en: /body\.variables\.n/,
    });
    const nulLiteral = await t.gql('apps_yy_sys', '{ findResourcesAllByAccount(resourceName: "a\\u0000b") { id } }', {
      token: user,
    });
    expect(nulLiteral.status).toBe(400);
    expect(nulLiteral.body.errors?.[0]?.extensions).toMatchObject({ code: 'INPUT_HAS_NUL', msg: /空字符/ });
    const date = await t.gql(
      'apps_yy_sys',
      'query($d: Date!) { findResourcesTimeSlotByResourcesIdAndDate(resourcesId: "x", date: $d) { id } }',
      { token: user, variables: { d: 1e20 } },
    );
    expect(date.status).toBe(400);
    expect(JSON.stringify(date.body)).toMatch(/epoch milliseconds between 1900 and 9999/);
    expect(JSON.stringify(date.body)).not.toMatch(/Invalid time value/);
    // a GET whose parameters are repeated, or whose variables are not a JSON object: refused as
    // input (graphql-js asserted on them: a 500 the generated requests once found)
    const doc = encodeURIComponent('query($n: String) { findResourcesAllByAccount(resourceName: $n) { id } }');
    for (const qs of [
      `query=${doc}&variables=%7B%7D&variables=%7B%7D`,
      `query=${doc}&variables=not-json`,
      `query=${doc}&variables=%5B1%5D`,
      `query=${doc}&variables=%22text%22`,
      `query=${doc}&query=${doc}`,
      `query=${doc}&operationName=a&operationName=b`,
      // an operation the document does not have (Mercurius answered a GET naming one with a fault)
      `query=${doc}&operationName=zz`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/bus/graphql/apps_yy_sys?${qs}`, headers: bearer(user) });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().errors?.[0]?.extensions?.code, qs).toBe('INVALID_INPUT');
    }
    // a NUL written as \u0000 in a GET's JSON variables is one once parsed: refused as such
    const nulVars = encodeURIComponent(JSON.stringify({ n: 'a\u0000b' }));
    const nul = await t.app.inject({
      method: 'GET',
      url: `/bus/graphql/apps_yy_sys?query=${doc}&variables=${nulVars}`,
      headers: bearer(user),
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors?.[0]?.extensions?.code).toBe('INPUT_HAS_NUL');
    // an empty operationName is none, GET or POST; several operations need one
    const empty = await t.app.inject({
      method: 'GET',
      url: `/bus/graphql/apps_yy_sys?query=${doc}&variables=%7B%7D&operationName=`,
      headers: bearer(user),
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().errors).toBeUndefined();
    const two = 'query a { checkTenantStatus { errcode } } query b { checkTenantStatus { errcode } }';
    for (const [body, status] of [
      [{ query: 'query a { checkTenantStatus { errcode } }', operationName: '' }, 200],
      [{ query: two }, 400],
      [{ query: two, operationName: 'c' }, 400],
      [{ query: two, operationName: 'b' }, 200],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/bus/graphql/apps_yy_sys',
        payload: body,
        headers: bearer(user),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (status === 400) expect(res.json().errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
      else expect(res.json().data.checkTenantStatus.errcode).toBe('0');
    }
    const authorize = await t.app.inject({ method: 'GET', url: '/sso/oauth2/authorize?client_id=%00' });
    expect(authorize.statusCode).toBe(400);
    expect(authorize.json()).toMatchObject({ msg_en: expect.stringMatching(/client_id.*NUL/) });
    const long = await t.app.inject({ method: 'GET', url: `/sso/oauth2/authorize?client_id=${'a'.repeat(9000)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ msg_en: expect.stringMatching(/too long/) });
    const token = await t.app.inject({
      method: 'POST',
      url: '/sso/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=authorization_code&client_id=%00&code=x',
    });
    expect(token.statusCode).toBe(400);
    const rest = await t.app.inject({ method: 'GET', url: '/api/code/export?codeId=%00', headers: bearer(admin) });
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toMatchObject({ msg_en: expect.stringMatching(/query\.codeId/) });
    expect(errorLogs).toEqual([]);
  });

  it('still signs in and serves the provider after a guarded body was read', async () => {
    // A well-formed token request reaches the provider, which answers it (an unknown client here).
    const res = await t.app.inject({
      method: 'POST',
      url: '/sso/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=authorization_code&client_id=nobody&code=x&code_verifier=y',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toHaveProperty('error');
  });
});
