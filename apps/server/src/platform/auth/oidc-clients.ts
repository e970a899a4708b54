import os from 'node:os';
import type { Config } from '../../config.ts';

/**
 * The clients of the built-in provider and where each may return to after sign-in and
 * sign-out. A deployment that replaces the original keeps the client ids its existing clients
 * hard-code (api-contract 2), so OIDC_CLIENT_ID lists several; the first is our own web app's.
 */
export interface OidcClient {
  id: string;
  /** Origins this client's pages live at, beyond PUBLIC_URL and OIDC_REDIRECT_ORIGINS. */
  origins: string[];
}

/**
 * Parses OIDC_CLIENT_ID: comma-separated entries `id` or `id=origin|origin…` (the origins that
 * client's pages are served from). Throws a message naming the setting on a malformed entry.
 */
export function parseOidcClients(value: string): OidcClient[] {
  const clients: OidcClient[] = [];
  for (const entry of value.split(',').map((e) => e.trim())) {
    if (!entry) continue;
    const [id = '', list = ''] = entry.split('=', 2);
    if (!/^[\w.~-]{1,128}$/.test(id.trim())) {
      throw new Error(`OIDC_CLIENT_ID: "${id}" is not a client id (letters, digits, . _ ~ - only)`);
    }
    const origins = list
      .split('|')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => {
        const origin = originOf(o);
        if (!origin) throw new Error(`OIDC_CLIENT_ID: "${o}" (client ${id}) is not an http(s) origin`);
        return origin;
      });
    if (clients.some((c) => c.id === id.trim())) throw new Error(`OIDC_CLIENT_ID: client "${id}" is listed twice`);
    clients.push({ id: id.trim(), origins });
  }
  if (!clients.length) throw new Error('OIDC_CLIENT_ID must name at least one client id');
  return clients;
}

/** The origin of an http(s) URL, or null. */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin !== 'null' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Host names and addresses of this machine: loopback, its hostname, every interface's address. */
function localHosts(): Set<string> {
  const hosts = new Set(['localhost', '127.0.0.1', '[::1]', os.hostname().toLowerCase()]);
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) hosts.add(a.family === 'IPv6' ? `[${a.address.split('%')[0]}]` : a.address);
  }
  return hosts;
}

/**
 * The host names outside production at which a browser may reach this server: loopback, and
 * the addresses it listens on (every interface's with HOST 0.0.0.0 or ::, else HOST's own).
 */
function developmentHosts(config: Config): Set<string> {
  const all = localHosts();
  if (['0.0.0.0', '::', ''].includes(config.host)) return all;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host.toLowerCase();
  return new Set(['localhost', '127.0.0.1', '[::1]', host]);
}

/**
 * Whether a client's pages at `origin` may receive its sign-in result (redirects, the token
 * endpoint's CORS, the return after sign-out): PUBLIC_URL's origin, OIDC_REDIRECT_ORIGINS,
 * the client's own origins, and outside production any port on loopback or on the
 * addresses this server listens on (a local `npm start` opened at 127.0.0.1 or its LAN address).
 */
export function originAllowed(config: Config, clientId: string, origin: string): boolean {
  const wanted = originOf(origin);
  if (!wanted) return false;
  if (wanted === originOf(config.publicUrl) || config.oidcRedirectOrigins.includes(wanted)) return true;
  if (config.oidcClients.find((c) => c.id === clientId)?.origins.includes(wanted)) return true;
  return config.env !== 'production' && developmentHosts(config).has(new URL(wanted).hostname.toLowerCase());
}

/**
 * Whether `value` is a page a client may be sent back to: the web app's callback, silent-renew
 * or start page, with any query (existing clients carry the page to return to in `retUrl`),
 * at an allowed origin (`originAllowed`). Never with a fragment: the response is put there.
 */
export function returnUrlAllowed(config: Config, clientId: string, value: string, paths: string[]): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return !url.hash && paths.includes(url.pathname) && originAllowed(config, clientId, url.origin);
}

/**
 * The `nonce` put on an implicit request that came without one. OpenID requires a nonce where
 * an id_token comes back from the authorization endpoint, and oidc-provider enforces it; the
 * original answered clients that send none (api-contract 2), so such a request carries this
 * value through the provider, and the id_token is issued without a nonce claim.
 */
export const NO_NONCE = 'yuyue.no-nonce';

/**
 * The provider's path and query for a request, with `NO_NONCE` added to an authorization request
 * whose response type includes an id_token and that names no nonce.
 */
export function withImpliedNonce(pathAndQuery: string): string {
  const q = pathAndQuery.indexOf('?');
  if (q < 0 || !/^\/oauth2\/authorize\/?$/.test(pathAndQuery.slice(0, q))) return pathAndQuery;
  const params = new URLSearchParams(pathAndQuery.slice(q + 1));
  const responseType = params.get('response_type') ?? '';
  if (!responseType.split(' ').includes('id_token') || params.get('nonce')) return pathAndQuery;
  params.set('nonce', NO_NONCE);
  return `${pathAndQuery.slice(0, q)}?${params}`;
}
