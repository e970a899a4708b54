import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  codeFromScan,
  encodeCode,
  newNonce,
  newSecret,
  parseCode,
  signatureValid,
  type CodeClaims,
} from './checkin.codes.ts';

const secret = newSecret();
const claims: CodeClaims = {
  kind: 'voucher',
  tenantId: randomUUID(),
  subjectId: randomUUID(),
  issuedAt: 1_900_000_000,
  expiresAt: 1_900_000_300,
  nonce: newNonce(),
};

/** Whether a text passes as a valid code of `secret`. */
const accepted = (text: string) => {
  const parsed = parseCode(text);
  return parsed !== null && signatureValid(parsed, secret);
};

describe('check-in codes', () => {
  it('round-trips every claim and verifies with its secret only', () => {
    const code = encodeCode(claims, secret);
    expect(code).toMatch(/^[A-Za-z0-9_-]{110}$/);
    const parsed = parseCode(code)!;
    expect(parsed.claims).toEqual(claims);
    expect(signatureValid(parsed, secret)).toBe(true);
    expect(signatureValid(parsed, newSecret())).toBe(false);
    const resource = parseCode(encodeCode({ ...claims, kind: 'resource' }, secret))!;
    expect(resource.claims.kind).toBe('resource');
  });

  it('refuses 10,000 random texts and codes', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < 5_000; i++) {
      // random bytes of the right length (well-formed base64url, wrong or no signature)
      expect(accepted(randomBytes(82).toString('base64url'))).toBe(false);
      // random characters of random lengths
      const n = i % 140;
      const text = Array.from({ length: n }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
      expect(accepted(text)).toBe(false);
    }
  });

  it('refuses every single-bit change of a valid code, and 10,000 random multi-bit changes', () => {
    const code = encodeCode(claims, secret);
    const bytes = Buffer.from(code, 'base64url');
    let tried = 0;
    for (let bit = 0; bit < bytes.length * 8; bit++) {
      const copy = Buffer.from(bytes);
      copy[bit >> 3]! ^= 1 << (bit & 7);
      expect(accepted(copy.toString('base64url'))).toBe(false);
      tried++;
    }
    for (; tried < 10_000 + bytes.length * 8; tried++) {
      const copy = Buffer.from(bytes);
      const flips = 1 + (tried % 8);
      for (let f = 0; f < flips; f++) {
        const bit = Math.floor(Math.random() * bytes.length * 8);
        copy[bit >> 3]! ^= 1 << (bit & 7);
      }
      if (copy.equals(bytes)) continue;
      expect(accepted(copy.toString('base64url'))).toBe(false);
    }
    // a changed character of the text itself (including the last one's unused bits)
    for (let i = 0; i < code.length; i++) {
      const c = code[i] === 'A' ? 'B' : 'A';
      expect(accepted(code.slice(0, i) + c + code.slice(i + 1))).toBe(false);
    }
    expect(accepted(code)).toBe(true);
  });

  it('refuses a code whose claims were changed and re-signed with another secret', () => {
    const forged = encodeCode({ ...claims, expiresAt: claims.expiresAt + 86_400 }, newSecret());
    expect(accepted(forged)).toBe(false);
  });

  it('finds the code in what a scanner read: the code or a URL carrying it', () => {
    const code = encodeCode(claims, secret);
    expect(codeFromScan(` ${code} `)).toBe(code);
    expect(codeFromScan(`https://x.example/yy-sys/mobile/venueDetail/abc?signCode=${code}`)).toBe(code);
    expect(codeFromScan(`https://x.example/p?a=1&signCode=${code}&b=2`)).toBe(code);
    expect(codeFromScan(`https://x.example/p?signCode=${code}x`)).toBeNull();
    expect(codeFromScan('https://x.example/yy-sys/mobile/venueDetail/abc')).toBeNull();
    expect(codeFromScan(42)).toBeNull();
    expect(codeFromScan('x'.repeat(5000))).toBeNull();
  });
});
