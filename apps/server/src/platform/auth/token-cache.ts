import { createHash } from 'node:crypto';
import type { TokenIdentity, TokenVerifier } from './token-verifier.ts';

/** How long a verified access token is trusted without asking the provider again. */
export const TOKEN_CACHE_MS = 30_000;
const MAX_ENTRIES = 20_000;

/** Verified tokens by SHA-256 of the token (the token itself is not kept): identity and until when. */
const verified = new Map<string, { identity: TokenIdentity; until: number }>();

/**
 * Forgets every verified token, so a revocation (sign-out, grant revoked) takes effect at once
 * in this process. Other instances keep trusting a revoked token until their entry expires:
 * at most TOKEN_CACHE_MS.
 */
export function forgetVerifiedTokens(): void {
  verified.clear();
}

/**
 * A verifier that remembers valid tokens for at most TOKEN_CACHE_MS and never beyond the token's
 * own expiry, so a burst of requests of one user (a page load, a booking rush) verifies the
 * token once. Refused tokens are not remembered.
 */
export function cachedVerifier(inner: TokenVerifier, now: () => number = Date.now): TokenVerifier {
  return {
    async verify(token) {
      const key = createHash('sha256').update(token).digest('base64url');
      const t = now();
      const hit = verified.get(key);
      if (hit && hit.until > t) return hit.identity;
      if (hit) verified.delete(key);
      const identity = await inner.verify(token);
      if (identity) {
        const until = Math.min(t + TOKEN_CACHE_MS, identity.expiresAt * 1000);
        if (until > t) {
          if (verified.size >= MAX_ENTRIES) verified.delete(verified.keys().next().value!);
          verified.set(key, { identity, until });
        }
      }
      return identity;
    },
  };
}
