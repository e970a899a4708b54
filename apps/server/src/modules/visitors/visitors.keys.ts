import { createPrivateKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { Tx } from '../../db/client.ts';
import type { RequestContext } from '../../platform/context.ts';
import {
  insertKey,
  keyByKid,
  lockPassKeys,
  retireKeys,
  signingKey,
  type PassKeyRow,
} from './visitors.passes.repository.ts';
import { decrypt, encrypt, visitorKeys } from '../../platform/data-key.ts';

/**
 * Each tenant's Ed25519 pass-signing keys. A key is made on first need, under an advisory lock
 * (two requests or two instances asking at once make one key); its private half is sealed with
 * the visitor data key (platform/data-key.ts), its public half published raw (base64url) in the
 * gate bundle. Rotation retires the signing key; a retired key keeps signing the passes it
 * signed before (tokens are reproducible: Ed25519 is deterministic) and stays published while
 * any of them is unexpired.
 */

const privateKeys = new Map<string, KeyObject>();

function newKid(): string {
  return randomBytes(4).toString('base64url');
}

async function makeKey(tx: Tx, ctx: RequestContext, tenantId: string, now: Date): Promise<PassKeyRow> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const public_key = publicKey.export({ format: 'jwk' }).x!;
  const sealed = encrypt(
    visitorKeys(ctx.config),
    tenantId,
    privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  );
  for (;;) {
    const kid = newKid();
    if (await insertKey(tx, tenantId, { kid, public_key, private_key_enc: sealed, create_time: now })) {
      return (await keyByKid(tx, tenantId, kid))!;
    }
  }
}

/** The key new passes are signed with, made on first need. */
export async function currentSigningKey(tx: Tx, ctx: RequestContext, tenantId: string, now: Date): Promise<PassKeyRow> {
  const found = await signingKey(tx, tenantId);
  if (found) return found;
  await lockPassKeys(tx, tenantId);
  return (await signingKey(tx, tenantId)) ?? makeKey(tx, ctx, tenantId, now);
}

/** Retires the signing key(s) and makes a new one; returns the retired kids and the new kid. */
export async function rotateKey(tx: Tx, ctx: RequestContext, tenantId: string, now: Date) {
  await lockPassKeys(tx, tenantId);
  const retired = await retireKeys(tx, tenantId, now);
  const made = await makeKey(tx, ctx, tenantId, now);
  return { retired, kid: made.kid };
}

/** Signs `message` with a stored key (its private half unsealed once per process). */
export function signWith(ctx: RequestContext, tenantId: string, key: PassKeyRow, message: Uint8Array): Uint8Array {
  const cacheKey = `${tenantId}:${key.kid}:${key.public_key}`;
  let privateKey = privateKeys.get(cacheKey);
  if (!privateKey) {
    const der = decrypt(visitorKeys(ctx.config), tenantId, key.private_key_enc);
    privateKey = createPrivateKey({ key: Buffer.from(der, 'base64'), format: 'der', type: 'pkcs8' });
    if (privateKeys.size > 1000) privateKeys.clear();
    privateKeys.set(cacheKey, privateKey);
  }
  return new Uint8Array(sign(null, message, privateKey));
}
