import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureGraphql, gql, RequestError } from './graphql.ts';

afterEach(() => vi.unstubAllGlobals());

function respond(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

describe('GraphQL client', () => {
  it('sends the bearer token and the operation name, and returns data', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: { ok: 1 } }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    configureGraphql({ token: async () => 't0k', unauthorized: () => {}, onError: () => {} });
    await expect(gql('apps_yy_sys', 'query checkTenantStatus { x }')).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/bus/graphql/apps_yy_sys');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer t0k');
    expect(JSON.parse(init.body as string).operationName).toBe('checkTenantStatus');
  });

  it('shows the server zh message of a GraphQL error and keeps the en one', async () => {
    const onError = vi.fn();
    configureGraphql({ token: async () => null, unauthorized: () => {}, onError });
    respond(200, {
      data: null,
      errors: [{ message: '拒绝访问', extensions: { code: 'FORBIDDEN', msg: '拒绝访问', msg_en: 'Access denied' } }],
    });
    const err = (await gql('iam', '{ x }').catch((e: unknown) => e)) as RequestError;
    expect(err).toBeInstanceOf(RequestError);
    expect(err.message).toBe('拒绝访问');
    expect(err.messageEn).toBe('Access denied');
    expect(onError).toHaveBeenCalledWith('拒绝访问');
  });

  it('maps HTTP failures to the spec messages and reports a 401', async () => {
    const unauthorized = vi.fn();
    configureGraphql({ token: async () => 'x', unauthorized, onError: () => {} });
    respond(502, {});
    await expect(gql('iam', '{ x }')).rejects.toThrow('网络错误');
    respond(502, {});
    // A screen in English shows the English text of the same failure.
    await expect(gql('iam', '{ x }')).rejects.toMatchObject({ messageEn: 'Network error' });
    respond(418, {});
    await expect(gql('iam', '{ x }')).rejects.toThrow('连接错误418');
    respond(401, { errors: [{ message: 'ACCESS_TOKEN_INVALID' }] });
    await expect(gql('iam', '{ x }')).rejects.toThrow('ACCESS_TOKEN_INVALID');
    expect(unauthorized).toHaveBeenCalledOnce();
  });

  it('says the connection failed when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(gql('iam', '{ x }')).rejects.toMatchObject({
      message: '连接服务器失败',
      messageEn: 'Could not connect to the server',
    });
  });
});
