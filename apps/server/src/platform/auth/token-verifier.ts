/**
 * Who an access token speaks for. The built-in provider knows the tenant and user id; an
 * external provider gives a subject (an account) and perhaps a tenant claim, and the
 * directory resolves the rest.
 */
export interface TokenIdentity {
  tenantId: string | null;
  userId?: string;
  account?: string;
  /** Seconds since the epoch at which the token expires. */
  expiresAt: number;
}

/** Checks a bearer access token: the identity it carries, or null when it is not valid. */
export interface TokenVerifier {
  verify(token: string): Promise<TokenIdentity | null>;
}
