import { createHash } from 'node:crypto';
import { onChange } from '../events.ts';
import type { TokenIdentity, TokenVerifier } from './token-verifier.ts';

/**
 * How long a verified access token is trusted without asking the provider again. A revocation
 * reaches every instance as a change notification (platform/events.ts) within a second; this
 * lifetime bounds how stale an instance gets only while it is not listening.
 */
export const TOKEN_CACHE_MS = 30_000;
const MAX_ENTRIES = 20_000;

/** Verified tokens by SHA-256 of the token (the token itself is not kept): identity and until when. */
const verified = new Map<string, { identity: TokenIdentity; until: number }>();
/** Bumped by every forget: a verification that began before one is not kept (it may have read a revoked token). */
let generation = 0;

/** The key a token is kept under, and the hash a revocation names it by. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

onChange((change) => {
  if (change.kind === 'token') {
    generation++;
    for (const hash of change.hashes) verified.delete(hash);
  } else if (change.kind === 'all') {
    generation++;
    verified.clear();
  }
});

/**
 * A verifier that remembers valid tokens for at most TOKEN_CACHE_MS and never beyond the token's
 * own expiry, so a burst of requests of one user (a page load, a booking rush) verifies the
 * token once. Refused tokens are not remembered.
 */
export function cachedVerifier(inner: TokenVerifier, now: () => number = Date.now): TokenVerifier {
  return {
    async verify(token) {
      const key = tokenHash(token);
      const t = now();
      const hit = verified.get(key);
      if (hit && hit.until > t) return hit.identity;
      if (hit) verified.delete(key);
      const started = generation;
      const identity = await inner.verify(token);
      if (identity && started === generation) {
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
