import { formatDateTime, maskName, maskPhone } from '@yuyue/shared';
import { withTenant, type Executor } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findUserByAccount, updateUser } from '../directory/directory.repository.ts';
import { sealPhone } from './visitors.crypto.ts';
import { signedIn, visitorRightsOf } from './visitors.access.ts';
import * as repo from './visitors.profile.repository.ts';
import { checkPhone, checkRegistrationValues } from './visitors.registration.rules.ts';
import { ensureVisitorDefaults, listInfoFields, listRegisterFields } from './visitors.settings.repository.ts';
import { infoFieldsAsked, validateFieldValues, type FieldValueInput } from './visitors.settings.rules.ts';
import { sealFieldValues, shownFieldValues } from './visitors.settings.service.ts';
import { decrypt, visitorKeys } from '../../platform/data-key.ts';

/** The information fields kept for a visitor (`info`), as strings. */
function infoOf(row: repo.VisitorRow): Record<string, string> {
  const info = row.info && typeof row.info === 'object' && !Array.isArray(row.info) ? row.info : {};
  return Object.fromEntries(
    Object.entries(info as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

/** A visitor's registration as the contract shows it: numbers masked unless `whole`. */
async function wireVisitor(
  ctx: RequestContext,
  tx: Executor,
  tenant: { id: string; timeZone: string },
  row: repo.VisitorRow,
  whole: boolean,
) {
  const keys = visitorKeys(ctx.config);
  const fields = await listInfoFields(tx, tenant.id);
  const info = shownFieldValues(keys, tenant.id, fields, infoOf(row), whole);
  const visit = await repo.latestAppointmentOf(tx, tenant.id, row.id);
  // Information collection off (overall settings): nothing is asked, so nothing is missing.
  const collecting = (await ensureVisitorDefaults(tx, tenant.id)).is_visitor_infor === 1;
  const required = infoFieldsAsked(fields, collecting).filter(
    (f) => f.is_visitor_valid_info === 1 && f.is_visitor_required_info === 1,
  );
  return {
    id: row.id,
    visitor_name: row.visitor_name,
    card_type: row.card_type,
    card_number: whole ? decrypt(keys, tenant.id, row.card_number_enc) : row.card_number_mask,
    phone: whole ? decrypt(keys, tenant.id, row.phone_enc) : row.phone_mask,
    gender: row.gender,
    identity_type: row.identity_type,
    email: row.email,
    unit: row.unit,
    post: row.post,
    person_type: row.person_type,
    is_car: row.is_car,
    car_product: row.car_product,
    car_card_number: row.car_card_number,
    password: null,
    is_valid: row.is_valid,
    visitor_picture: row.visitor_picture,
    visit_path: visit?.visitor_type ?? null,
    in_school_date: visit?.in_school_date ?? null,
    in_school_reason: visit?.in_school_reason ?? null,
    in_school_area: visit?.in_school_area ?? null,
    peers: visit?.peers ?? null,
    in_child: visit?.in_child ?? null,
    accept_visit_name: visit?.accept_visit_name ?? null,
    accept_visit_phone: visit ? (whole ? visit.accept_visit_phone : maskPhone(visit.accept_visit_phone)) : null,
    accept_visit_unit: visit?.accept_visit_unit ?? null,
    remark: row.remark,
    infoList: fields
      .filter((f) => f.is_visitor_valid_info === 1 || info[f.field_name])
      .map((f) => ({
        field_name: f.field_name,
        field_label: f.field_label,
        field_label_en: f.field_label_en,
        value: info[f.field_name] ?? '',
      })),
    info_complete: required.every((f) => Boolean(info[f.field_name])),
    data_source: row.data_source,
    create_time: formatDateTime(row.create_time.getTime(), tenant.timeZone),
  };
}

/**
 * `findVisitorInfoByAccount`: a visitor gets their own registration (account ignored); a
 * holder of the visitor 'admin' right the registration of the visitor signing in as `account`.
 * Numbers come masked; `whole` (the 'admin' right only) gives them whole and writes that view
 * to the operate log. Anyone else is refused.
 */
export async function visitorInfoByAccount(ctx: RequestContext, account: unknown, wholeArg: unknown) {
  const { tenant, user } = signedIn(ctx);
  const whole = wholeArg === true;
  return withTenant(ctx.db, tenant.id, async (tx) => {
    let row: repo.VisitorRow | undefined;
    if (user.role === 'visitor') {
      if (whole) throw new AppError('FORBIDDEN');
      row = await repo.visitorOfUser(tx, tenant.id, user.id);
    } else {
      if (!(await visitorRightsOf(tx, tenant.id, user)).has('admin')) throw new AppError('FORBIDDEN');
      const name = typeof account === 'string' ? account.trim() : '';
      if (!name) throw new AppError('REQUIRED', { field: 'account' });
      const owner = await findUserByAccount(tx, tenant.id, name.slice(0, 200));
      row = owner?.role === 'visitor' ? await repo.visitorOfUser(tx, tenant.id, owner.id) : undefined;
    }
    if (!row) throw new AppError('VISITOR_NOT_FOUND');
    if (whole) {
      await audit(tx, ctx, {
        module: 'visitor',
        type: 'viewWhole',
        content: `${maskName(row.visitor_name)} ${row.phone_mask} ${row.card_number_mask}`.trim(),
        object: row.id,
      });
    }
    return wireVisitor(ctx, tx, tenant, row, whole);
  });
}

/** `findVisitorInfoByPhone`: whether a phone is a registered visitor's, with the name masked (a host inviting). */
export async function visitorByPhone(ctx: RequestContext, phoneArg: unknown) {
  const { tenant } = signedIn(ctx);
  const phone = checkPhone(phoneArg);
  const sealed = sealPhone(visitorKeys(ctx.config), tenant.id, phone);
  const row = await withTenant(ctx.db, tenant.id, (tx) => repo.visitorByPhoneHash(tx, tenant.id, sealed.phone_hash));
  return {
    registered: Boolean(row && row.is_valid === 1),
    visitor_name: row && row.is_valid === 1 ? maskName(row.visitor_name) : null,
    phone: sealed.phone_mask,
  };
}

/**
 * `updateVisitorAddFieldInfo`: the signed-in visitor's information fields (checked by type and
 * required flag; fields not listed keep their value) and the registration fields given in
 * `model` (never phone, ID number or password). Returns the visitor's id.
 */
export async function updateAddFieldInfo(ctx: RequestContext, fieldsArg: unknown, modelArg: unknown): Promise<string> {
  const { tenant, user } = signedIn(ctx);
  if (user.role !== 'visitor') throw new AppError('FORBIDDEN');
  const given = (Array.isArray(fieldsArg) ? fieldsArg : []) as FieldValueInput[];
  if (given.length > 100) throw new AppError('INVALID_INPUT', { detail: 'fields: at most 100' });
  const model = { ...((modelArg && typeof modelArg === 'object' ? modelArg : {}) as Record<string, unknown>) };
  for (const never of ['phone', 'card_number', 'card_type', 'password', 'verification_code']) delete model[never];
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await repo.visitorOfUser(tx, tenant.id, user.id);
    if (!row) throw new AppError('VISITOR_NOT_FOUND');
    const fields = await listInfoFields(tx, tenant.id);
    const collecting = (await ensureVisitorDefaults(tx, tenant.id)).is_visitor_infor === 1;
    const info = sealFieldValues(
      visitorKeys(ctx.config),
      tenant.id,
      fields,
      validateFieldValues(infoFieldsAsked(fields, collecting), given, 'visitor', infoOf(row)),
    );
    const profile = checkRegistrationValues(model, await listRegisterFields(tx, tenant.id), { partial: true });
    delete profile.card_number;
    delete profile.card_type;
    const saved = await repo.updateVisitor(tx, tenant.id, row.id, { ...profile, info });
    if (profile.visitor_name && profile.visitor_name !== row.visitor_name) {
      await updateUser(tx, tenant.id, user.id, { name: profile.visitor_name, username: profile.visitor_name });
    }
    await audit(tx, ctx, {
      module: 'visitor',
      type: 'updateInfo',
      content: `${maskName(saved!.visitor_name)} ${Object.keys(info).join(',')}`.slice(0, 500),
      object: row.id,
    });
    return row.id;
  });
}
