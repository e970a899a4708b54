import { randomBytes } from 'node:crypto';
import { errorTexts, formatDateTime, localMidnightMs, maskName, RESULT_FAILED, RESULT_OK } from '@yuyue/shared';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError, sqlState, UNIQUE_VIOLATION } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { deleteUser, findUserByAccount, insertUser, updateUser } from '../directory/directory.repository.ts';
import { inScope, signedIn } from './visitors.access.ts';
import * as repo from './visitors.admin-records.repository.ts';
import { adminFieldSettings, batchIds, dayOf, pagingOf, sheetDuplicates } from './visitors.admin-records.rules.ts';
import { releaseVisitSeats } from './visitors.appointments.areas.ts';
import { insertVisitAudit, revokePassesOf, updateVisit } from './visitors.appointments.repository.ts';
import { dayWindow, VISIT_STATE } from './visitors.appointments.rules.ts';
import { visitorClock } from './visitors.appointments.viewer.ts';
import {
  lookupHash,
  normaliseCardNumber,
  normalisePhone,
  sealCardNumber,
  sealPhone,
  visitorAccountOf,
} from './visitors.crypto.ts';
import { checkPhone, checkRegistrationValues } from './visitors.registration.rules.ts';
import { listInfoFields, listRegisterFields } from './visitors.settings.repository.ts';
import { shownFieldValues } from './visitors.settings.service.ts';
import { asAdmin, intOf, outOfScope, text, type Filter } from './visitors.admin-call.ts';
import { decrypt, visitorKeys } from '../../platform/data-key.ts';
/**
 * The visitor back office's records (visitors.admin-records.graphql): visitor records (list,
 * add, edit, batch changes, delete, import) and the exports' audit; visitors' cars and gate
 * entries are in visitors.admin-entries.service.ts. The visitor 'admin' right; numbers are masked
 * unless an 'admin' asked whole (audited).
 */

// ---------------------------------------------------------------- visitor records

/** The visitor records' query from the filter map (numbers matched whole through their lookup hashes). */
function recordQuery(
  ctx: RequestContext,
  tenant: TenantRef,
  filter: Filter,
  paging: { limit: number; offset: number },
) {
  const f = filter ?? {};
  const keys = visitorKeys(ctx.config);
  const phone = text(f.phone);
  const card = text(f.card_number);
  const from = dayOf(text(f.create_time, 'gte'), 'create_time');
  const to = dayOf(text(f.create_time, 'lte'), 'create_time');
  return {
    name: { eq: text(f.visitor_name), like: text(f.visitor_name, 'like') },
    phoneHash: phone ? lookupHash(keys, tenant.id, 'phone', normalisePhone(phone)) || '-' : undefined,
    cardHash: card ? lookupHash(keys, tenant.id, 'card', normaliseCardNumber(card)) || '-' : undefined,
    unit: text(f.unit, 'like') ?? text(f.unit),
    personType: text(f.person_type),
    dataSource: intOf(text(f.data_source), 'data_source'),
    isValid: intOf(text(f.is_valid), 'is_valid'),
    createdFrom: from ? new Date(localMidnightMs(from, tenant.timeZone)!) : undefined,
    createdTo: to ? dayWindow(to, tenant.timeZone).ends_at : undefined,
    ...paging,
  } satisfies repo.RecordQuery;
}

const infoOf = (row: repo.VisitorRow): Record<string, string> =>
  row.info && typeof row.info === 'object' && !Array.isArray(row.info)
    ? Object.fromEntries(
        Object.entries(row.info as Record<string, unknown>).filter(
          (e): e is [string, string] => typeof e[1] === 'string',
        ),
      )
    : {};

/** Visitor records as the contract shows them: numbers masked unless `whole`. */
async function wireRecords(ctx: RequestContext, tx: Tx, tenant: TenantRef, rows: repo.VisitorRow[], whole: boolean) {
  const keys = visitorKeys(ctx.config);
  const fields = await listInfoFields(tx, tenant.id);
  return rows.map((row) => {
    const info = shownFieldValues(keys, tenant.id, fields, infoOf(row), whole);
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
      remark: row.remark,
      infoList: fields
        .filter((f) => info[f.field_name])
        .map((f) => ({
          field_name: f.field_name,
          field_label: f.field_label,
          field_label_en: f.field_label_en,
          value: info[f.field_name] ?? '',
        })),
      data_source: row.data_source,
      create_time: formatDateTime(row.create_time.getTime(), tenant.timeZone),
    };
  });
}

