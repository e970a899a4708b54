import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import {
  decrypt,
  encrypt,
  lookupHash,
  normalisePhone,
  parseDataKey,
  sealCardNumber,
  sealPhone,
  visitorAccountOf,
  visitorKeys,
} from './visitors.crypto.ts';

const tenantA = '00000000-0000-4000-8000-00000000000a';
const tenantB = '00000000-0000-4000-8000-00000000000b';
const key = Buffer.alloc(32, 7).toString('base64');
const keys = visitorKeys(loadConfig({ NODE_ENV: 'test', VISITOR_DATA_KEY: key }));

describe('visitor data sealing', () => {
  it('round-trips, with a fresh IV each time', () => {
    const a = encrypt(keys, tenantA, '13812345678');
    const b = encrypt(keys, tenantA, '13812345678');
    expect(a).not.toBe(b);
    expect(a).not.toContain('13812345678');
    expect(decrypt(keys, tenantA, a)).toBe('13812345678');
  });

  it('refuses a value altered or moved to another tenant', () => {
    const sealed = encrypt(keys, tenantA, '110101199001011234');
    expect(() => decrypt(keys, tenantB, sealed)).toThrow();
    const [format, iv, body] = sealed.split('.');
    const raw = Buffer.from(body!, 'base64url');
    raw[0] = raw[0]! ^ 1;
    expect(() => decrypt(keys, tenantA, `${format}.${iv}.${raw.toString('base64url')}`)).toThrow();
    expect(() => decrypt(keys, tenantA, 'plain text')).toThrow();
  });

  it('hashes per tenant and per kind, after normalising', () => {
    expect(normalisePhone('+86 138-1234-5678')).toBe('13812345678');
    expect(lookupHash(keys, tenantA, 'phone', '13812345678')).toBe(lookupHash(keys, tenantA, 'phone', '13812345678'));
    expect(lookupHash(keys, tenantA, 'phone', '13812345678')).not.toBe(
      lookupHash(keys, tenantB, 'phone', '13812345678'),
    );
    expect(lookupHash(keys, tenantA, 'card', '13812345678')).not.toBe(
      lookupHash(keys, tenantA, 'phone', '13812345678'),
    );
    expect(sealPhone(keys, tenantA, '+86 13812345678')).toMatchObject({
      phone_hash: sealPhone(keys, tenantA, '138 1234 5678').phone_hash,
      phone_mask: '138****5678',
    });
    expect(sealCardNumber(keys, tenantA, '11010119900101123x')).toMatchObject({
      card_number_hash: sealCardNumber(keys, tenantA, '11010119900101123X').card_number_hash,
      card_number_mask: '110***********123X',
    });
    expect(visitorAccountOf(keys, tenantA, '+8613812345678')).toBe(visitorAccountOf(keys, tenantA, '13812345678'));
    expect(visitorAccountOf(keys, tenantA, '13812345678')).not.toContain('13812345678');
  });

  it('another key reads nothing', () => {
    const other = visitorKeys(loadConfig({ NODE_ENV: 'test', VISITOR_DATA_KEY: Buffer.alloc(32, 9).toString('hex') }));
    expect(() => decrypt(other, tenantA, encrypt(keys, tenantA, 'x'))).toThrow();
  });
});

describe('the visitor data key', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('accepts 32 bytes as hex or base64 and refuses anything else', () => {
    expect(parseDataKey('ab'.repeat(32))).toHaveLength(32);
    expect(parseDataKey(key)).toHaveLength(32);
    expect(() => parseDataKey('short')).toThrow(/32 bytes/);
  });

  it('is made once in the data directory, private, and read back by the next start', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-key-'));
    dirs.push(dir);
    const first = visitorKeys(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }));
    const file = path.join(dir, 'visitor-data.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = visitorKeys(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }));
    expect(decrypt(again, tenantA, encrypt(first, tenantA, '13812345678'))).toBe('13812345678');
  });
});
