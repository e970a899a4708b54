import { isEmail, isPhone } from '@yuyue/shared';
import type { CollectionConfig } from '../collection-config/api/findCollectionConfigAll.ts';
import { isIsoDate } from './dates.ts';
import type { AppointmentInput } from './types.ts';

/** Longest texts the server takes (InputAppointmentInformation). */
export const FORM_LIMITS = { theme: 500, remark: 2000, phone: 50, email: 200, name: 200, value: 4000 } as const;
/** Most participants one booking names. */
export const MAX_PARTICIPANTS = 500;

export interface ParticipantValue {
  name: string;
  mobile: string;
}

export interface AttachmentValue {
  uri: string;
  name: string;
  /** Bytes. */
  size: number;
}

/** What the application form collects. */
export interface ApplicationValues {
  theme: string;
  phone: string;
  email: string;
  remark: string;
  participants: ParticipantValue[];
  attachment: AttachmentValue | null;
  /** The type's collected fields, by field_name. */
  fields: Record<string, string>;
  /** Asks for an online meeting (kept only when the resource offers meetings, see `offersMeeting`). */
  meeting: boolean;
}

/** Whether bookings of the resource may ask for an online meeting (its type's `wemeet_enable` is "1"). */
export function offersMeeting(resource: { wemeet_enable?: string | null } | null | undefined): boolean {
  return resource?.wemeet_enable === '1';
}

export function emptyApplication(contact: { phone?: string | null; email?: string | null } = {}): ApplicationValues {
  return {
    theme: '',
    phone: contact.phone ?? '',
    email: contact.email ?? '',
    remark: '',
    participants: [],
    attachment: null,
    fields: {},
    meeting: false,
  };
}

const NUMBER_RE = /^-?\d+(\.\d+)?$/;

/** A problem with one field: an i18n key under `booking.form.error` and its values. */
export interface FieldError {
  key: string;
  values?: Record<string, string | number>;
}

/**
 * Checks the form before submit. Keys of the result: theme, phone, email, remark,
 * `participants.<i>.name`, `participants.<i>.mobile`, `fields.<field_name>`; empty when valid.
 * `label` gives a collected field's label in the current language (for its messages).
 */
export function validateApplication(
  values: ApplicationValues,
  configs: readonly CollectionConfig[],
  label: (config: CollectionConfig) => string,
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  const theme = values.theme.trim();
  if (!theme) errors.theme = { key: 'booking.form.error.themeRequired' };
  else if (theme.length > FORM_LIMITS.theme)
    errors.theme = { key: 'booking.form.error.tooLong', values: { max: FORM_LIMITS.theme } };
  const phone = values.phone.trim();
  if (phone && !isPhone(phone)) errors.phone = { key: 'booking.form.error.phone' };
  const email = values.email.trim();
  if (email && (!isEmail(email) || email.length > FORM_LIMITS.email))
    errors.email = { key: 'booking.form.error.email' };
  if (values.remark.trim().length > FORM_LIMITS.remark) {
    errors.remark = { key: 'booking.form.error.tooLong', values: { max: FORM_LIMITS.remark } };
  }
  if (values.participants.length > MAX_PARTICIPANTS) {
    errors.participants = { key: 'booking.form.error.tooManyParticipants', values: { max: MAX_PARTICIPANTS } };
  }
  values.participants.forEach((p, i) => {
    const name = p.name.trim();
    if (!name) errors[`participants.${i}.name`] = { key: 'booking.form.error.participantName' };
    else if (name.length > FORM_LIMITS.name) {
      errors[`participants.${i}.name`] = { key: 'booking.form.error.tooLong', values: { max: FORM_LIMITS.name } };
    }
    const mobile = p.mobile.trim();
    if (mobile && !isPhone(mobile)) errors[`participants.${i}.mobile`] = { key: 'booking.form.error.phone' };
  });
  for (const config of configs) {
    const key = `fields.${config.field_name}`;
    const value = (values.fields[config.field_name] ?? '').trim();
    const name = label(config);
    if (!value) {
      if (config.required) errors[key] = { key: 'booking.form.error.required', values: { field: name } };
      continue;
    }
    if (value.length > FORM_LIMITS.value) {
      errors[key] = { key: 'booking.form.error.tooLong', values: { max: FORM_LIMITS.value } };
      continue;
    }
    switch (config.field_type) {
      case 'number':
        if (!NUMBER_RE.test(value)) errors[key] = { key: 'booking.form.error.number', values: { field: name } };
        break;
      case 'phone':
        if (!isPhone(value)) errors[key] = { key: 'booking.form.error.phone' };
        break;
      case 'email':
        if (!isEmail(value)) errors[key] = { key: 'booking.form.error.email' };
        break;
      case 'date':
        if (!isIsoDate(value)) errors[key] = { key: 'booking.form.error.date', values: { field: name } };
        break;
      case 'select':
        if (!config.options.some((o) => o.value === value)) {
          errors[key] = { key: 'booking.form.error.option', values: { field: name } };
        }
        break;
      default:
        break;
    }
  }
  return errors;
}

/**
 * The model of a submit: the form's values on the chosen resource and date. The booker comes
 * from the token; collected values carry both labels so lists can show them in either language.
 * `wemeet_enable` is '1' only when the form asks for a meeting and the resource offers meetings
 * (`target.offersMeeting`, see `offersMeeting`).
 */
export function applicationModel(
  values: ApplicationValues,
  configs: readonly CollectionConfig[],
  target: { resourceId: string; date: string; startTime?: string; endTime?: string; offersMeeting?: boolean },
): AppointmentInput {
  return {
    resources_id: target.resourceId,
    appointment_date: target.date,
    ...(target.startTime ? { start_time: target.startTime, end_time: target.endTime ?? '' } : {}),
    state: 0,
    person_times: 1,
    wemeet_enable: values.meeting && target.offersMeeting ? '1' : '0',
    theme: values.theme.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    remark: values.remark.trim(),
    enclosure: values.attachment?.uri ?? '',
    enclosure_name: values.attachment?.name ?? '',
    enclosure_size: values.attachment ? String(values.attachment.size) : '',
    participants_scope: '',
    appointmentParticipantList: values.participants.map((p) => ({
      participant_id: '',
      participant_name: p.name.trim(),
      participant_dept_id: '',
      participant_dept_name: '',
      mobile: p.mobile.trim(),
      email: '',
    })),
    appointmentCollectionList: configs
      .filter((c) => (values.fields[c.field_name] ?? '').trim() !== '')
      .map((c) => ({
        field_name: c.field_name,
        field_desc_cn: c.label_zh,
        field_desc_en: c.label_en,
        field_value: values.fields[c.field_name]!.trim(),
      })),
  };
}
