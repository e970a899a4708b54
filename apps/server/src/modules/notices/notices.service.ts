import { NOTICE_STATE, noticeStates, saveNoticeInput, saveNoticeReadInput } from '@yuyue/shared';
import { withTenant, type Executor } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { hasVisibleContent, sanitizeRichText } from '../../platform/html.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseInput } from '../../platform/validation.ts';
import {
  findNotice as findNoticeRow,
  findNoticeForUpdate,
  insertNotice,
  listNotices,
  listReads,
  readCounts,
  recordRead,
  updateNotice,
  type NewNotice,
  type NoticeRow,
} from './notices.repository.ts';
import {
  noReads,
  noticeFilterColumns,
  noticeReadFilterColumns,
  normaliseFilter,
  pageOf,
  parsePopupEndDate,
  parseReleaseTime,
  readDateOf,
  releaseOnStateChange,
  toWireNotice,
  toWireRead,
  visibleToUser,
} from './notices.rules.ts';

function requireUser(ctx: RequestContext): { tenant: TenantRef; user: AuthUser } {
  if (!ctx.tenant) throw new AppError('TENANT_UNKNOWN');
  if (!ctx.user) throw new AppError('UNAUTHENTICATED');
  return { tenant: ctx.tenant, user: ctx.user };
}

const isAdmin = (user: AuthUser) => user.role === 'admin';

export type WireNotice = ReturnType<typeof toWireNotice>;

/** Notices in the contract's shape, with the caller's and everyone's read counts of today (tenant's zone). */
async function withCounts(
  tx: Executor,
  tenant: TenantRef,
  user: AuthUser,
  rows: NoticeRow[],
  now: Date,
): Promise<WireNotice[]> {
  const counts = await readCounts(
    tx,
    tenant.id,
    rows.map((r) => r.id),
    user.account,
    readDateOf(now, tenant.timeZone),
  );
  return rows.map((r) => toWireNotice(r, counts.get(r.id) ?? noReads, tenant.timeZone));
}

export interface PageArgs {
  first?: number | null;
  offset?: number | null;
  after?: string | null;
  filter?: unknown;
}

/** A page of notices: administrators see every notice that is not deleted, users the published, released ones. */
export async function listNoticePage(
  ctx: RequestContext,
  args: PageArgs,
): Promise<{ rows: WireNotice[]; total: number; offset: number }> {
  const { tenant, user } = requireUser(ctx);
  const page = pageOf(args);
  const now = new Date();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const { rows, total } = await listNotices(tx, tenant.id, {
      filter: normaliseFilter(args.filter, noticeFilterColumns),
      publishedOnly: !isAdmin(user),
      now,
      ...page,
    });
    return { rows: await withCounts(tx, tenant, user, rows, now), total, offset: page.offset };
  });
}

/** The five newest published, released notices (home pages), for administrators too. */
export async function listFiveNotices(ctx: RequestContext): Promise<WireNotice[]> {
  const { tenant, user } = requireUser(ctx);
  const now = new Date();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const { rows } = await listNotices(tx, tenant.id, { filter: {}, publishedOnly: true, now, limit: 5, offset: 0 });
    return withCounts(tx, tenant, user, rows, now);
  });
}

/** One notice the caller may see, or null. */
export async function getNotice(ctx: RequestContext, id: unknown): Promise<WireNotice | null> {
  const { tenant, user } = requireUser(ctx);
  if (!isUuid(id)) return null;
  const now = new Date();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await findNoticeRow(tx, tenant.id, id);
    if (!row || (!isAdmin(user) && !visibleToUser(row, now))) return null;
    const [wire] = await withCounts(tx, tenant, user, [row], now);
    return wire ?? null;
  });
}

/** Validated, sanitized notice fields from `saveNotice` input. */
function noticeFields(input: unknown, timeZone: string): { fields: NewNotice; state: number | null | undefined } {
  const m = parseInput(saveNoticeInput, input);
  const content = sanitizeRichText(m.content);
  const contentEn = sanitizeRichText(m.content_en);
  if (m.title === '') throw new AppError('NOTICE_TITLE_REQUIRED');
  if (!hasVisibleContent(content)) throw new AppError('NOTICE_CONTENT_REQUIRED');
  const releaseTime = parseReleaseTime(m.release_time, timeZone);
  if (releaseTime === undefined) throw new AppError('NOTICE_RELEASE_TIME_INVALID');
  const endDate = parsePopupEndDate(m.popup_end_date);
  if (endDate === undefined) throw new AppError('NOTICE_POPUP_END_DATE_INVALID');
  const popup = m.note_category === '2';
  return {
    state: m.state,
    fields: {
      note_category: m.note_category,
      title: m.title,
      title_en: m.title_en,
      resource_type_id: m.resource_type_id,
      resource_type_name: m.resource_type_name,
      content,
      content_en: hasVisibleContent(contentEn) ? contentEn : '',
      release_time: releaseTime,
      popup_mode: popup ? m.popup_mode || '1' : '',
      popup_end_date: popup ? endDate : null,
    },
  };
}