/** The records matching a filter (at most `limit` from `offset`) and their count. */
export async function listRecords(
  ctx: RequestContext,
  args: { first?: unknown; offset?: unknown; filter?: Filter; whole?: unknown },
  max = 200,
) {
  const whole = args.whole === true;
  const paging = max > 200 ? { limit: max, offset: 0 } : pagingOf(args.first, args.offset);
  return asAdmin(ctx, async ({ tenant, tx }) => {
    const { rows, total } = await repo.pageRecords(tx, tenant.id, recordQuery(ctx, tenant, args.filter, paging));
    if (whole) {
      await audit(tx, ctx, {
        module: 'visitor',
        type: 'viewWhole',
        content: `访客记录（完整号码）${rows.length} 条：${rows.map((r) => `${maskName(r.visitor_name)} ${r.phone_mask}`).join('、')}`,
        object: rows.map((r) => r.id).join(','),
      });
    }
    return { rows: await wireRecords(ctx, tx, tenant, rows, whole), total, offset: paging.offset };
  });
}

/** The sealed columns of a phone and an ID number, with their duplicates refused. */
async function sealedNumbers(
  ctx: RequestContext,
  tx: Tx,
  tenant: TenantRef,
  phone: string,
  card: string | undefined,
  exceptId?: string,
) {
  const keys = visitorKeys(ctx.config);
  const sealedPhone = sealPhone(keys, tenant.id, phone);
  const sealedCard = card
    ? sealCardNumber(keys, tenant.id, card)
    : { card_number_enc: '', card_number_hash: '', card_number_mask: '' };
  const taken = await repo.takenHashes(
    tx,
    tenant.id,
    [sealedPhone.phone_hash],
    [sealedCard.card_number_hash],
    exceptId,
  );
  if (taken.phones.size) throw new AppError('VISITOR_PHONE_TAKEN');
  if (taken.cards.size) throw new AppError('VISITOR_CARD_TAKEN');
  return { sealedPhone, sealedCard, account: visitorAccountOf(keys, tenant.id, phone) };
}

/** A unique violation of the visitors' or users' table as the duplicate it was. */
function duplicateOf(err: unknown): unknown {
  if (sqlState(err) !== UNIQUE_VIOLATION) return err;
  const cause = (err as { cause?: { constraint?: string } }).cause ?? (err as { constraint?: string });
  return cause?.constraint === 'visitors_card_uq'
    ? new AppError('VISITOR_CARD_TAKEN')
    : new AppError('VISITOR_PHONE_TAKEN');
}

/** A sign-in password nobody knows: the visitor sets theirs through the password reset. */
const unknowablePassword = () => hashPassword(randomBytes(24).toString('base64url'));

/**
 * `addVisitorInfo`: an administrator registers a visitor (data_source 1 unless `dataSource`):
 * the directory user (role 'visitor', no known password) and the record (numbers sealed).
 */
export async function addRecord(ctx: RequestContext, modelArg: unknown): Promise<string> {
  const model = (modelArg && typeof modelArg === 'object' ? modelArg : {}) as Record<string, unknown>;
  const phone = checkPhone(model.phone);
  const passwordHash = await unknowablePassword();
  try {
    return await asAdmin(ctx, async ({ tenant, tx }) => {
      const values = checkRegistrationValues(model, adminFieldSettings(await listRegisterFields(tx, tenant.id)));
      const { card_number: card, ...profile } = values;
      const { sealedPhone, sealedCard, account } = await sealedNumbers(ctx, tx, tenant, phone, card);
      if (await findUserByAccount(tx, tenant.id, account)) throw new AppError('VISITOR_PHONE_TAKEN');
      const user = await insertUser(tx, tenant.id, {
        account,
        name: profile.visitor_name!,
        username: profile.visitor_name!,
        email: profile.email ?? '',
        role: 'visitor',
        source: 'visitor',
        password_hash: passwordHash,
      });
      const [row] = await repo.insertRecords(tx, tenant.id, [
        {
          ...profile,
          visitor_name: profile.visitor_name!,
          user_id: user.id,
          ...sealedPhone,
          ...sealedCard,
          data_source: 1,
        },
      ]);
      await audit(tx, ctx, {
        module: 'visitor',
        type: 'save',
        content: `新增访客 ${maskName(row!.visitor_name)} ${row!.phone_mask}`,
        object: row!.id,
      });
      return row!.id;
    });
  } catch (err) {
    throw duplicateOf(err);
  }
}

