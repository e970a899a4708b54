import { randomInt } from 'node:crypto';
import { maskName } from '@yuyue/shared';
import { withTenant } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { addressKey } from '../../platform/auth/login-throttle.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError, sqlState, UNIQUE_VIOLATION } from '../../platform/errors.ts';
import { sendMessage } from '../../platform/messages/messages.ts';
import { resolveTenant } from '../../platform/tenancy.ts';
import { findUserByAccount, insertUser, updateUser } from '../directory/directory.repository.ts';
import { findTenant } from '../tenants/tenants.repository.ts';
import { tenantStatus } from '../tenants/tenants.rules.ts';
import { sealCardNumber, sealPhone, visitorAccountOf } from './visitors.crypto.ts';
import { visitorByPhoneHash } from './visitors.profile.repository.ts';
import * as repo from './visitors.registration.repository.ts';
import {
  checkCodeFormat,
  checkPassword,
  checkPhone,
  checkRegistrationValues,
  CODE_LIMITS,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  codeHash,
  codeVerdict,
  codeWaitMs,
  purposeOf,
  refuseWhileWaiting,
  type CodePurpose,
} from './visitors.registration.rules.ts';
import { ensureVisitorDefaults, listRegisterFields } from './visitors.settings.repository.ts';
import { personTypeNames } from './visitors.admin-settings.repository.ts';
import { toWireRegisterField } from './visitors.settings.service.ts';
import { visitorKeys } from '../../platform/data-key.ts';

/** The clock of one-time codes (tests move it to expire codes and open sending windows). */
export const visitorCodeClock = { now: (): number => Date.now() };

/**
 * The tenant a registration page acts in: the one its `tenantKey` names, else the request's
 * (the `x-tenant` header's, its host's, or the deployment's first).
 */
async function tenantOf(ctx: RequestContext, tenantKey: unknown): Promise<TenantRef> {
  const key = typeof tenantKey === 'string' ? tenantKey.trim().slice(0, 100) : '';
  const tenant = key ? await resolveTenant(ctx.db, { key }) : ctx.tenant;
  if (!tenant) throw new AppError('TENANT_UNKNOWN');
  return tenant;
}

/** The tenant of a registration, a code or a reset: one that exists, is enabled and initialised. */
async function openTenantOf(ctx: RequestContext, tenantKey: unknown): Promise<TenantRef> {
  const tenant = await tenantOf(ctx, tenantKey);
  const status = tenantStatus(await findTenant(ctx.db, tenant.id));
  if (status === 'disabled') throw new AppError('TENANT_DISABLED');
  if (status === 'not_initialized') throw new AppError('TENANT_NOT_INITIALIZED');
  if (status === 'unknown') throw new AppError('TENANT_UNKNOWN');
  return tenant;
}

/** The context audit entries of a public request are written in: the tenant acted in. */
const inTenant = (ctx: RequestContext, tenant: TenantRef, user: RequestContext['user'] = null): RequestContext => ({
  ...ctx,
  tenant,
  user,
});

/** `findVisitorPublicSettings`: the tenant's name and the registration page's banner and welcome text. */
export async function publicSettings(ctx: RequestContext, tenantKey: unknown) {
  const tenant = await tenantOf(ctx, tenantKey);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const overall = await ensureVisitorDefaults(tx, tenant.id);
    const row = await findTenant(tx, tenant.id);
    return {
      tenant_name: row?.name ?? '',
      sys_name: overall.sys_name,
      banner_img: overall.banner_img,
      is_welcome_setting: overall.is_welcome_setting,
      welcome_content: overall.is_welcome_setting === 1 ? overall.welcome_content : '',
    };
  });
}

/** `findRegisterFieldListForPublic`: the registration fields shown, in order (who changed them left out). */
export async function publicRegisterFields(ctx: RequestContext, tenantKey: unknown) {
  const tenant = await tenantOf(ctx, tenantKey);
  const [rows, personTypes] = await withTenant(ctx.db, tenant.id, (tx) =>
    Promise.all([listRegisterFields(tx, tenant.id, { onlyValid: true }), personTypeNames(tx, tenant.id)]),
  );
  return rows.map((r) => ({
    ...toWireRegisterField(r, tenant.timeZone),
    mod_user_name: '',
    options: r.field_name === 'person_type' ? personTypes : [],
  }));
}

function codeText(purpose: CodePurpose, code: string): string {
  const minutes = CODE_TTL_MS / 60_000;
  return purpose === 'register'
    ? `您的访客注册验证码是 ${code}，${minutes}分钟内有效，请勿告诉他人。Your visitor registration code is ${code}, valid for ${minutes} minutes.`
    : `您正在重置访客密码，验证码是 ${code}，${minutes}分钟内有效，请勿告诉他人。Your visitor password reset code is ${code}, valid for ${minutes} minutes.`;
}

