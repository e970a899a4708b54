import { createHmac } from 'node:crypto';
import { waitTexts } from '../../platform/auth/login-throttle.ts';
import { AppError } from '../../platform/errors.ts';
import { isEmail, isMobilePhone, isResidentIdNumber, type RegisterFieldSetting } from './visitors.settings.rules.ts';

/*
 * Pure rules of visitor registration: one-time codes (lifetime, tries, sending limits),
 * passwords, and the registration form's values against the registration field settings.
 */

/** How long a one-time code lives. */
export const CODE_TTL_MS = 5 * 60_000;
/** Wrong tries after which a code dies. */
export const CODE_MAX_ATTEMPTS = 5;
/** Sending limits: one code per phone per minute, five per phone per hour, twenty per client address per hour. */
export const CODE_LIMITS = {
  phonePerMinute: { count: 1, windowMs: 60_000 },
  phonePerHour: { count: 5, windowMs: 60 * 60_000 },
  addressPerHour: { count: 20, windowMs: 60 * 60_000 },
} as const;

/** What a one-time code proves: a new registration, or a password reset. */
export const CODE_PURPOSES = ['register', 'resetPassword'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** The purpose asked for ('register' when none), or VISITOR_CODE_PURPOSE_INVALID. */
export function purposeOf(value: unknown): CodePurpose {
  const purpose = typeof value === 'string' && value.trim() ? value.trim() : 'register';
  if (!(CODE_PURPOSES as readonly string[]).includes(purpose)) {
    throw new AppError('VISITOR_CODE_PURPOSE_INVALID', { purpose: purpose.slice(0, 40) });
  }
  return purpose as CodePurpose;
}

/**
 * How long the caller must wait before another code may be sent (0: now), from the send times
 * of the last hour for this phone and for this address (epoch ms).
 */
export function codeWaitMs(now: number, phoneSends: readonly number[], addressSends: readonly number[]): number {
  const waitFor = (sends: readonly number[], limit: { count: number; windowMs: number }) => {
    const inWindow = sends.filter((t) => t > now - limit.windowMs).sort((a, b) => b - a);
    if (inWindow.length < limit.count) return 0;
    // the oldest send that still counts must leave the window
    return inWindow[limit.count - 1]! + limit.windowMs - now;
  };
  return Math.max(
    waitFor(phoneSends, CODE_LIMITS.phonePerMinute),
    waitFor(phoneSends, CODE_LIMITS.phonePerHour),
    waitFor(addressSends, CODE_LIMITS.addressPerHour),
  );
}

/** Throws VISITOR_CODE_TOO_FREQUENT naming the wait when `waitMs` is positive. */
export function refuseWhileWaiting(waitMs: number): void {
  if (waitMs > 0) throw new AppError('VISITOR_CODE_TOO_FREQUENT', waitTexts(waitMs));
}

/** The keyed hash a code is kept as (bound to tenant, phone and purpose). */
export function codeHash(key: Buffer, tenantId: string, phoneHash: string, purpose: string, code: string): string {
  return createHmac('sha256', key)
    .update(`code\u0000${tenantId}\u0000${phoneHash}\u0000${purpose}\u0000${code}`)
    .digest('hex');
}

/** A stored code as the verdict needs it. */
export interface StoredCode {
  code_hash: string;
  attempts: number;
  expires_at: Date;
  consumed_at: Date | null;
}

/** Whether a typed code opens a stored one: `dead` (expired, used, too many tries, or none), `wrong`, or `ok`. */
export function codeVerdict(stored: StoredCode | undefined, typedHash: string, now: number): 'dead' | 'wrong' | 'ok' {
  if (!stored || stored.consumed_at || stored.attempts >= CODE_MAX_ATTEMPTS || stored.expires_at.getTime() <= now) {
    return 'dead';
  }
  return stored.code_hash === typedHash ? 'ok' : 'wrong';
}

/** A visitor's password: 8-64 characters with a letter and a digit, else VISITOR_PASSWORD_WEAK. */
export function checkPassword(value: unknown): string {
  const password = typeof value === 'string' ? value : '';
  if (password.length < 8 || password.length > 64 || !/[A-Za-z]/.test(password) || !/\d/.test(password)) {
    throw new AppError('VISITOR_PASSWORD_WEAK');
  }
  return password;
}

/** A mainland mobile number, normalised by the caller's sealing; VISITOR_PHONE_INVALID otherwise. */
export function checkPhone(value: unknown): string {
  const phone = typeof value === 'string' ? value.trim() : '';
  if (!phone) throw new AppError('VISITOR_FIELD_REQUIRED', { field: '手机号', field_en: 'Mobile phone' });
  if (!isMobilePhone(phone)) throw new AppError('VISITOR_PHONE_INVALID');
  return phone;
}

/** A typed one-time code: six digits, else VISITOR_CODE_WRONG's dead form. */
export function checkCodeFormat(value: unknown): string {
  const code = typeof value === 'string' ? value.trim() : '';
  if (!code) throw new AppError('VISITOR_FIELD_REQUIRED', { field: '验证码', field_en: 'Verification code' });
  if (!/^\d{6}$/.test(code)) {
    throw new AppError('VISITOR_FIELD_INVALID', {
      field: '验证码',
      field_en: 'Verification code',
      reason: '须为6位数字',
      reason_en: 'it has 6 digits',
    });
  }
  return code;
}

/** The profile values a registration keeps (phone, code and password are checked apart). */
export interface RegistrationValues {
  visitor_name: string;
  card_type: string;
  card_number: string;
  gender: string;
  identity_type: string;
  email: string;
  unit: string;
  post: string;
  person_type: string;
  is_car: number;
  car_product: string;
  car_card_number: string;
  visitor_picture: string;
  remark: string;
}

const TEXT_FIELDS = [
  'visitor_name',
  'card_type',
  'card_number',
  'gender',
  'identity_type',
  'email',
  'unit',
  'post',
  'person_type',
  'car_product',
  'car_card_number',
  'visitor_picture',
  'remark',
] as const;

const MAX_LENGTHS: Record<string, number> = {
  visitor_name: 50,
  card_type: 2,
  card_number: 40,
  gender: 10,
  identity_type: 50,
  email: 254,
  unit: 200,
  post: 100,
  person_type: 50,
  car_product: 100,
  car_card_number: 20,
  visitor_picture: 500,
  remark: 500,
};

/** Identity document types (`card_type`). */
export const CARD_TYPES = {
  '1': { zh: '居民身份证', en: 'Resident ID card' },
  '2': { zh: '护照', en: 'Passport' },
  '3': { zh: '其他证件', en: 'Other document' },
} as const;

/**
 * The registration (or profile) values of `model` checked against the field settings: a field
 * shown and required must be given; a field not shown is dropped; values must fit (lengths,
 * e-mail, the ID card's check digit, a passport's form). `partial`: only fields given are
 * checked and returned (a profile update); phone, card and password are never part of it.
 */
export function checkRegistrationValues(
  model: Record<string, unknown>,
  settings: readonly RegisterFieldSetting[],
  opts: { partial?: boolean } = {},
): Partial<RegistrationValues> {
  const byName = new Map(settings.map((s) => [s.field_name, s]));
  const shown = (name: string) => (byName.get(name)?.is_valid ?? 0) === 1;
  const label = (name: string) => {
    const s = byName.get(name);
    return { field: s?.field_label || name, field_en: s?.field_label_en || s?.field_label || name };
  };
  const invalid = (name: string, reason: string, reason_en: string) =>
    new AppError('VISITOR_FIELD_INVALID', { ...label(name), reason, reason_en });
  const out: Partial<RegistrationValues> = {};
  for (const name of TEXT_FIELDS) {
    // the name is always asked: the directory needs one
    if (name !== 'visitor_name' && !shown(name)) continue;
    const raw = model[name];
    if (opts.partial && (raw === undefined || raw === null)) continue;
    if (raw !== undefined && raw !== null && typeof raw !== 'string') throw invalid(name, '须为文本', 'must be text');
    const value = (raw ?? '').trim();
    const max = MAX_LENGTHS[name] ?? 200;
    if (value.length > max) throw invalid(name, `不能超过${max}个字符`, `at most ${max} characters`);
    out[name] = value;
  }
  if (shown('is_car') && !(opts.partial && (model.is_car === undefined || model.is_car === null))) {
    const car = model.is_car ?? 0;
    if (car !== 0 && car !== 1) throw invalid('is_car', '须为 0 或 1', 'must be 0 or 1');
    out.is_car = car;
  }
  const required = (name: string) => shown(name) && (byName.get(name)?.is_required ?? 0) === 1;
  for (const [name, value] of Object.entries(out)) {
    const needed = name === 'visitor_name' || required(name);
    if (needed && (value === '' || value === undefined)) throw new AppError('VISITOR_FIELD_REQUIRED', label(name));
  }
  if (!opts.partial && required('is_car') && out.is_car === undefined) {
    throw new AppError('VISITOR_FIELD_REQUIRED', label('is_car'));
  }
  if (out.email && !isEmail(out.email)) throw invalid('email', '须为邮箱地址', 'must be an e-mail address');
  if (out.card_number !== undefined || out.card_type !== undefined) {
    if (out.card_number && !out.card_type) out.card_type = '1';
    const type = out.card_type ?? '';
    if (type && !Object.hasOwn(CARD_TYPES, type)) {
      throw invalid('card_type', '须为 1 身份证、2 护照或 3 其他', 'must be 1 ID card, 2 passport or 3 other');
    }
    const card = (out.card_number ?? '').replace(/\s/g, '').toUpperCase();
    if (card && type === '1' && !isResidentIdNumber(card)) {
      throw invalid(
        'card_number',
        '须为18位居民身份证号（校验位正确）',
        'must be an 18-character resident ID number with a right check digit',
      );
    }
    if (card && type === '2' && !/^[A-Z0-9]{5,20}$/.test(card)) {
      throw invalid('card_number', '护照号须为5-20位字母或数字', 'a passport number has 5-20 letters or digits');
    }
    if (out.card_number !== undefined) out.card_number = card;
  }
  return out;
}