/** `updateVisitorInfo`: changes a record; a new phone moves the sign-in account with it. */
export async function updateRecord(ctx: RequestContext, idArg: unknown, modelArg: unknown): Promise<string> {
  const id = typeof idArg === 'string' ? idArg.trim() : '';
  if (!isUuid(id)) throw new AppError('VISITOR_NOT_FOUND');
  const model = (modelArg && typeof modelArg === 'object' ? modelArg : {}) as Record<string, unknown>;
  const newPhone =
    model.phone === undefined || model.phone === null || model.phone === '' ? undefined : checkPhone(model.phone);
  try {
    return await asAdmin(ctx, async ({ tenant, tx }) => {
      const [row] = await repo.lockRecords(tx, tenant.id, [id]);
      if (!row) throw new AppError('VISITOR_NOT_FOUND');
      const values = checkRegistrationValues(model, adminFieldSettings(await listRegisterFields(tx, tenant.id)), {
        partial: true,
      });
      const { card_number: card, ...profile } = values;
      const keys = visitorKeys(ctx.config);
      const patch: Parameters<typeof repo.updateRecords>[3] = { ...profile };
      if (card !== undefined) {
        Object.assign(
          patch,
          card
            ? sealCardNumber(keys, tenant.id, card)
            : { card_number_enc: '', card_number_hash: '', card_number_mask: '' },
        );
      }
      if (newPhone) Object.assign(patch, sealPhone(keys, tenant.id, newPhone));
      const taken = await repo.takenHashes(tx, tenant.id, [patch.phone_hash ?? ''], [patch.card_number_hash ?? ''], id);
      if (taken.phones.size) throw new AppError('VISITOR_PHONE_TAKEN');
      if (taken.cards.size) throw new AppError('VISITOR_CARD_TAKEN');
      const [saved] = await repo.updateRecords(tx, tenant.id, [id], patch);
      if (row.user_id) {
        const userPatch: Parameters<typeof updateUser>[3] = {};
        if (newPhone && patch.phone_hash !== row.phone_hash)
          userPatch.account = visitorAccountOf(keys, tenant.id, newPhone);
        if (profile.visitor_name && profile.visitor_name !== row.visitor_name) {
          userPatch.name = profile.visitor_name;
          userPatch.username = profile.visitor_name;
        }
        if (Object.keys(userPatch).length) await updateUser(tx, tenant.id, row.user_id, userPatch);
      }
      await audit(tx, ctx, {
        module: 'visitor',
        type: 'update',
        content: `修改访客 ${maskName(saved!.visitor_name)} ${saved!.phone_mask}：${Object.keys(values)
          .concat(newPhone ? ['phone'] : [])
          .join(',')}`.slice(0, 500),
        object: id,
      });
      return id;
    });
  } catch (err) {
    throw duplicateOf(err);
  }
}

/** `batchUpdateVisitorInfo`: is_valid and/or person_type on several records. */
export async function batchUpdateRecords(
  ctx: RequestContext,
  idsArg: unknown,
  isValid: unknown,
  personType: unknown,
): Promise<string[]> {
  const ids = batchIds(idsArg).filter((i) => isUuid(i));
  const patch: { is_valid?: number; person_type?: string } = {};
  if (isValid !== undefined && isValid !== null) {
    if (isValid !== 0 && isValid !== 1) throw new AppError('INVALID_INPUT', { detail: 'is_valid: 0 or 1' });
    patch.is_valid = isValid;
  }
  if (personType !== undefined && personType !== null) {
    if (typeof personType !== 'string' || personType.length > 50)
      throw new AppError('INVALID_INPUT', { detail: 'person_type: at most 50 characters' });
    patch.person_type = personType.trim();
  }
  if (!Object.keys(patch).length) throw new AppError('REQUIRED', { field: 'is_valid / person_type' });
  return asAdmin(ctx, async ({ tenant, tx }) => {
    const rows = await repo.lockRecords(tx, tenant.id, ids);
    if (rows.length !== batchIds(idsArg).length) throw new AppError('VISITOR_NOT_FOUND');
    const saved = await repo.updateRecords(tx, tenant.id, ids, patch);
    await audit(tx, ctx, {
      module: 'visitor',
      type: 'batchUpdate',
      content: `批量修改 ${saved.length} 名访客：${JSON.stringify(patch)}`,
      object: ids.join(','),
    });
    return ids;
  });
}