/**
 * `sendVisitorVerificationCode`: makes a 6-digit code (only its keyed hash is kept), valid for
 * 5 minutes, and sends it through the message channel. Limits: one per phone per minute, five
 * per phone per hour, twenty per client address (IPv6: its /64) per hour; a refusal names the
 * wait. The answer does not tell whether the phone is registered. A channel failure is reported
 * (VISITOR_CODE_SEND_FAILED); the code sent counts toward the limits all the same.
 */
export async function sendCode(ctx: RequestContext, phoneArg: unknown, purposeArg: unknown, tenantKey: unknown) {
  const tenant = await openTenantOf(ctx, tenantKey);
  const phone = checkPhone(phoneArg);
  const purpose = purposeOf(purposeArg);
  const keys = visitorKeys(ctx.config);
  const { phone_hash: phoneHash, phone_mask: phoneMask } = sealPhone(keys, tenant.id, phone);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = visitorCodeClock.now();
  // an IPv6 client by its /64, which one host can fill with addresses at will
  const address = addressKey(ctx.ip).slice(0, 100);
  await withTenant(ctx.db, tenant.id, async (tx) => {
    // the address first, then the phone: every sender takes them in this order
    if (address) await repo.lockAddressCodes(tx, tenant.id, address);
    await repo.lockPhoneCodes(tx, tenant.id, phoneHash);
    const since = new Date(now - Math.max(...Object.values(CODE_LIMITS).map((l) => l.windowMs)));
    const sends = await repo.recentSends(tx, tenant.id, phoneHash, address, since);
    refuseWhileWaiting(codeWaitMs(now, sends.phone, sends.address));
    await repo.deleteOldCodes(tx, tenant.id, new Date(now - 24 * 60 * 60_000));
    const row = await repo.insertCode(tx, tenant.id, {
      phone_hash: phoneHash,
      purpose,
      code_hash: codeHash(keys.lookup, tenant.id, phoneHash, purpose, code),
      address,
      expires_at: new Date(now + CODE_TTL_MS),
      create_time: new Date(now),
    });
    await audit(tx, inTenant(ctx, tenant), {
      module: 'visitor',
      type: 'sendCode',
      content: `${purpose} ${phoneMask}`,
      object: row.id,
    });
  });
  const sent = await sendMessage(ctx, { to: phone, text: codeText(purpose, code), purpose, tenant: tenant.key });
  if (!sent) throw new AppError('VISITOR_CODE_SEND_FAILED');
}

/**
 * Checks a typed code against the phone's newest code of `purpose` in a transaction of its
 * own, so a wrong try is counted even though the request then fails. Returns the code's id.
 */
async function checkCode(
  ctx: RequestContext,
  tenant: TenantRef,
  phoneHash: string,
  purpose: CodePurpose,
  typed: string,
): Promise<string> {
  const keys = visitorKeys(ctx.config);
  const now = visitorCodeClock.now();
  const outcome = await withTenant(ctx.db, tenant.id, async (tx) => {
    await repo.lockPhoneCodes(tx, tenant.id, phoneHash);
    const stored = await repo.latestCode(tx, tenant.id, phoneHash, purpose);
    const verdict = codeVerdict(stored, codeHash(keys.lookup, tenant.id, phoneHash, purpose, typed), now);
    if (verdict === 'wrong') {
      const attempts = await repo.countWrongAttempt(tx, tenant.id, stored!.id);
      return { verdict, left: Math.max(0, CODE_MAX_ATTEMPTS - attempts) };
    }
    return { verdict, id: stored?.id };
  });
  if (outcome.verdict === 'dead') throw new AppError('VISITOR_CODE_EXPIRED');
  if (outcome.verdict === 'wrong') {
    throw outcome.left > 0
      ? new AppError('VISITOR_CODE_WRONG', { left: outcome.left })
      : new AppError('VISITOR_CODE_EXPIRED');
  }
  return outcome.id!;
}

/** Which duplicate a unique violation of the registration was: the phone's or the ID number's. */
function duplicateOf(err: unknown): AppError | null {
  if (sqlState(err) !== UNIQUE_VIOLATION) return null;
  const cause =
    (err as { cause?: { constraint?: string }; constraint?: string }).cause ?? (err as { constraint?: string });
  return cause?.constraint === 'visitors_card_uq'
    ? new AppError('VISITOR_CARD_TAKEN')
    : new AppError('VISITOR_PHONE_TAKEN');
}

/**
 * `registerAccountForPublic`: checks the form against the registration field settings, the
 * password rules and the phone's one-time code, then creates the directory user (role
 * 'visitor', account `visitorAccountOf(phone)`, no plain phone) and the visitor (phone and ID
 * number sealed). A phone or ID number already registered is refused. Returns the visitor's id.
 */
