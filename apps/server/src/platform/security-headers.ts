import { createHash } from 'node:crypto';
import type { Config } from '../config.ts';

/** Header name -> value, for a response. */
export type Headers = Record<string, string>;

/** The SHA-256 source expressions of the inline scripts of a page (`<script>` without `src`). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]!) || !m[2]) continue;
    hashes.add(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The origin of a URL, or null when it has none we can name in a policy. */
function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The security headers of the web app's pages and files. `html`, when given, is the page whose
 * inline scripts (the runtime settings, the qiankun entry) the policy allows by hash; no other
 * inline script runs. Styles may be inline: antd and antd-mobile inject theirs at run time.
 * `frameOrigins`: the origins the app's pages may frame besides its own and the provider's (the
 * external pages of the settings). Framing is allowed to this origin and to the host portals in FRAME_ANCESTORS (the app runs as
 * a qiankun sub-application; qiankun itself fetches the page rather than framing it, so the
 * policy of this response does not bind the host).
 */
export function securityHeaders(config: Config, html?: string, frameOrigins: readonly string[] = []): Headers {
  const issuer = config.oidcIssuer ? originOf(config.oidcIssuer) : null;
  const external = issuer ? ` ${issuer}` : '';
  const ancestors = ["'self'", ...config.frameAncestors].join(' ');
  const script = ["'self'", ...(html ? inlineScriptHashes(html) : [])].join(' ');
  const csp = [
    "default-src 'self'",
    `script-src ${script}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${external}`,
    // the silent renew page runs in a frame of the provider's origin; the back office's external
    // pages (/manage/iframe/outside) in frames of exactly the origins the settings name
    `frame-src ${["'self'", ...(issuer ? [issuer] : []), ...frameOrigins].join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${external}`,
    `frame-ancestors ${ancestors}`,
  ].join('; ');
  return {
    'content-security-policy': csp,
    // Browsers that know CSP follow frame-ancestors; X-Frame-Options cannot name other origins,
    // so it is sent only where framing is limited to this origin.
    ...(config.frameAncestors.length ? {} : { 'x-frame-options': 'SAMEORIGIN' }),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}
