import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import {
  checkPassword,
  checkRegistrationValues,
  codeVerdict,
  codeWaitMs,
  purposeOf,
  refuseWhileWaiting,
} from './visitors.registration.rules.ts';
import { DEFAULT_REGISTER_FIELDS } from './visitors.settings.rules.ts';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.code : 'not an AppError';
  }
  return undefined;
}

const now = 10_000_000;

describe('codeWaitMs', () => {
  it('one per phone per minute', () => {
    expect(codeWaitMs(now, [], [])).toBe(0);
    expect(codeWaitMs(now, [now - 20_000], [])).toBe(40_000);
    expect(codeWaitMs(now, [now - 60_000], [])).toBe(0);
  });

  it('five per phone per hour: the oldest of the five must leave the hour', () => {
    const sends = [1, 2, 3, 4, 5].map((i) => now - i * 10 * 60_000); // 10..50 min ago
    expect(codeWaitMs(now, sends, [])).toBe(10 * 60_000);
    expect(codeWaitMs(now, sends.slice(0, 4), [])).toBe(0);
  });

  it('twenty per address per hour', () => {
    const sends = Array.from({ length: 20 }, (_, i) => now - (i + 1) * 60_000);
    expect(codeWaitMs(now, [], sends)).toBe(40 * 60_000);
    expect(codeWaitMs(now, [], sends.slice(1))).toBe(0);
  });

  it('the refusal names the wait', () => {
    try {
      refuseWhileWaiting(40_000);
      expect.unreachable();
    } catch (err) {
      expect((err as AppError).code).toBe('VISITOR_CODE_TOO_FREQUENT');
      expect((err as AppError).texts).toEqual({
        zh: '验证码发送过于频繁，请40秒后再试',
        en: 'Codes were sent too often; try again in 40 seconds',
      });
    }
    expect(() => refuseWhileWaiting(0)).not.toThrow();
  });
});

describe('codeVerdict', () => {
  const stored = { code_hash: 'h', attempts: 0, expires_at: new Date(now + 1000), consumed_at: null };
  it.each([
    ['ok', stored, 'h', 'ok'],
    ['wrong', stored, 'x', 'wrong'],
    ['none', undefined, 'h', 'dead'],
    ['expired', { ...stored, expires_at: new Date(now) }, 'h', 'dead'],
    ['used', { ...stored, consumed_at: new Date(now - 1) }, 'h', 'dead'],
    ['five wrong tries', { ...stored, attempts: 5 }, 'h', 'dead'],
    ['four wrong tries', { ...stored, attempts: 4 }, 'h', 'ok'],
  ] as const)('%s', (_, s, typed, verdict) => expect(codeVerdict(s, typed, now)).toBe(verdict));
});

describe('passwords and purposes', () => {
  it.each([
    ['abc12345', undefined],
    ['abcdefgh', 'VISITOR_PASSWORD_WEAK'],
    ['12345678', 'VISITOR_PASSWORD_WEAK'],
    ['ab1', 'VISITOR_PASSWORD_WEAK'],
    [`a1${'x'.repeat(63)}`, 'VISITOR_PASSWORD_WEAK'],
  ])('%s', (pw, code) => expect(codeOf(() => checkPassword(pw))).toBe(code));

  it('purpose', () => {
    expect(purposeOf(undefined)).toBe('register');
    expect(purposeOf('resetPassword')).toBe('resetPassword');
    expect(codeOf(() => purposeOf('other'))).toBe('VISITOR_CODE_PURPOSE_INVALID');
  });
});

describe('checkRegistrationValues', () => {
  const base = { visitor_name: '张三', card_type: '1', card_number: '11010519491231002x' };

  it('keeps the shown fields, normalises the ID number, drops hidden ones', () => {
    const out = checkRegistrationValues({ ...base, identity_type: 'hidden', unit: ' 北大 ' }, DEFAULT_REGISTER_FIELDS);
    expect(out).toMatchObject({ visitor_name: '张三', card_number: '11010519491231002X', unit: '北大' });
    expect(out).not.toHaveProperty('identity_type');
  });

  it.each([
    ['a missing name', { ...base, visitor_name: '' }, 'VISITOR_FIELD_REQUIRED'],
    ['a missing ID number', { ...base, card_number: '' }, 'VISITOR_FIELD_REQUIRED'],
    ['a wrong check digit', { ...base, card_number: '110105194912310021' }, 'VISITOR_FIELD_INVALID'],
    ['an unknown card type', { ...base, card_type: '9' }, 'VISITOR_FIELD_INVALID'],
    ['a bad e-mail', { ...base, email: 'nope' }, 'VISITOR_FIELD_INVALID'],
    ['is_car 2', { ...base, is_car: 2 }, 'VISITOR_FIELD_INVALID'],
    ['a long name', { ...base, visitor_name: 'x'.repeat(51) }, 'VISITOR_FIELD_INVALID'],
    ['a passport', { ...base, card_type: '2', card_number: 'E1234567' }, undefined],
    ['a bad passport', { ...base, card_type: '2', card_number: '#' }, 'VISITOR_FIELD_INVALID'],
  ])('%s', (_, model, code) =>
    expect(codeOf(() => checkRegistrationValues(model, DEFAULT_REGISTER_FIELDS))).toBe(code),
  );

  it('an ID number not required when the settings say so', () => {
    const settings = DEFAULT_REGISTER_FIELDS.map((f) =>
      f.field_name === 'card_number' || f.field_name === 'card_type' ? { ...f, is_required: 0 } : f,
    );
    expect(checkRegistrationValues({ visitor_name: 'a' }, settings)).toMatchObject({ card_number: '' });
  });

  it('partial: only what is given', () => {
    expect(checkRegistrationValues({ unit: 'x' }, DEFAULT_REGISTER_FIELDS, { partial: true })).toEqual({ unit: 'x' });
  });
});
