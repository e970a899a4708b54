import type { Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import {
  codeFromScan,
  encodeCode,
  newNonce,
  newSecret,
  parseCode,
  signatureValid,
  type CodeClaims,
  type CodeKind,
} from './checkin.codes.ts';
import { tenantSecret } from './checkin.repository.ts';

/** How long a booking voucher stays valid; the voucher page fetches a fresh one before then. */
export const VOUCHER_TTL_SECONDS = 300;
/** How long a resource's on-screen check-in code stays valid (a display at the venue refreshes it). */
export const DISPLAY_CODE_TTL_SECONDS = 300;
/** How long a printed resource code (the one made with the resource) stays valid. */
export const PRINTED_CODE_DAYS = 1095;
/** Longest validity an administrator may give a printed code. */
export const MAX_CODE_DAYS = 1095;
/** Tolerated clock difference between instances for a code's issue time. */
const CLOCK_SKEW_SECONDS = 300;

/** Signs a code for the tenant (its secret made on first use). */
export async function issueCode(
  tx: Tx,
  tenantId: string,
  kind: CodeKind,
  subjectId: string,
  now: number,
  ttlSeconds: number,
): Promise<{ code: string; claims: CodeClaims }> {
  const secret = (await tenantSecret(tx, tenantId, newSecret))!;
  const issuedAt = Math.floor(now / 1000);
  const claims: CodeClaims = {
    kind,
    tenantId,
    subjectId,
    issuedAt,
    expiresAt: issuedAt + ttlSeconds,
    nonce: newNonce(),
  };
  return { code: encodeCode(claims, secret), claims };
}

/**
 * Reads a scanned code of `kind` for the tenant: refused when it is not a code at all or is
 * altered or forged (SIGN_CODE_INVALID), another tenant's (SIGN_CODE_OTHER_TENANT), of the
 * other kind, or expired. Nothing is written.
 */
export async function readCode(tx: Tx, tenantId: string, scanned: unknown, kind: CodeKind, now: number) {
  const text = codeFromScan(scanned);
  const parsed = text ? parseCode(text) : null;
  if (!parsed) throw new AppError('SIGN_CODE_INVALID');
  if (parsed.claims.tenantId !== tenantId) throw new AppError('SIGN_CODE_OTHER_TENANT');
  const secret = await tenantSecret(tx, tenantId, null);
  if (!secret || !signatureValid(parsed, secret)) throw new AppError('SIGN_CODE_INVALID');
  if (parsed.claims.issuedAt > now / 1000 + CLOCK_SKEW_SECONDS) throw new AppError('SIGN_CODE_INVALID');
  if (parsed.claims.kind !== kind) {
    throw new AppError(kind === 'resource' ? 'SIGN_CODE_NOT_RESOURCE' : 'SIGN_CODE_NOT_VOUCHER');
  }
  if (now >= parsed.claims.expiresAt * 1000) throw new AppError('SIGN_CODE_EXPIRED');
  return parsed.claims;
}

/** A check-in page URL carrying a resource's signed code in `signCode` (what a QR code holds). */
export function withSignCode(pageUrl: string, code: string): string {
  return `${pageUrl}${pageUrl.includes('?') ? '&' : '?'}signCode=${code}`;
}

/**
 * The URL a resource's printed QR code holds (made with the resource): its check-in page with
 * a signed resource code valid for PRINTED_CODE_DAYS days. Scanned with a phone's camera it
 * opens the venue page; scanned in the app it checks the booker in.
 */
export async function printedCheckInUrl(tx: Tx, tenantId: string, resourceId: string, pageUrl: string) {
  const { code } = await issueCode(tx, tenantId, 'resource', resourceId, Date.now(), PRINTED_CODE_DAYS * 86_400);
  return withSignCode(pageUrl, code);
}
