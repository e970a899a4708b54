import { describe, expect, it } from 'vitest';
import { guestErrors, guestModel } from './bookingGuests.ts';
import {
  resetErrors,
  visitEditErrors,
  visitEditModel,
  applicationErrors,
  applicationModel,
  infoFieldProblem,
  invitationErrors,
  invitationModels,
  isMobile,
  isResidentId,
  passwordProblem,
  registrationErrors,
  registrationModel,
  shownRegisterFields,
  type ApplicationValues,
} from './forms.ts';
import type { InfoField, RegisterField } from './types.ts';

const field = (field_name: string, over: Partial<RegisterField> = {}): RegisterField => ({
  id: field_name,
  field_name,
  field_label: null,
  field_label_en: null,
  is_valid: 1,
  is_required: 0,
  sort: 0,
  ...over,
});

const info = (field_name: string, field_type: string, over: Partial<InfoField> = {}): InfoField => ({
  id: field_name,
  field_name,
  field_label: field_name,
  field_label_en: null,
  field_type,
  fieldTypeName: null,
  fieldTypeName_en: null,
  data_range: null,
  is_visitor_valid_info: 1,
  is_visitor_required_info: 0,
  is_appointment_required_info: 0,
  is_appointment_valid_info: 0,
  sort: 0,
  ...over,
});

describe('identity numbers, phones, passwords', () => {
  it.each([
    ['11010519491231002X', true],
    ['110105194912310021', false], // wrong check digit
    ['110105194902300020', false], // no 30 February
    ['11010519491231002', false],
  ])('resident ID %s: %s', (id, ok) => expect(isResidentId(id)).toBe(ok));

  it.each([
    ['13812345678', true],
    ['+86 138 1234 5678', true],
    ['12812345678', false],
    ['1381234567', false],
  ])('mobile %s: %s', (phone, ok) => expect(isMobile(phone)).toBe(ok));

  it.each([
    ['short1', 'visitors.error.passwordLength'],
    ['onlyletters', 'visitors.error.passwordMix'],
    ['12345678', 'visitors.error.passwordMix'],
    ['abc12345', null],
    [`a1${'x'.repeat(63)}`, 'visitors.error.passwordLength'],
  ])('password %s: %s', (pw, problem) => expect(passwordProblem(pw)).toBe(problem));
});

describe('registration', () => {
  it('shows the valid fields in order, phone and password always, never the picture', () => {
    const shown = shownRegisterFields([
      field('unit', { sort: 3 }),
      field('visitor_name', { sort: 1 }),
      field('email', { sort: 2, is_valid: 0 }),
      field('visitor_picture', { sort: 4 }),
    ]);
    expect(shown.map((f) => f.field_name)).toEqual(['phone', 'visitor_name', 'unit', 'password']);
  });

  const fields = shownRegisterFields([
    field('visitor_name', { sort: 1, is_required: 1 }),
    field('card_type', { sort: 2 }),
    field('card_number', { sort: 3, is_required: 1 }),
    field('is_car', { sort: 4 }),
    field('car_card_number', { sort: 5 }),
  ]);
  const good = {
    phone: '13812345678',
    verification_code: '123456',
    visitor_name: '张三',
    card_type: '1',
    card_number: '11010519491231002x',
    password: 'abc12345',
    password_confirm: 'abc12345',
    is_car: '0',
  };

  it('accepts a complete registration and sends the shown fields only', () => {
    expect(registrationErrors(fields, good)).toEqual({});
    expect(registrationModel(fields, { ...good, car_card_number: '京A12345' })).toEqual({
      phone: '13812345678',
      verification_code: '123456',
      password: 'abc12345',
      visitor_name: '张三',
      card_type: '1',
      card_number: '11010519491231002x',
      is_car: 0,
    });
  });

  it('names each problem: required, bad ID, code, password mismatch, plate when by car', () => {
    const errors = registrationErrors(fields, {
      ...good,
      visitor_name: ' ',
      card_number: '110105194912310021',
      verification_code: '12',
      password_confirm: 'other123',
      is_car: '1',
    });
    expect(Object.fromEntries(Object.entries(errors).map(([k, e]) => [k, e.key]))).toEqual({
      visitor_name: 'visitors.error.required',
      card_number: 'visitors.error.idCard',
      car_card_number: 'visitors.error.required',
      verification_code: 'visitors.error.code',
      password_confirm: 'visitors.error.passwordMismatch',
    });
  });

  it('checks a passport number by its own rule', () => {
    expect(registrationErrors(fields, { ...good, card_type: '2', card_number: 'E1234567' })).toEqual({});
    expect(registrationErrors(fields, { ...good, card_type: '2', card_number: 'E1' }).card_number?.key).toBe(
      'visitors.error.cardNumber',
    );
  });
});

