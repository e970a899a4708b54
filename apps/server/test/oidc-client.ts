/**
 * A minimal browser for sign-in tests: follows redirects on the app with a cookie jar,
 * like an existing client's WebView would.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export class Browser {
  private readonly cookies = new Map<string, string>();

  /** `remoteAddress`: the client address the app sees (`request.ip`). */
  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress?: string,
  ) {}

  private remember(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now()) || c.maxAge === 0)
        this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.remoteAddress,
      headers: {
        cookie: this.cookieHeader(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    this.remember(res);
    return res;
  }

  /** Follows same-app redirects until a response that is not a redirect, or one that leaves /sso. */
  async follow(res: LightMyRequestResponse, max = 10): Promise<LightMyRequestResponse> {
    let current = res;
    for (let i = 0; i < max; i++) {
      const location = current.headers.location;
      if (current.statusCode < 300 || current.statusCode >= 400 || typeof location !== 'string') return current;
      const url = new URL(location, 'http://localhost');
      if (!url.pathname.startsWith('/sso')) return current;
      current = await this.request('GET', url.pathname + url.search);
    }
    throw new Error('too many redirects');
  }
}

/** The implicit request an existing client sends (api-contract 2). */
export function implicitAuthorizeUrl(clientId: string, retUrl = 'http://localhost:3000/yy-sys/pc/home') {
  const redirect = `http://localhost:3000/yy-sys/oidc-callback?retUrl=${encodeURIComponent(retUrl)}`;
  const q = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirect,
    response_type: 'id_token token',
    scope: 'data openid process task app submit process_edit start profile',
    state: 'st-1',
    nonce: 'n-1',
  });
  return `/sso/oauth2/authorize?${q}`;
}
