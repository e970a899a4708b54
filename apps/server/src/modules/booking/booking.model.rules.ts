import { isEmail, isPhone, uploadedFileIdOf } from '@yuyue/shared';

/** What a booking's form says about contacts and its attachment, as the rules read it. */
export interface ModelContacts {
  email?: string;
  phone?: string;
  enclosure?: string;
  appointmentParticipantList?: ({ mobile?: string; email?: string } | null)[] | null;
}

/** Where this server serves uploaded files: its base path and public origin. */
export interface FileLocation {
  basePath: string;
  origin: string;
}

export type ModelProblem = { code: 'EMAIL_INVALID' | 'PHONE_INVALID' | 'ENCLOSURE_NOT_UPLOADED'; field: string };

/**
 * The first problem of a booking's contact details or attachment, or null. Empty values pass
 * (whether a field is required is the form's rule); a phone or email must have its format; the
 * attachment must be a file uploaded to this server (no `javascript:`, `data:` or outside URL:
 * the back office shows it as a link). That the file exists is the service's check.
 */
export function modelProblem(model: ModelContacts, files: FileLocation): ModelProblem | null {
  if (model.email && !isEmail(model.email)) return { code: 'EMAIL_INVALID', field: 'email' };
  if (model.phone && !isPhone(model.phone)) return { code: 'PHONE_INVALID', field: 'phone' };
  for (const [i, p] of (model.appointmentParticipantList ?? []).entries()) {
    if (p?.mobile && !isPhone(p.mobile))
      return { code: 'PHONE_INVALID', field: `appointmentParticipantList[${i}].mobile` };
    if (p?.email && !isEmail(p.email))
      return { code: 'EMAIL_INVALID', field: `appointmentParticipantList[${i}].email` };
  }
  if (model.enclosure && !uploadedFileIdOf(model.enclosure, { basePath: files.basePath, origin: files.origin })) {
    return { code: 'ENCLOSURE_NOT_UPLOADED', field: 'enclosure' };
  }
  return null;
}
