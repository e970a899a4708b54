import {
  CONNECTION_FAILED_MESSAGE,
  CONNECTION_FAILED_MESSAGE_EN,
  HTTP_TIMEOUT_MS,
  NO_RESPONSE_TIMEOUT_MESSAGE,
  NO_RESPONSE_TIMEOUT_MESSAGE_EN,
  httpStatusMessage,
  httpStatusMessageEn,
} from '@yuyue/shared';

export type Endpoint = 'apps_yy_sys' | 'iam' | 'public';

/** A failed call, with a message fit to show (spec 8) and the server's zh/en texts when it sent them. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly kind: 'http' | 'timeout' | 'network' | 'graphql',
    readonly status?: number,
    readonly code?: string,
    readonly messageEn?: string,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

interface GraphqlHooks {
  /** The access token to send, if signed in. */
  token: () => Promise<string | null>;
  /** Called on HTTP 401 (token no longer valid). */
  unauthorized: () => void;
  /** Sees every GraphQL error message (the tenant-failure flag watches them). */
  onError: (message: string) => void;
}

let hooks: GraphqlHooks = { token: async () => null, unauthorized: () => {}, onError: () => {} };

/** Where GraphQL calls take their access token from, and what happens on failures. */
export function configureGraphql(value: GraphqlHooks): void {
  hooks = value;
}

interface GraphqlResponse<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string; msg?: string; msg_en?: string } }[];
}

/**
 * Posts a GraphQL operation to `/bus/graphql/<endpoint>` with the access token, a 10 s timeout
 * and the spec's messages for every kind of failure.
 */
export async function gql<T>(endpoint: Endpoint, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const token = await hooks.token();
  const operationName = /(?:query|mutation)\s+(\w+)/.exec(query)?.[1];
  let res: Response;
  try {
    res = await fetch(`/bus/graphql/${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ operationName, query, variables }),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch (err) {
    const timeout = err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new RequestError(
      timeout ? NO_RESPONSE_TIMEOUT_MESSAGE : CONNECTION_FAILED_MESSAGE,
      timeout ? 'timeout' : 'network',
      undefined,
      undefined,
      timeout ? NO_RESPONSE_TIMEOUT_MESSAGE_EN : CONNECTION_FAILED_MESSAGE_EN,
    );
  }
  if (res.status === 401) hooks.unauthorized();
  const body = (await res.json().catch(() => null)) as GraphqlResponse<T> | null;
  const first = body?.errors?.[0];
  if (first) {
    hooks.onError(first.message);
    throw new RequestError(
      first.extensions?.msg ?? first.message,
      'graphql',
      res.status,
      first.extensions?.code ?? first.message,
      first.extensions?.msg_en ?? first.message,
    );
  }
  if (!res.ok || !body?.data) {
    throw new RequestError(
      httpStatusMessage(res.status),
      'http',
      res.status,
      undefined,
      httpStatusMessageEn(res.status),
    );
  }
  return body.data;
}
