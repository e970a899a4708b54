/**
 * The visitor screens' form rules, pure: each check returns, per field, the key of the text
 * saying what is wrong (`visitors.error.*`), or nothing. The server checks the same again.
 */
import { isEmail } from '@yuyue/shared';
import type { InfoField, RegisterField, Visit, VisitInput } from './types.ts';

/** Field name -> error text key (and its values). */
export type FormErrors = Record<string, { key: string; values?: Record<string, unknown> }>;

const req = { key: 'visitors.error.required' };

/** A phone as digits, without a +86 prefix or separators. */
export function normalisePhone(phone: string): string {
  return phone.replace(/[^\d+]/g, '').replace(/^\+?86(?=1\d{10}$)/, '');
}

/** A mainland mobile number (11 digits starting with 1), what a one-time code is sent to. */
export function isMobile(phone: string): boolean {
  return /^1[3-9]\d{9}$/.test(normalisePhone(phone));
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** A resident ID card number (18 characters, a real date of birth and the right check digit). */
export function isResidentId(value: string): boolean {
  const id = value.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d) return false;
  const sum = ID_WEIGHTS.reduce((s, w, i) => s + w * Number(id[i]), 0);
  return ID_CHECK[sum % 11] === id[17];
}

/** A password visitors may choose: 8-64 characters with a letter and a digit. */
export function passwordProblem(password: string): string | null {
  if (password.length < 8 || password.length > 64) return 'visitors.error.passwordLength';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return 'visitors.error.passwordMix';
  return null;
}

/** A car plate: 5-10 letters, digits or Chinese characters. */
export function isPlate(value: string): boolean {
  return /^[\p{Script=Han}A-Za-z0-9·-]{5,10}$/u.test(value.trim());
}

/** The registration fields to show: valid ones, in order (phone and password always). */
export function shownRegisterFields(fields: readonly RegisterField[]): RegisterField[] {
  const shown = fields
    .filter((f) => f.is_valid === 1 && f.field_name !== 'visitor_picture')
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  const always = (name: string, sort: number): RegisterField => ({
    id: name,
    field_name: name,
    field_label: null,
    field_label_en: null,
    is_valid: 1,
    is_required: 1,
    sort,
  });
  if (!shown.some((f) => f.field_name === 'phone')) shown.unshift(always('phone', -1));
  if (!shown.some((f) => f.field_name === 'password')) shown.push(always('password', 1e6));
  return shown;
}

/** What the registration form holds: field name -> text (is_car '1' or '0'). */
export type RegistrationValues = Record<string, string>;

/** The registration's problems, for the fields shown (`fields` as `shownRegisterFields` gives them). */
export function registrationErrors(fields: readonly RegisterField[], v: RegistrationValues): FormErrors {
  const errors: FormErrors = {};
  const val = (name: string) => (v[name] ?? '').trim();
  for (const f of fields) {
    const name = f.field_name;
    const value = val(name);
    const required = f.is_required === 1 || name === 'phone' || name === 'password';
    const carPart = name === 'car_product' || name === 'car_card_number';
    if (carPart && val('is_car') !== '1') continue;
    if (!value && name !== 'is_car') {
      if (required || (carPart && name === 'car_card_number')) errors[name] = req;
      continue;
    }
    if (name === 'phone' && !isMobile(value)) errors[name] = { key: 'visitors.error.phone' };
    if (name === 'email' && !isEmail(value)) errors[name] = { key: 'visitors.error.email' };
    if (name === 'card_number' && (val('card_type') || '1') === '1' && !isResidentId(value))
      errors[name] = { key: 'visitors.error.idCard' };
    if (name === 'card_number' && val('card_type') && val('card_type') !== '1' && !/^[A-Za-z0-9]{5,20}$/.test(value))
      errors[name] = { key: 'visitors.error.cardNumber' };
    if (name === 'car_card_number' && !isPlate(value)) errors[name] = { key: 'visitors.error.plate' };
    if (name === 'password') {
      const problem = passwordProblem(v.password ?? '');
      if (problem) errors[name] = { key: problem };
    }
    if (value.length > 100 && name !== 'remark') errors[name] = { key: 'visitors.error.tooLong', values: { max: 100 } };
  }
  if (!errors.password && (v.password ?? '') !== (v.password_confirm ?? ''))
    errors.password_confirm = { key: 'visitors.error.passwordMismatch' };
  if (!/^\d{6}$/.test(val('verification_code'))) errors.verification_code = { key: 'visitors.error.code' };
  return errors;
}

