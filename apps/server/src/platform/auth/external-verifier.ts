import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../../config.ts';
import type { TokenIdentity, TokenVerifier } from './token-verifier.ts';

interface Discovery {
  issuer: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

const USERINFO_CACHE_MS = 60_000;
const USERINFO_CACHE_MAX = 10_000;

function identityOf(claims: JWTPayload & Record<string, unknown>, expiresAt: number): TokenIdentity | null {
  const account = [claims.preferred_username, claims.account, claims.sub].find((v) => typeof v === 'string' && v);
  if (typeof account !== 'string') return null;
  return { tenantId: null, account, expiresAt };
}

/**
 * Verifies access tokens of an external OpenID provider (OIDC_ISSUER): JWTs by signature
 * against the provider's JWKS (issuer, expiry and, when OIDC_AUDIENCE is set, audience
 * checked); opaque tokens by asking the provider's userinfo endpoint, remembered a minute.
 * The discovery document is read on first use, so the server starts while the provider is down.
 */
export function createExternalVerifier(config: Config, fetchImpl: typeof fetch = fetch): TokenVerifier {
  let discovery: Promise<Discovery> | null = null;
  let jwks: ReturnType<typeof createRemoteJWKSet> | null = null;
  const cache = new Map<string, { identity: TokenIdentity | null; until: number }>();

  const discover = () => {
    discovery ??= (async () => {
      const res = await fetchImpl(`${config.oidcIssuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`OIDC discovery failed: HTTP ${res.status}`);
      const doc = (await res.json()) as Discovery;
      if (doc.issuer.replace(/\/+$/, '') !== config.oidcIssuer)
        throw new Error(`OIDC discovery names issuer ${doc.issuer}, expected ${config.oidcIssuer}`);
      jwks = createRemoteJWKSet(new URL(doc.jwks_uri));
      return doc;
    })().catch((err) => {
      discovery = null;
      throw err;
    });
    return discovery;
  };

  return {
    async verify(token) {
      const doc = await discover();
      if (token.split('.').length === 3) {
        try {
          const { payload } = await jwtVerify(token, jwks!, {
            issuer: doc.issuer,
            ...(config.oidcAudience ? { audience: config.oidcAudience } : {}),
          });
          return identityOf(
            payload as JWTPayload & Record<string, unknown>,
            payload.exp ?? Math.floor(Date.now() / 1000) + 60,
          );
        } catch {
          return null;
        }
      }
      if (!doc.userinfo_endpoint) return null;
      const key = createHash('sha256').update(token).digest('base64url');
      const hit = cache.get(key);
      if (hit && hit.until > Date.now()) return hit.identity;
      const res = await fetchImpl(doc.userinfo_endpoint, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(10_000),
      });
      const identity = res.ok
        ? identityOf(
            (await res.json()) as JWTPayload & Record<string, unknown>,
            Math.floor((Date.now() + USERINFO_CACHE_MS) / 1000),
          )
        : null;
      if (cache.size >= USERINFO_CACHE_MAX) cache.clear();
      cache.set(key, { identity, until: Date.now() + USERINFO_CACHE_MS });
      return identity;
    },
  };
}