describe('information fields by type', () => {
  it.each([
    [info('n', 'number'), '12.5', null],
    [info('n', 'number'), 'abc', 'visitors.error.number'],
    [info('e', 'email'), 'a@b.cn', null],
    [info('e', 'email'), 'a@b', 'visitors.error.email'],
    [info('i', 'idcard'), '11010519491231002X', null],
    [info('i', 'idcard'), '123', 'visitors.error.idCard'],
    [info('d', 'date'), '2026-02-30x', 'visitors.error.date'],
    [info('s', 'select', { data_range: ['中国', '其他'] }), '其他', null],
    [info('s', 'select', { data_range: ['中国', '其他'] }), 'Mars', 'visitors.error.option'],
    [info('t', 'text'), '', null],
  ])('%# %s', (f, value, key) => expect(infoFieldProblem(f, value, false)?.key ?? null).toBe(key));

  it('a required field must be filled in', () => {
    expect(infoFieldProblem(info('t', 'text'), '  ', true)?.key).toBe('visitors.error.required');
  });
});

describe('application', () => {
  const today = '2026-11-27';
  const good: ApplicationValues = {
    in_school_date: '2026-11-28',
    in_school_reason: '交流',
    areas: ['a1', 'a2'],
    peers: 2,
    in_child: 1,
    accept_visit_name: '李老师',
    accept_visit_phone: '13900000000',
    accept_visit_unit: '物理系',
    is_car: true,
    car_product: 'BYD',
    car_card_number: '京a12345',
    info: { emergency: '王五' },
  };
  const fields = [info('emergency', 'text', { is_appointment_valid_info: 1, is_appointment_required_info: 1 })];

  it('accepts a complete application and sends it as the contract asks', () => {
    expect(applicationErrors(good, today, fields)).toEqual({});
    expect(applicationModel(good, fields)).toEqual({
      visitor_type: '1',
      in_school_date: '2026-11-28',
      in_school_reason: '交流',
      in_school_area: 'a1,a2',
      peers: 2,
      in_child: 1,
      accept_visit_name: '李老师',
      accept_visit_phone: '13900000000',
      accept_visit_unit: '物理系',
      is_car: 1,
      car_product: 'BYD',
      car_card_number: '京A12345',
      infoList: [{ field_name: 'emergency', value: '王五' }],
    });
  });

  it('refuses a past day, no area, a full area, a bad party, a missing plate and a required field', () => {
    const keys = (e: Record<string, { key: string }>) =>
      Object.fromEntries(Object.entries(e).map(([k, v]) => [k, v.key]));
    expect(
      keys(
        applicationErrors(
          { ...good, in_school_date: '2026-11-26', areas: [], peers: -1, car_card_number: '', info: {} },
          today,
          fields,
        ),
      ),
    ).toEqual({
      in_school_date: 'visitors.error.past',
      areas: 'visitors.error.area',
      peers: 'visitors.error.party',
      car_card_number: 'visitors.error.required',
      'info.emergency': 'visitors.error.required',
    });
    expect(applicationErrors(good, today, fields, ['a2']).areas?.key).toBe('visitors.error.full');
  });
});