export async function register(ctx: RequestContext, modelArg: unknown, tenantKey: unknown): Promise<string> {
  const tenant = await openTenantOf(ctx, tenantKey);
  const model = (modelArg && typeof modelArg === 'object' ? modelArg : {}) as Record<string, unknown>;
  const phone = checkPhone(model.phone);
  const [fields, personTypes] = await withTenant(ctx.db, tenant.id, (tx) =>
    Promise.all([listRegisterFields(tx, tenant.id), personTypeNames(tx, tenant.id)]),
  );
  const values = checkRegistrationValues(model, fields);
  if (values.person_type && personTypes.length && !personTypes.includes(values.person_type)) {
    throw new AppError('VISITOR_FIELD_INVALID', {
      field: '人员类型',
      field_en: 'Person type',
      reason: '请从列表中选择',
      reason_en: 'choose one of the list',
    });
  }
  const password = checkPassword(model.password);
  const typed = checkCodeFormat(model.verification_code);
  const keys = visitorKeys(ctx.config);
  const sealedPhone = sealPhone(keys, tenant.id, phone);
  const sealedCard = values.card_number
    ? sealCardNumber(keys, tenant.id, values.card_number)
    : { card_number_enc: '', card_number_hash: '', card_number_mask: '' };
  const account = visitorAccountOf(keys, tenant.id, phone);
  // the code is checked first, so only the phone's owner learns whether it is registered; the
  // duplicates are told before the code is spent, so the visitor keeps it
  const codeId = await checkCode(ctx, tenant, sealedPhone.phone_hash, 'register', typed);
  await withTenant(ctx.db, tenant.id, async (tx) => {
    if (await visitorByPhoneHash(tx, tenant.id, sealedPhone.phone_hash)) throw new AppError('VISITOR_PHONE_TAKEN');
    if (await findUserByAccount(tx, tenant.id, account)) throw new AppError('VISITOR_PHONE_TAKEN');
    if (await repo.cardNumberTaken(tx, tenant.id, sealedCard.card_number_hash))
      throw new AppError('VISITOR_CARD_TAKEN');
  });
  const passwordHash = await hashPassword(password);
  const { card_number: _plainCard, ...profile } = values;
  try {
    return await withTenant(ctx.db, tenant.id, async (tx) => {
      if (!(await repo.consumeCode(tx, tenant.id, codeId, new Date(visitorCodeClock.now()), CODE_MAX_ATTEMPTS))) {
        throw new AppError('VISITOR_CODE_EXPIRED');
      }
      const user = await insertUser(tx, tenant.id, {
        account,
        name: profile.visitor_name!,
        username: profile.visitor_name!,
        email: profile.email ?? '',
        role: 'visitor',
        source: 'visitor',
        password_hash: passwordHash,
      });
      const visitor = await repo.insertVisitor(tx, tenant.id, {
        ...profile,
        visitor_name: profile.visitor_name!,
        user_id: user.id,
        ...sealedPhone,
        ...sealedCard,
        data_source: 1,
      });
      await audit(
        tx,
        inTenant(ctx, tenant, { id: user.id, account, name: user.name, role: 'visitor', tenantId: tenant.id }),
        {
          module: 'visitor',
          type: 'register',
          content: `${maskName(visitor.visitor_name)} ${visitor.phone_mask}`,
          object: visitor.id,
        },
      );
      return visitor.id;
    });
  } catch (err) {
    throw duplicateOf(err) ?? err;
  }
}

/**
 * `resetVisitorPasswordForPublic`: a registered visitor's new password, proved by a one-time
 * code of purpose 'resetPassword'.
 */
export async function resetPassword(
  ctx: RequestContext,
  phoneArg: unknown,
  codeArg: unknown,
  passwordArg: unknown,
  tenantKey: unknown,
): Promise<string> {
  const tenant = await openTenantOf(ctx, tenantKey);
  const phone = checkPhone(phoneArg);
  const typed = checkCodeFormat(codeArg);
  const password = checkPassword(passwordArg);
  const keys = visitorKeys(ctx.config);
  const { phone_hash: phoneHash, phone_mask: phoneMask } = sealPhone(keys, tenant.id, phone);
  const codeId = await checkCode(ctx, tenant, phoneHash, 'resetPassword', typed);
  const passwordHash = await hashPassword(password);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const visitor = await visitorByPhoneHash(tx, tenant.id, phoneHash);
    const user = visitor?.user_id
      ? await findUserByAccount(tx, tenant.id, visitorAccountOf(keys, tenant.id, phone))
      : undefined;
    if (!visitor || !user || user.id !== visitor.user_id) throw new AppError('VISITOR_NOT_REGISTERED');
    if (!(await repo.consumeCode(tx, tenant.id, codeId, new Date(visitorCodeClock.now()), CODE_MAX_ATTEMPTS))) {
      throw new AppError('VISITOR_CODE_EXPIRED');
    }
    await updateUser(tx, tenant.id, user.id, { password_hash: passwordHash, failed_logins: 0, locked_until: null });
    await audit(
      tx,
      inTenant(ctx, tenant, {
        id: user.id,
        account: user.account,
        name: user.name,
        role: 'visitor',
        tenantId: tenant.id,
      }),
      {
        module: 'visitor',
        type: 'resetPassword',
        content: `${maskName(visitor.visitor_name)} ${phoneMask}`,
        object: visitor.id,
      },
    );
    return visitor.id;
  });
}
