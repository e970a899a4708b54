import { ed25519 } from '@noble/curves/ed25519.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assemblePass,
  base45Decode,
  base45Encode,
  base64UrlDecode,
  base64UrlEncode,
  decodePass,
  encodePass,
  looksLikePass,
  newPassSerial,
  passVerdict,
  PASS_PREFIX,
  type PassFields,
  type PassVerdictInput,
  verifyPassSignature,
} from './visitor-pass.ts';

const secret = ed25519.utils.randomSecretKey();
const publicKey = base64UrlEncode(ed25519.getPublicKey(secret));
const keys = [{ kid: 'k1', public_key: publicKey }];
const otherSecret = ed25519.utils.randomSecretKey();

function sign(fields: PassFields, key = secret): string {
  const { payload, message } = encodePass(fields);
  return assemblePass(payload, ed25519.sign(message, key));
}

const AREA_A = '0b5c6f1e-3a8d-4c2b-9e7f-1a2b3c4d5e6f';
const AREA_B = '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6';
const AREA_C = 'ffffffff-0000-4000-8000-000000000001';
// 2026-06-01 (a Monday) 00:00 in Asia/Shanghai is 2026-05-31T16:00Z.
const MONDAY = Date.UTC(2026, 4, 31, 16, 0, 0);
const HOUR = 3600_000;

const visit: PassFields = {
  kid: 'k1',
  serial: '0123456789abcdef',
  tenantKey: 'demo',
  kind: 'visit',
  validFrom: MONDAY / 1000,
  validTo: (MONDAY + 24 * HOUR) / 1000,
  areaIds: [AREA_A, AREA_B],
  visitorName: '张*三',
};

function judge(token: string, over: Partial<PassVerdictInput> = {}) {
  const decoded = decodePass(token);
  return passVerdict({
    decoded,
    signatureOk: verifyPassSignature(decoded, keys),
    tenantKey: 'demo',
    place: AREA_A,
    at: MONDAY + 10 * HOUR,
    timeZone: 'Asia/Shanghai',
    revoked: new Set(),
    ...over,
  });
}

const uuidArb = fc.uuid().map((u) => u.toLowerCase());
const fieldsArb: fc.Arbitrary<PassFields> = fc
  .record({
    kid: fc.string({ minLength: 1, maxLength: 12 }),
    serial: fc
      .uint8Array({ minLength: 8, maxLength: 8 })
      .map((b) => [...b].map((x) => x.toString(16).padStart(2, '0')).join('')),
    tenantKey: fc.string({ maxLength: 20 }),
    kind: fc.constantFrom('visit' as const, 'longTerm' as const, 'booking' as const),
    validFrom: fc.integer({ min: 0, max: 0xfffffff0 }),
    length: fc.integer({ min: 1, max: 15 }),
    weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
    startMinute: fc.integer({ min: 0, max: 1439 }),
    span: fc.integer({ min: 1, max: 1440 }),
    areaIds: fc.array(uuidArb, { maxLength: 4 }),
    visitorName: fc.string({ maxLength: 12 }),
  })
  .map(({ length, span, ...f }) => {
    const base: PassFields = {
      kid: f.kid,
      serial: f.serial,
      tenantKey: f.tenantKey,
      kind: f.kind,
      validFrom: f.validFrom,
      validTo: f.validFrom + length,
      areaIds: f.areaIds,
      visitorName: f.visitorName,
    };
    if (f.kind !== 'longTerm') return base;
    return {
      ...base,
      weekdays: [...f.weekdays].sort(),
      startMinute: f.startMinute,
      endMinute: Math.min(1440, f.startMinute + span),
    };
  });

describe('base45 and base64url', () => {
  it('round-trip any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(base45Decode(base45Encode(bytes))).toEqual(bytes);
        expect(base64UrlDecode(base64UrlEncode(bytes))).toEqual(bytes);
      }),
    );
  });
  it('matches RFC 9285 examples and refuses bad text', () => {
    expect(base45Encode(new TextEncoder().encode('AB'))).toBe('BB8');
    expect(base45Encode(new TextEncoder().encode('Hello!!'))).toBe('%69 VD92EX0');
    expect(new TextDecoder().decode(base45Decode('QED8WEX0')!)).toBe('ietf!');
    expect(base45Decode('GGW')).toBeNull(); // 65535 + 1
    expect(base45Decode('abc')).toBeNull();
    expect(base45Decode('A')).toBeNull();
  });
});

