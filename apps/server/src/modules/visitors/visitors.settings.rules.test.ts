import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import {
  DEFAULT_INFO_FIELDS,
  infoFieldsAsked,
  isResidentIdNumber,
  isIsoDate,
  isMobilePhone,
  typeProblem,
  validateFieldValues,
  type InfoField,
} from './visitors.settings.rules.ts';

const field = (over: Partial<InfoField>): InfoField => ({
  field_name: 'f',
  field_label: '字段',
  field_label_en: 'Field',
  field_type: 'text',
  data_range: '',
  is_visitor_valid_info: 1,
  is_visitor_required_info: 0,
  is_appointment_valid_info: 1,
  is_appointment_required_info: 0,
  ...over,
});

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.code : 'not an AppError';
  }
  return undefined;
}

describe('isResidentIdNumber', () => {
  it.each([
    ['11010519491231002X', true],
    ['11010519491231002x', true],
    ['110105194912310021', false], // wrong check digit
    ['110105194913310028', false], // no 13th month
    ['11010519491231002', false], // 17 characters
    ['440308199901010012', true],
    ['440308199901010017', false],
  ])('%s -> %s', (id, expected) => expect(isResidentIdNumber(id)).toBe(expected));
});

describe('simple types', () => {
  it('dates, phones', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2023-2-1')).toBe(false);
    expect(isMobilePhone('13812345678')).toBe(true);
    expect(isMobilePhone('+86 138 1234 5678')).toBe(true);
    expect(isMobilePhone('12812345678')).toBe(false);
    expect(isMobilePhone('1381234567')).toBe(false);
  });

  it.each([
    ['number', '12.5', null],
    ['number', '12a', 'must be a number'],
    ['phone', '010-62751234', null],
    ['phone', '12345', 'must be a phone number'],
    ['email', 'a@b.cn', null],
    ['email', 'a@b', 'must be an e-mail address'],
    ['date', '2025-13-01', 'must be a date (YYYY-MM-DD)'],
    ['text', 'x'.repeat(201), 'at most 200 characters'],
    ['textarea', 'x'.repeat(2000), null],
  ])('%s %#', (type, value, reason) => {
    expect(typeProblem(type, value)?.reason_en ?? null).toBe(reason);
  });

  it('select: one of the options', () => {
    expect(typeProblem('select', 'b', 'a\nb\n')).toBeNull();
    expect(typeProblem('select', 'c', 'a\nb')?.reason_en).toBe('must be one of: a, b');
  });
});

describe('validateFieldValues', () => {
  const fields = [
    field({ field_name: 'name', is_visitor_required_info: 1 }),
    field({ field_name: 'phone2', field_type: 'phone' }),
    field({ field_name: 'nation', field_type: 'select', data_range: '中国\n其他' }),
    field({ field_name: 'health', is_visitor_valid_info: 0, is_appointment_required_info: 1 }),
  ];

  it('keeps valid values and earlier ones not given', () => {
    expect(
      validateFieldValues(fields, [{ field_name: 'phone2', value: ' 13812345678 ' }], 'visitor', { name: '张三' }),
    ).toEqual({ name: '张三', phone2: '13812345678' });
  });

  it('an empty value removes one; a required one cannot be removed', () => {
    expect(
      validateFieldValues(fields, [{ field_name: 'phone2', value: '' }], 'visitor', {
        name: 'a',
        phone2: '13812345678',
      }),
    ).toEqual({ name: 'a' });
    expect(
      codeOf(() => validateFieldValues(fields, [{ field_name: 'name', value: ' ' }], 'visitor', { name: 'a' })),
    ).toBe('VISITOR_FIELD_REQUIRED');
  });

  it('refuses a bad type, an unknown field, and a field not shown in the mode', () => {
    expect(
      codeOf(() => validateFieldValues(fields, [{ field_name: 'nation', value: '火星' }], 'visitor', { name: 'a' })),
    ).toBe('VISITOR_FIELD_INVALID');
    expect(
      codeOf(() => validateFieldValues(fields, [{ field_name: 'nope', value: 'x' }], 'visitor', { name: 'a' })),
    ).toBe('VISITOR_FIELD_UNKNOWN');
    expect(
      codeOf(() => validateFieldValues(fields, [{ field_name: 'health', value: 'ok' }], 'visitor', { name: 'a' })),
    ).toBe('VISITOR_FIELD_UNKNOWN');
  });

  it('appointment mode follows the appointment flags', () => {
    expect(codeOf(() => validateFieldValues(fields, [], 'appointment'))).toBe('VISITOR_FIELD_REQUIRED');
    expect(validateFieldValues(fields, [{ field_name: 'health', value: 'ok' }], 'appointment')).toEqual({
      health: 'ok',
    });
  });

  it('information collection off: nothing required in either mode, values still checked by type', () => {
    const asked = infoFieldsAsked(fields, false);
    expect(validateFieldValues(asked, [], 'visitor')).toEqual({});
    expect(validateFieldValues(asked, [], 'appointment')).toEqual({});
    expect(codeOf(() => validateFieldValues(asked, [{ field_name: 'nation', value: '火星' }], 'visitor'))).toBe(
      'VISITOR_FIELD_INVALID',
    );
    expect(infoFieldsAsked(fields, true)).toEqual(fields);
  });

  it('the refusal names the field in both languages', () => {
    try {
      validateFieldValues(fields, [{ field_name: 'phone2', value: 'abc' }], 'visitor', { name: 'a' });
      expect.unreachable();
    } catch (err) {
      expect((err as AppError).texts).toEqual({
        zh: '字段不正确：须为手机号或固定电话',
        en: 'Field is not valid: must be a phone number',
      });
    }
  });

  it('the default fields accept their own select options', () => {
    const nationality = DEFAULT_INFO_FIELDS.find((f) => f.field_name === 'nationality')!;
    expect(
      validateFieldValues(DEFAULT_INFO_FIELDS, [{ field_name: 'nationality', value: '中国大陆' }], 'visitor'),
    ).toEqual({
      nationality: '中国大陆',
    });
    expect(nationality.field_type).toBe('select');
  });
});