/**
 * Creates (no `id`) or updates a notice. Content is sanitized before it is stored; the author
 * is the caller. A new notice is a draft unless `state` says otherwise; publishing without a
 * release time releases it now. Returns the notice's id.
 */
export async function saveNotice(ctx: RequestContext, input: unknown): Promise<string> {
  const { tenant, user } = requireUser(ctx);
  const { fields, state } = noticeFields(input, tenant.timeZone);
  const id = (input as { id?: unknown } | null)?.id;
  const now = new Date();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    if (id !== null && id !== undefined && id !== '') {
      const current = isUuid(id) ? await findNoticeForUpdate(tx, tenant.id, id) : undefined;
      if (!current) throw new AppError('NOTICE_NOT_FOUND');
      const next = releaseOnStateChange(state ?? current.state, fields.release_time ?? current.release_time, now);
      const row = (await updateNotice(tx, tenant.id, current.id, { ...fields, ...next }))!;
      await audit(tx, ctx, { module: 'notice', type: 'update', content: `修改公告: ${row.title}`, object: row.id });
      return row.id;
    }
    const next = releaseOnStateChange(state ?? NOTICE_STATE.draft, fields.release_time ?? null, now);
    const row = await insertNotice(tx, tenant.id, {
      ...fields,
      ...next,
      created_user: user.account,
      created_user_name: user.name,
    });
    await audit(tx, ctx, { module: 'notice', type: 'save', content: `新增公告: ${row.title}`, object: row.id });
    return row.id;
  });
}

/** Publishes (1), withdraws (2) or returns to draft (0) a notice. Returns its id. */
export async function updateNoticeState(ctx: RequestContext, id: unknown, state: unknown): Promise<string> {
  const { tenant } = requireUser(ctx);
  if (typeof state !== 'number' || !noticeStates.includes(state)) throw new AppError('NOTICE_STATE_INVALID');
  if (!isUuid(id)) throw new AppError('NOTICE_NOT_FOUND');
  const now = new Date();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const current = await findNoticeForUpdate(tx, tenant.id, id);
    if (!current) throw new AppError('NOTICE_NOT_FOUND');
    const row = (await updateNotice(tx, tenant.id, id, releaseOnStateChange(state, current.release_time, now)))!;
    await audit(tx, ctx, {
      module: 'notice',
      type: 'updateState',
      content: `公告状态 ${current.state} -> ${state}: ${row.title}`,
      object: id,
    });
    return id;
  });
}

/** Marks a notice deleted (`del` 1); its read records stay for the record. Returns its id. */
export async function deleteNotice(ctx: RequestContext, id: unknown): Promise<string> {
  const { tenant } = requireUser(ctx);
  if (!isUuid(id)) throw new AppError('NOTICE_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await updateNotice(tx, tenant.id, id, { del: 1 });
    if (!row) throw new AppError('NOTICE_NOT_FOUND');
    await audit(tx, ctx, { module: 'notice', type: 'delete', content: `删除公告: ${row.title}`, object: id });
    return id;
  });
}

/**
 * Records that the caller read a notice today (tenant's zone). The reader is the caller,
 * whatever the input says; a second read on the same day returns the first one's id.
 */
export async function saveNoticeRead(ctx: RequestContext, input: unknown): Promise<string> {
  const { tenant, user } = requireUser(ctx);
  const { notice_id } = parseInput(saveNoticeReadInput, input);
  if (!isUuid(notice_id)) throw new AppError('NOTICE_NOT_FOUND');
  const now = new Date();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const notice = await findNoticeRow(tx, tenant.id, notice_id);
    if (!notice || (!isAdmin(user) && !visibleToUser(notice, now))) throw new AppError('NOTICE_NOT_FOUND');
    const { row, created } = await recordRead(tx, tenant.id, {
      notice_id,
      read_user_id: user.account,
      read_user_name: user.name,
      read_date: readDateOf(now, tenant.timeZone),
      read_time: now,
    });
    if (created) {
      await audit(tx, ctx, { module: 'notice', type: 'read', content: `阅读公告: ${notice.title}`, object: notice_id });
    }
    return row.id;
  });
}

/** A page of read records (administrators), newest first. */
export async function listReadPage(
  ctx: RequestContext,
  args: PageArgs,
): Promise<{ rows: ReturnType<typeof toWireRead>[]; total: number; offset: number }> {
  const { tenant } = requireUser(ctx);
  const page = pageOf(args);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const { rows, total } = await listReads(tx, tenant.id, {
      filter: normaliseFilter(args.filter, noticeReadFilterColumns),
      ...page,
    });
    return { rows: rows.map((r) => toWireRead(r, tenant.timeZone)), total, offset: page.offset };
  });
}