/** What the password reset form holds. */
export interface ResetValues {
  phone: string;
  verification_code: string;
  password: string;
  password_confirm: string;
}

/** The password reset's problems: a mobile number, the 6-digit code, a valid new password typed twice. */
export function resetErrors(v: ResetValues): FormErrors {
  const errors: FormErrors = {};
  if (!v.phone.trim()) errors.phone = req;
  else if (!isMobile(v.phone)) errors.phone = { key: 'visitors.error.phone' };
  if (!/^\d{6}$/.test(v.verification_code.trim())) errors.verification_code = { key: 'visitors.error.code' };
  const problem = v.password ? passwordProblem(v.password) : req.key;
  if (problem) errors.password = { key: problem };
  else if (v.password !== v.password_confirm) errors.password_confirm = { key: 'visitors.error.passwordMismatch' };
  return errors;
}

/** The registration as sent: the fields shown, trimmed, is_car as a number. */
export function registrationModel(
  fields: readonly RegisterField[],
  v: RegistrationValues,
): Record<string, string | number> {
  const model: Record<string, string | number> = {
    phone: normalisePhone(v.phone ?? ''),
    verification_code: (v.verification_code ?? '').trim(),
    password: v.password ?? '',
  };
  for (const f of fields) {
    const name = f.field_name;
    if (name === 'phone' || name === 'password') continue;
    const value = (v[name] ?? '').trim();
    if (name === 'is_car') model.is_car = value === '1' ? 1 : 0;
    else if ((name === 'car_product' || name === 'car_card_number') && v.is_car !== '1') continue;
    else if (value) model[name] = name === 'car_card_number' ? value.toUpperCase() : value;
  }
  return model;
}

/** The problem of one information field's value, by its type, or null. */
export function infoFieldProblem(field: InfoField, value: string, required: boolean): FormErrors[string] | null {
  const v = value.trim();
  if (!v) return required ? req : null;
  switch (field.field_type) {
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(v) ? null : { key: 'visitors.error.number' };
    case 'phone':
      return /^\+?[0-9][0-9 -]{4,19}$/.test(v) ? null : { key: 'visitors.error.phone' };
    case 'email':
      return isEmail(v) ? null : { key: 'visitors.error.email' };
    case 'idcard':
      return isResidentId(v) ? null : { key: 'visitors.error.idCard' };
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? null : { key: 'visitors.error.date' };
    case 'select':
      return (field.data_range ?? []).includes(v) ? null : { key: 'visitors.error.option' };
    case 'textarea':
      return v.length > 500 ? { key: 'visitors.error.tooLong', values: { max: 500 } } : null;
    default:
      return v.length > 100 ? { key: 'visitors.error.tooLong', values: { max: 100 } } : null;
  }
}

/** The problems of information fields (`required(field)`: whether it must be filled in). */
export function infoErrors(
  fields: readonly InfoField[],
  values: Record<string, string>,
  required: (field: InfoField) => boolean,
): FormErrors {
  const errors: FormErrors = {};
  for (const f of fields) {
    const problem = infoFieldProblem(f, values[f.field_name] ?? '', required(f));
    if (problem) errors[f.field_name] = problem;
  }
  return errors;
}

/** What a visitor's application form holds. */
export interface ApplicationValues {
  in_school_date: string;
  in_school_reason: string;
  areas: string[];
  peers: number;
  in_child: number;
  accept_visit_name: string;
  accept_visit_phone: string;
  accept_visit_unit: string;
  is_car: boolean;
  car_product: string;
  car_card_number: string;
  info: Record<string, string>;
}

/** Most people one application brings along (peers and children each). */
export const MAX_PARTY = 50;