describe('pass codec', () => {
  it('round-trips every pass and verifies its signature', () => {
    fc.assert(
      fc.property(fieldsArb, (fields) => {
        const token = sign(fields);
        expect(token.startsWith(PASS_PREFIX)).toBe(true);
        expect(/^[0-9A-Z $%*+\-./:]+$/.test(token)).toBe(true);
        const decoded = decodePass(token);
        expect(decoded.ok).toBe(true);
        if (!decoded.ok) return;
        expect(decoded.pass).toEqual({ version: 1, ...fields });
        expect(
          verifyPassSignature(
            token,
            keys.map((k) => ({ ...k, kid: fields.kid })),
          ),
        ).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('any flipped bit of a pass is refused: forged or malformed (otherTenant when it lands in the tenant key)', () => {
    const token = sign(visit);
    const bytes = base45Decode(token.slice(PASS_PREFIX.length))!;
    for (let bit = 0; bit < bytes.length * 8; bit++) {
      const altered = bytes.slice();
      altered[bit >> 3]! ^= 1 << (bit & 7);
      const verdict = judge(PASS_PREFIX + base45Encode(altered));
      const decoded = decodePass(PASS_PREFIX + base45Encode(altered));
      if (decoded.ok && decoded.pass.tenantKey !== 'demo') expect(verdict.result).toBe('otherTenant');
      else expect(['forged', 'malformed']).toContain(verdict.result);
    }
  });

  it('any changed character of a token is refused', () => {
    const token = sign(visit);
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:a';
    fc.assert(
      fc.property(fc.integer({ min: 0, max: token.length - 1 }), fc.constantFrom(...alphabet), (i, ch) => {
        fc.pre(token[i] !== ch);
        const altered = token.slice(0, i) + ch + token.slice(i + 1);
        expect(['forged', 'malformed', 'otherTenant']).toContain(judge(altered).result);
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const decoded = decodePass(PASS_PREFIX + text.toUpperCase());
        expect(typeof decoded.ok).toBe('boolean');
        expect(verifyPassSignature(PASS_PREFIX + text, keys)).toBe(false);
      }),
    );
    expect(decodePass('https://example.com').ok).toBe(false);
    expect(decodePass(undefined as unknown as string).ok).toBe(false);
    expect(looksLikePass('YV1:ABC')).toBe(true);
    expect(looksLikePass('BOOKING:1')).toBe(false);
  });

  it('refuses fields that cannot be a pass when encoding', () => {
    expect(() => encodePass({ ...visit, serial: 'xyz' })).toThrow();
    expect(() => encodePass({ ...visit, validTo: visit.validFrom })).toThrow();
    expect(() => encodePass({ ...visit, areaIds: ['not-a-uuid'] })).toThrow();
    expect(() => encodePass({ ...visit, kind: 'longTerm', weekdays: [8] })).toThrow();
    expect(() => encodePass({ ...visit, kid: '' })).toThrow();
  });

  it('makes 64-bit random serials', () => {
    const a = newPassSerial();
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(newPassSerial()).not.toBe(a);
  });
});

describe('passVerdict', () => {
  const token = sign(visit);
  it('a good pass at its area inside its window is valid, and a second entry is a repeat', () => {
    const v = judge(token);
    expect(v.result).toBe('valid');
    expect(v.reason_cn).toBeTruthy();
    expect(v.pass?.visitorName).toBe('张*三');
    expect(judge(token, { priorEntry: true }).result).toBe('repeat');
  });
  it('refuses with the reason', () => {
    expect(judge('hello').result).toBe('malformed');
    expect(judge(token, { tenantKey: 'other' }).result).toBe('otherTenant');
    expect(judge(sign(visit, otherSecret)).result).toBe('forged');
    expect(judge(sign({ ...visit, kid: 'unknown' })).result).toBe('forged');
    expect(judge(token, { revoked: new Set([visit.serial]) }).result).toBe('revoked');
    expect(judge(token, { place: AREA_C }).result).toBe('wrongArea');
    expect(judge(token, { at: MONDAY - 1000 }).result).toBe('notYet');
    expect(judge(token, { at: MONDAY }).result).toBe('valid');
    expect(judge(token, { at: MONDAY + 24 * HOUR - 1000 }).result).toBe('valid');
    expect(judge(token, { at: MONDAY + 24 * HOUR }).result).toBe('expired');
    const r = judge(token, { place: AREA_C });
    expect(r.reason_en).toMatch(/area/);
  });
  it('a long-term pass admits on its weekdays and hours in the tenant zone only', () => {
    const lt = sign({
      ...visit,
      kind: 'longTerm',
      validTo: (MONDAY + 30 * 24 * HOUR) / 1000,
      weekdays: [1, 3],
      startMinute: 8 * 60,
      endMinute: 18 * 60,
      areaIds: [],
    });
    expect(judge(lt, { at: MONDAY + 8 * HOUR }).result).toBe('valid'); // Monday 08:00
    expect(judge(lt, { at: MONDAY + 8 * HOUR - 1000 }).result).toBe('outsideHours'); // 07:59:59
    expect(judge(lt, { at: MONDAY + 18 * HOUR }).result).toBe('outsideHours'); // 18:00
    expect(judge(lt, { at: MONDAY + 24 * HOUR + 10 * HOUR }).result).toBe('outsideHours'); // Tuesday
    expect(judge(lt, { at: MONDAY + 48 * HOUR + 10 * HOUR }).result).toBe('valid'); // Wednesday
    // No areas named: every visitor area.
    expect(judge(lt, { at: MONDAY + 10 * HOUR, place: AREA_C }).result).toBe('valid');
    // Monday 10:00 in Shanghai is still Sunday in New York.
    expect(judge(lt, { at: MONDAY + 10 * HOUR, timeZone: 'America/New_York' }).result).toBe('outsideHours');
  });
});
