import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { promisify } from 'node:util';
import { loadConfig, repoRoot } from '../../config.ts';
import { lookupHash, normalisePhone, sealCardNumber, sealPhone, visitorAccountOf } from './visitors.crypto.ts';
import { dataKeyNotice, decrypt, encrypt, parseDataKey, visitorKeys } from '../../platform/data-key.ts';

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

  it('on an external PostgreSQL without VISITOR_DATA_KEY, warns once that the file is the only copy; not embedded, not with a key', () => {
    const said: string[] = [];
    const saved = { ...dataKeyNotice };
    Object.assign(dataKeyNotice, { warn: (m: string) => said.push(m), given: false });
    try {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-key-'));
      dirs.push(dir);
      visitorKeys(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }));
      visitorKeys(
        loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: 'postgres://db/x', VISITOR_DATA_KEY: key }),
      );
      expect(said).toEqual([]);
      const external = { NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: 'postgres://db/x' };
      visitorKeys(loadConfig(external));
      visitorKeys(loadConfig(external));
      expect(said).toHaveLength(1);
      expect(said[0]).toContain('VISITOR_DATA_KEY');
      expect(said[0]).toContain(path.join(dir, 'visitor-data.key'));
      expect(said[0]).toMatch(/only copy.*back that file up with every backup of the database/s);
    } finally {
      Object.assign(dataKeyNotice, saved);
    }
  });

  // CI once started test workers together on a fresh data directory: one read the key file
  // another had created but not yet filled, and refused it as not 32 bytes.
  it('is the same key for processes that start together on a fresh data directory', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-key-'));
    dirs.push(root);
    const rounds = 150;
    // Each process loads, waits for a common instant, then makes the keys of `rounds` fresh data
    // directories in the same order as the others, so that they collide on many of them.
    const startAt = Date.now() + 4000;
    const script = [
      `const { loadConfig } = await import(${JSON.stringify(path.join(repoRoot, 'apps/server/src/config.ts'))});`,
      `const { visitorKeys } = await import(${JSON.stringify(path.join(repoRoot, 'apps/server/src/platform/data-key.ts'))});`,
      `while (Date.now() < ${startAt});`,
      `const out = [];`,
      `for (let i = 0; i < ${rounds}; i++) out.push(visitorKeys(loadConfig({ NODE_ENV: 'test', DATA_DIR: ${JSON.stringify(root)} + '/' + i })).lookup.toString('hex'));`,
      `process.stdout.write(JSON.stringify(out));`,
    ].join('\n');
    const run = promisify(execFile);
    const outputs = await Promise.all(
      Array.from({ length: 6 }, () =>
        run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot }),
      ),
    );
    const lists = outputs.map((o) => JSON.parse(o.stdout) as string[]);
    for (let i = 0; i < rounds; i++) {
      expect(new Set(lists.map((list) => list[i])).size).toBe(1);
      expect(fs.readdirSync(path.join(root, String(i)))).toEqual(['visitor-data.key']);
    }
  }, 60_000);
});