/**
 * The application's problems: a date from today on, a reason, an area, a party within limits,
 * the host's name and phone, a plate when coming by car, the information fields it asks for.
 * `full`: areas whose quota the party does not fit on that date.
 */
export function applicationErrors(
  v: ApplicationValues,
  today: string,
  infoFields: readonly InfoField[],
  full: readonly string[] = [],
): FormErrors {
  const errors: FormErrors = {};
  if (!v.in_school_date) errors.in_school_date = req;
  else if (v.in_school_date < today) errors.in_school_date = { key: 'visitors.error.past' };
  if (!v.in_school_reason.trim()) errors.in_school_reason = req;
  else if (v.in_school_reason.trim().length > 200)
    errors.in_school_reason = { key: 'visitors.error.tooLong', values: { max: 200 } };
  if (!v.areas.length) errors.areas = { key: 'visitors.error.area' };
  else if (full.length) errors.areas = { key: 'visitors.error.full' };
  for (const k of ['peers', 'in_child'] as const)
    if (!Number.isInteger(v[k]) || v[k] < 0 || v[k] > MAX_PARTY)
      errors[k] = { key: 'visitors.error.party', values: { max: MAX_PARTY } };
  if (!v.accept_visit_name.trim()) errors.accept_visit_name = req;
  if (!v.accept_visit_phone.trim()) errors.accept_visit_phone = req;
  else if (!/^\+?[0-9][0-9 -]{4,19}$/.test(v.accept_visit_phone.trim()))
    errors.accept_visit_phone = { key: 'visitors.error.phone' };
  if (v.is_car) {
    if (!v.car_card_number.trim()) errors.car_card_number = req;
    else if (!isPlate(v.car_card_number)) errors.car_card_number = { key: 'visitors.error.plate' };
  }
  Object.assign(errors, prefixed(infoErrors(infoFields, v.info, (f) => f.is_appointment_required_info === 1)));
  return errors;
}

/** Information field errors keyed `info.<field_name>` (beside the form's own fields). */
function prefixed(errors: FormErrors): FormErrors {
  return Object.fromEntries(Object.entries(errors).map(([k, e]) => [`info.${k}`, e]));
}

/** The application as sent (visitor_type '1': the visitor's own). */
export function applicationModel(v: ApplicationValues, infoFields: readonly InfoField[]): VisitInput {
  return {
    visitor_type: '1',
    in_school_date: v.in_school_date,
    in_school_reason: v.in_school_reason.trim(),
    in_school_area: v.areas.join(','),
    peers: v.peers,
    in_child: v.in_child,
    accept_visit_name: v.accept_visit_name.trim(),
    accept_visit_phone: v.accept_visit_phone.trim(),
    accept_visit_unit: v.accept_visit_unit.trim(),
    is_car: v.is_car ? 1 : 0,
    ...(v.is_car ? { car_product: v.car_product.trim(), car_card_number: v.car_card_number.trim().toUpperCase() } : {}),
    infoList: infoFields
      .filter((f) => (v.info[f.field_name] ?? '').trim())
      .map((f) => ({ field_name: f.field_name, value: v.info[f.field_name]!.trim() })),
  };
}

/** One invited guest. */
export interface Guest {
  visitor_name: string;
  phone: string;
}

/** What a host's invitation form holds. */
export interface InvitationValues {
  guests: Guest[];
  in_school_date: string;
  in_school_reason: string;
  areas: string[];
}

/** Most guests one invitation names. */
export const MAX_GUESTS = 50;