/**
 * `deleteVisitorInfo` / `batchDeleteVisitorInfo`: deletes records (all or none) and their
 * sign-in accounts. Visits not over (awaiting, approved) refuse it unless `cancelVisits`, which
 * cancels them first (seats freed, passes revoked, the trail written). Returns the ids and how
 * many visits were cancelled.
 */
export async function deleteRecords(
  ctx: RequestContext,
  idsArg: unknown,
  cancelVisits: unknown,
): Promise<{ ids: string[]; cancelled: number }> {
  const asked = batchIds(idsArg);
  return asAdmin(ctx, async ({ tenant, user, tx, scope }) => {
    const rows = await repo.lockRecords(
      tx,
      tenant.id,
      asked.filter((i) => isUuid(i)),
    );
    if (rows.length !== asked.length) throw new AppError('VISITOR_NOT_FOUND');
    const open = await repo.openVisitsOf(tx, tenant.id, asked, new Date(visitorClock.now()));
    if (open.length && cancelVisits !== true) {
      const first = rows.find((r) => r.id === open[0]!.visitor_id)!;
      throw new AppError('VISITOR_HAS_FUTURE_VISITS', {
        name: maskName(first.visitor_name),
        count: open.filter((o) => o.visitor_id === first.id).length,
      });
    }
    if (open.some((visit) => !inScope(scope, { areas: visit.in_school_area, visitor_type: visit.visitor_type }))) {
      throw outOfScope();
    }
    for (const visit of open) {
      await releaseVisitSeats(tx, tenant, visit);
      await updateVisit(tx, tenant.id, visit.id, { state: VISIT_STATE.cancelled, seats_held: false });
      await revokePassesOf(tx, tenant.id, visit.id, 'cancelled: visitor deleted', new Date(visitorClock.now()));
      await insertVisitAudit(tx, tenant.id, {
        appointment_id: visit.id,
        step: 0,
        result: 'cancelled',
        reason: '访客记录已删除 The visitor record was deleted',
        operator_id: user.account,
        operator_name: user.name,
      });
    }
    await repo.deleteRecords(tx, tenant.id, asked);
    for (const row of rows) if (row.user_id) await deleteUser(tx, tenant.id, row.user_id);
    await audit(tx, ctx, {
      module: 'visitor',
      type: asked.length > 1 ? 'batchDelete' : 'delete',
      content:
        `删除访客 ${rows.map((r) => `${maskName(r.visitor_name)} ${r.phone_mask}`).join('、')}${open.length ? `，取消来访 ${open.length} 个` : ''}`.slice(
          0,
          4000,
        ),
      object: asked.join(','),
    });
    return { ids: asked, cancelled: open.length };
  });
}

/** One refused row of an import. */
export interface ImportRowError {
  row: number;
  field: string;
  msg: string;
  msg_en: string;
}

export interface ImportReport {
  errcode: string;
  msg: string;
  msg_en: string;
  total: number;
  imported: number;
  errors: ImportRowError[];
}

const IMPORT_MAX_ROWS = 5000;

/** The field an AppError of a row's check is about (by its label), else ''. */
function fieldOf(err: AppError, labels: ReadonlyMap<string, string>): string {
  const label = typeof err.params.field === 'string' ? err.params.field : '';
  if (err.code === 'VISITOR_PHONE_INVALID' || err.code === 'VISITOR_PHONE_TAKEN') return 'phone';
  if (err.code === 'VISITOR_CARD_TAKEN') return 'card_number';
  return labels.get(label) ?? '';
}

/**
 * `importVisitorInfo` (and the Excel upload): each row (sheet row numbers in `rowNumbers`,
 * default 2, 3, ...) checked as an administrator's entry; phones and ID numbers repeated within
 * the rows or already registered refused; the valid rows imported (data_source 2) with sign-in
 * accounts without a known password. A per-row report in zh and en.
 */
