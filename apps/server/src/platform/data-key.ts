import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * The deployment's data keys, for visitors' personal numbers at rest (modules/visitors) and,
 * derived from them, meeting providers' secrets (modules/meetings). One master key (VISITOR_DATA_KEY, or a key made on first
 * start and kept in DATA_DIR/visitor-data.key) gives, through HKDF, an AES-256-GCM key that
 * encrypts and a separate HMAC key that makes the lookup hashes; a dump of the database holds
 * neither key. Each ciphertext is bound to its tenant (GCM additional data), so a value copied
 * into another tenant's row does not decrypt there, and hashes are keyed per tenant, so the
 * same phone in two tenants cannot be matched from a dump.
 */
export interface VisitorKeys {
  encryption: Buffer;
  lookup: Buffer;
}

const cache = new WeakMap<Config, VisitorKeys>();
const FORMAT = 'v1';

/** Decodes a configured key: 32 bytes as 64 hex digits or base64 (url-safe or not). */
export function parseDataKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('VISITOR_DATA_KEY must be 32 bytes, as 64 hex digits or base64');
  return key;
}

/** Where the start-up warning about the data key goes (tests replace it), and whether it was given. */
export const dataKeyNotice = { warn: (message: string) => console.warn(message), given: false };

/**
 * The warning for a deployment on an external PostgreSQL (DATABASE_URL) without
 * VISITOR_DATA_KEY: the key in DATA_DIR is then the only copy, apart from the database and its
 * backups. Null when the key is configured or the database is the embedded one (kept in
 * DATA_DIR with its key).
 */
export function dataKeyWarning(config: Config): string | null {
  if (config.visitorDataKey || !config.databaseUrl) return null;
  const file = path.join(config.dataDir, 'visitor-data.key');
  return (
    `WARNING: VISITOR_DATA_KEY is not set, and the database is an external PostgreSQL (DATABASE_URL). ` +
    `Visitors' ID card and phone numbers are encrypted with the key in ${file}, the only copy of it: ` +
    `back that file up with every backup of the database (kept apart from the dump; a database restored ` +
    `without it cannot read those numbers), and give every instance the same key. Better: set ` +
    `VISITOR_DATA_KEY to the file's content and keep it with your secrets (docs/deploy.md).`
  );
}

function masterKey(config: Config): Buffer {
  if (config.visitorDataKey) return parseDataKey(config.visitorDataKey);
  const warning = dataKeyWarning(config);
  if (warning && !dataKeyNotice.given) {
    dataKeyNotice.given = true;
    dataKeyNotice.warn(warning);
  }
  const file = path.join(config.dataDir, 'visitor-data.key');
  try {
    return parseDataKey(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  // Written whole to a private file first, then linked into place: link() is atomic and fails
  // when the name exists, so of two instances (or test workers) starting together on one data
  // directory, one key wins and neither can read a file the other has created but not yet filled.
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  fs.writeFileSync(draft, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(draft, { force: true });
  }
  return parseDataKey(fs.readFileSync(file, 'utf8'));
}

/** The deployment's visitor data keys (read or made once per configuration). */
export function visitorKeys(config: Config): VisitorKeys {
  let keys = cache.get(config);
  if (!keys) {
    const master = masterKey(config);
    const derive = (info: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));
    keys = { encryption: derive('yuyue visitor data encryption'), lookup: derive('yuyue visitor data lookup') };
    cache.set(config, keys);
  }
  return keys;
}

/** Encrypts `plain` for `tenantId`: `v1.<iv>.<ciphertext+tag>` (base64url). Empty stays empty. */
export function encrypt(keys: VisitorKeys, tenantId: string, plain: string): string {
  if (!plain) return '';
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.encryption, iv);
  cipher.setAAD(Buffer.from(tenantId));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${FORMAT}.${iv.toString('base64url')}.${body.toString('base64url')}`;
}

/** Decrypts what `encrypt` made for the same tenant; throws when it was altered or is another tenant's. */
export function decrypt(keys: VisitorKeys, tenantId: string, sealed: string): string {
  if (!sealed) return '';
  const [format, iv, body] = sealed.split('.');
  if (format !== FORMAT || !iv || !body) throw new Error('not a sealed visitor value');
  const raw = Buffer.from(body, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keys.encryption, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(tenantId));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(0, raw.length - 16)), decipher.final()]).toString('utf8');
}