/** The invitation's problems (guest fields keyed `guests.<i>.visitor_name` / `.phone`). */
export function invitationErrors(v: InvitationValues, today: string): FormErrors {
  const errors: FormErrors = {};
  if (!v.guests.length) errors.guests = { key: 'visitors.error.guests' };
  if (v.guests.length > MAX_GUESTS)
    errors.guests = { key: 'visitors.error.tooManyGuests', values: { max: MAX_GUESTS } };
  const seen = new Set<string>();
  v.guests.forEach((g, i) => {
    if (!g.visitor_name.trim()) errors[`guests.${i}.visitor_name`] = req;
    else if (g.visitor_name.trim().length > 50)
      errors[`guests.${i}.visitor_name`] = { key: 'visitors.error.tooLong', values: { max: 50 } };
    const phone = normalisePhone(g.phone);
    if (!g.phone.trim()) errors[`guests.${i}.phone`] = req;
    else if (!isMobile(phone)) errors[`guests.${i}.phone`] = { key: 'visitors.error.phone' };
    else if (seen.has(phone)) errors[`guests.${i}.phone`] = { key: 'visitors.error.duplicateGuest' };
    seen.add(phone);
  });
  if (!v.in_school_date) errors.in_school_date = req;
  else if (v.in_school_date < today) errors.in_school_date = { key: 'visitors.error.past' };
  if (!v.in_school_reason.trim()) errors.in_school_reason = req;
  if (!v.areas.length) errors.areas = { key: 'visitors.error.area' };
  return errors;
}

/** The invitation as sent: one visit per guest (visitor_type '2'). */
export function invitationModels(v: InvitationValues): VisitInput[] {
  return v.guests.map((g) => ({
    visitor_type: '2',
    visitor_name: g.visitor_name.trim(),
    phone: normalisePhone(g.phone),
    in_school_date: v.in_school_date,
    in_school_reason: v.in_school_reason.trim(),
    in_school_area: v.areas.join(','),
    peers: 0,
    in_child: 0,
  }));
}

/** What the change of a visit not yet approved holds (updateVisitorAppointment). */
export interface VisitEditValues {
  in_school_date: string;
  in_school_reason: string;
  areas: string[];
  peers: number;
  in_child: number;
  is_car: boolean;
  car_product: string;
  car_card_number: string;
}

/** The visit's values as the change form starts from them. */
export function visitEditValues(v: Visit): VisitEditValues {
  return {
    in_school_date: (v.in_school_date ?? '').slice(0, 10),
    in_school_reason: v.in_school_reason ?? '',
    areas: (v.in_school_area ?? '').split(',').filter(Boolean),
    peers: v.peers ?? 0,
    in_child: v.in_child ?? 0,
    is_car: v.is_car === 1,
    car_product: v.car_product ?? '',
    car_card_number: v.car_card_number ?? '',
  };
}

/**
 * A change's problems: as an application's (date from today on, reason, an area, party within
 * limits, a plate when by car); `partyOnly` (a booking's guest: the booking fixes day and areas)
 * checks the party alone.
 */
export function visitEditErrors(v: VisitEditValues, today: string, partyOnly = false): FormErrors {
  const errors: FormErrors = {};
  for (const k of ['peers', 'in_child'] as const)
    if (!Number.isInteger(v[k]) || v[k] < 0 || v[k] > MAX_PARTY)
      errors[k] = { key: 'visitors.error.party', values: { max: MAX_PARTY } };
  if (partyOnly) return errors;
  if (!v.in_school_date) errors.in_school_date = req;
  else if (v.in_school_date < today) errors.in_school_date = { key: 'visitors.error.past' };
  if (!v.in_school_reason.trim()) errors.in_school_reason = req;
  else if (v.in_school_reason.trim().length > 200)
    errors.in_school_reason = { key: 'visitors.error.tooLong', values: { max: 200 } };
  if (!v.areas.length) errors.areas = { key: 'visitors.error.area' };
  if (v.is_car) {
    if (!v.car_card_number.trim()) errors.car_card_number = req;
    else if (!isPlate(v.car_card_number)) errors.car_card_number = { key: 'visitors.error.plate' };
  }
  return errors;
}

/** The change as sent: the visit's id and what the form holds (`partyOnly`: the party alone). */
export function visitEditModel(id: string, v: VisitEditValues, partyOnly = false): VisitInput & { id: string } {
  if (partyOnly) return { id, peers: v.peers, in_child: v.in_child };
  return {
    id,
    in_school_date: v.in_school_date,
    in_school_reason: v.in_school_reason.trim(),
    in_school_area: v.areas.join(','),
    peers: v.peers,
    in_child: v.in_child,
    is_car: v.is_car ? 1 : 0,
    ...(v.is_car ? { car_product: v.car_product.trim(), car_card_number: v.car_card_number.trim().toUpperCase() } : {}),
  };
}