describe('invitation', () => {
  it('needs each guest named with a distinct mobile, and sends one visit per guest', () => {
    const v = {
      guests: [
        { visitor_name: '甲', phone: '13800000001' },
        { visitor_name: '', phone: '138 0000 0001' },
      ],
      in_school_date: '2026-11-27',
      in_school_reason: '讲座',
      areas: ['a1'],
    };
    const errors = invitationErrors(v, '2026-11-27');
    expect(errors['guests.1.visitor_name']?.key).toBe('visitors.error.required');
    expect(errors['guests.1.phone']?.key).toBe('visitors.error.duplicateGuest');
    const fixed = { ...v, guests: [v.guests[0]!, { visitor_name: '乙', phone: '+86 13800000002' }] };
    expect(invitationErrors(fixed, '2026-11-27')).toEqual({});
    expect(invitationModels(fixed).map((m) => [m.visitor_type, m.visitor_name, m.phone, m.in_school_area])).toEqual([
      ['2', '甲', '13800000001', 'a1'],
      ['2', '乙', '13800000002', 'a1'],
    ]);
  });
});

describe('password reset, changing a visit, booking guests', () => {
  const keys = (e: Record<string, { key: string }>) =>
    Object.fromEntries(Object.entries(e).map(([k, v]) => [k, v.key]));

  it('reset: a mobile, the 6-digit code, a valid password typed twice', () => {
    expect(keys(resetErrors({ phone: '', verification_code: '', password: '', password_confirm: '' }))).toEqual({
      phone: 'visitors.error.required',
      verification_code: 'visitors.error.code',
      password: 'visitors.error.required',
    });
    expect(
      keys(resetErrors({ phone: '12345', verification_code: '12345', password: 'abcdefgh', password_confirm: '' })),
    ).toEqual({
      phone: 'visitors.error.phone',
      verification_code: 'visitors.error.code',
      password: 'visitors.error.passwordMix',
    });
    expect(
      keys(
        resetErrors({ phone: '13812345678', verification_code: '123456', password: 'abc12345', password_confirm: 'x' }),
      ),
    ).toEqual({ password_confirm: 'visitors.error.passwordMismatch' });
    expect(
      resetErrors({
        phone: '+86 138 1234 5678',
        verification_code: '123456',
        password: 'abc12345',
        password_confirm: 'abc12345',
      }),
    ).toEqual({});
  });

  it('a change: checked as an application (party alone for a booking guest) and sent with its id', () => {
    const v = {
      in_school_date: '2099-02-01',
      in_school_reason: ' ',
      areas: [],
      peers: 51,
      in_child: 0,
      is_car: true,
      car_product: '',
      car_card_number: 'x',
    };
    expect(keys(visitEditErrors(v, '2099-03-01'))).toEqual({
      peers: 'visitors.error.party',
      in_school_date: 'visitors.error.past',
      in_school_reason: 'visitors.error.required',
      areas: 'visitors.error.area',
      car_card_number: 'visitors.error.plate',
    });
    expect(keys(visitEditErrors(v, '2099-03-01', true))).toEqual({ peers: 'visitors.error.party' });
    const ok = {
      ...v,
      in_school_date: '2099-03-02',
      in_school_reason: ' 会谈 ',
      areas: ['a1', 'a2'],
      peers: 1,
      car_card_number: '京a12345',
    };
    expect(visitEditErrors(ok, '2099-03-01')).toEqual({});
    expect(visitEditModel('v1', ok)).toEqual({
      id: 'v1',
      in_school_date: '2099-03-02',
      in_school_reason: '会谈',
      in_school_area: 'a1,a2',
      peers: 1,
      in_child: 0,
      is_car: 1,
      car_product: '',
      car_card_number: '京A12345',
    });
    expect(visitEditModel('v1', ok, true)).toEqual({ id: 'v1', peers: 1, in_child: 0 });
  });

  it('a booking guest: a name and a mobile, sent as visitor type 3 of the booking', () => {
    expect(keys(guestErrors({ visitor_name: ' ', phone: '123' }))).toEqual({
      visitor_name: 'visitors.error.required',
      phone: 'visitors.error.phone',
    });
    expect(guestErrors({ visitor_name: '王五', phone: '139 0000 0001' })).toEqual({});
    expect(guestModel('b1', { visitor_name: ' 王五 ', phone: '+86 139 0000 0001' })).toEqual({
      visitor_type: '3',
      booking_id: 'b1',
      visitor_name: '王五',
      phone: '13900000001',
    });
  });
});