export async function importRecords(
  ctx: RequestContext,
  modelsArg: unknown,
  rowNumbers?: readonly number[],
): Promise<ImportReport> {
  const models = (Array.isArray(modelsArg) ? modelsArg : []) as Record<string, unknown>[];
  if (models.length > IMPORT_MAX_ROWS) throw new AppError('CODE_IMPORT_TOO_MANY_ROWS', { max: IMPORT_MAX_ROWS });
  const keys = visitorKeys(ctx.config);
  const passwordHash = await unknowablePassword();
  return asAdmin(ctx, async ({ tenant, tx }) => {
    const settings = adminFieldSettings(await listRegisterFields(tx, tenant.id));
    const labels = new Map(settings.flatMap((s) => [[s.field_label, s.field_name] as const]));
    const errors: ImportRowError[] = [];
    const refuse = (row: number, field: string, e: AppError) => {
      const texts = e.texts;
      errors.push({ row, field, msg: texts.zh, msg_en: texts.en });
    };
    type Good = { row: number; values: ReturnType<typeof checkRegistrationValues>; phone: string };
    const good: Good[] = [];
    models.forEach((model, i) => {
      const row = rowNumbers?.[i] ?? i + 2;
      try {
        const phone = checkPhone(model?.phone);
        good.push({ row, values: checkRegistrationValues(model ?? {}, settings), phone });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        refuse(row, fieldOf(err, labels), err);
      }
    });
    const sealed = good.map((g) => ({
      ...g,
      phone: sealPhone(keys, tenant.id, g.phone),
      card: g.values.card_number
        ? sealCardNumber(keys, tenant.id, g.values.card_number)
        : { card_number_enc: '', card_number_hash: '', card_number_mask: '' },
      account: visitorAccountOf(keys, tenant.id, g.phone),
    }));
    const label = (field: 'phone' | 'card_number') => {
      const s = settings.find((x) => x.field_name === field)!;
      return { field: s.field_label, field_en: s.field_label_en };
    };
    const repeated = new Set<number>();
    for (const d of sheetDuplicates(
      sealed.map((s) => ({ row: s.row, phone: s.phone.phone_hash, card: s.card.card_number_hash })),
    )) {
      repeated.add(d.row);
      refuse(d.row, d.field, new AppError('VISITOR_IMPORT_DUPLICATE_ROW', { ...label(d.field), other: d.other }));
    }
    const candidates = sealed.filter((s) => !repeated.has(s.row));
    const taken = await repo.takenHashes(
      tx,
      tenant.id,
      candidates.map((c) => c.phone.phone_hash),
      candidates.map((c) => c.card.card_number_hash),
    );
    const accepted = candidates.filter((c) => {
      if (taken.phones.has(c.phone.phone_hash))
        refuse(c.row, 'phone', new AppError('VISITOR_RECORD_EXISTS', label('phone')));
      else if (c.card.card_number_hash && taken.cards.has(c.card.card_number_hash))
        refuse(c.row, 'card_number', new AppError('VISITOR_RECORD_EXISTS', label('card_number')));
      else return true;
      return false;
    });
    errors.sort((x, y) => x.row - y.row);
    const failed = new Set(errors.map((e) => e.row)).size;
    const report = (
      code: 'VISITOR_IMPORT_DONE' | 'VISITOR_IMPORT_PARTIAL' | 'VISITOR_IMPORT_FAILED' | 'CODE_IMPORT_EMPTY',
      imported: number,
    ) => {
      const texts = errorTexts(code, { imported, failed });
      return {
        errcode: imported > 0 ? RESULT_OK : RESULT_FAILED,
        msg: texts.zh,
        msg_en: texts.en,
        total: models.length,
        imported,
        errors,
      };
    };
    if (!models.length) return report('CODE_IMPORT_EMPTY', 0);
    if (!accepted.length) return report('VISITOR_IMPORT_FAILED', 0);
    for (const c of accepted) {
      const { card_number: _card, ...profile } = c.values;
      const user = await insertUser(tx, tenant.id, {
        account: c.account,
        name: profile.visitor_name!,
        username: profile.visitor_name!,
        email: profile.email ?? '',
        role: 'visitor',
        source: 'visitor',
        password_hash: passwordHash,
      });
      await repo.insertRecords(tx, tenant.id, [
        { ...profile, visitor_name: profile.visitor_name!, user_id: user.id, ...c.phone, ...c.card, data_source: 2 },
      ]);
    }
    await audit(tx, ctx, {
      module: 'visitor',
      type: 'import',
      content: `导入访客：共 ${models.length} 行，导入 ${accepted.length} 行，${failed} 行有错误`,
    });
    return report(failed ? 'VISITOR_IMPORT_PARTIAL' : 'VISITOR_IMPORT_DONE', accepted.length);
  });
}

/** An export written to the operate log (module 'visitor', type 'export'). */
export async function auditExport(ctx: RequestContext, what: string, count: number, whole: boolean) {
  const { tenant } = signedIn(ctx);
  await withTenant(ctx.db, tenant.id, (tx) =>
    audit(tx, ctx, {
      module: 'visitor',
      type: whole ? 'viewWhole' : 'export',
      content: `导出${what} ${count} 条${whole ? '（完整号码）' : ''}`,
    }),
  );
}
