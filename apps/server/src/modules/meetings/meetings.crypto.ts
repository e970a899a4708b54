import { hkdfSync } from 'node:crypto';
import type { Config } from '../../config.ts';
import { decrypt, encrypt, visitorKeys, type VisitorKeys } from '../../platform/data-key.ts';

/**
 * Meeting providers' secrets at rest (`meeting_settings.secret_enc`): AES-256-GCM with a key
 * derived (HKDF) from the deployment's data key (VISITOR_DATA_KEY or DATA_DIR/visitor-data.key,
 * the key visitors' numbers are sealed with), bound to the tenant. The database never holds the
 * secrets in plain text, and the API never returns them.
 */
export interface MeetingSecrets {
  /** Tencent Meeting: the app's SecretKey. Jitsi: the app secret of its token authentication. */
  secret?: string;
  /** Tencent Meeting: the event callback's token (signature of callbacks). */
  callback_token?: string;
}

const cache = new WeakMap<Config, VisitorKeys>();

function meetingKeys(config: Config): VisitorKeys {
  let keys = cache.get(config);
  if (!keys) {
    const base = visitorKeys(config);
    const derive = (info: string) => Buffer.from(hkdfSync('sha256', base.encryption, Buffer.alloc(0), info, 32));
    keys = { encryption: derive('yuyue meeting provider secrets'), lookup: derive('yuyue meeting lookup (unused)') };
    cache.set(config, keys);
  }
  return keys;
}

export function sealSecrets(config: Config, tenantId: string, secrets: MeetingSecrets): string {
  const kept = Object.fromEntries(Object.entries(secrets).filter(([, v]) => typeof v === 'string' && v !== ''));
  if (!Object.keys(kept).length) return '';
  return encrypt(meetingKeys(config), tenantId, JSON.stringify(kept));
}

export function openSecrets(config: Config, tenantId: string, sealed: string): MeetingSecrets {
  if (!sealed) return {};
  return JSON.parse(decrypt(meetingKeys(config), tenantId, sealed)) as MeetingSecrets;
}
