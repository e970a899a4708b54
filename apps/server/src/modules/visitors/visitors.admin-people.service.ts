import { isoDateOf } from '@yuyue/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { withTenant, type Db, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Job } from '../../platform/jobs.ts';
import { listTenants } from '../tenants/tenants.repository.ts';
import { listOperateLogPage, type OperateLogPageArgs } from '../logs/logs.service.ts';
import {
  inScope,
  isWholeScope,
  requireVisitorAdminScope,
  signedIn,
  type VisitorAdminScope,
} from './visitors.access.ts';
import {
  LONG_TERM_BATCH_MAX,
  anonymisedName,
  longTermValues,
  passChanged,
  retentionCutoff,
  retentionDaysOf,
  type LongTermInput,
  type LongTermValues,
} from './visitors.admin-people.rules.ts';
import {
  anonymiseVisit,
  anonymiseVisitor,
  deleteLongTerms,
  insertLongTerms,
  longTermTriples,
  longTermsByIds,
  maskEntriesBefore,
  pageLongTerms,
  revokePassesOfMany,
  setLongTermsState,
  updateLongTerm,
  visitorsToAnonymise,
  visitsToAnonymise,
  type LongTermRow,
} from './visitors.admin-people.repository.ts';
import { visitorAreas } from './visitors.areas.repository.ts';
import { visitorClock } from './visitors.appointments.viewer.ts';
import { checkPhone } from './visitors.registration.rules.ts';
import { sealPhone } from './visitors.crypto.ts';
import { lockPassRef } from './visitors.passes.repository.ts';
import { visitorSettings } from './visitors.settings.repository.ts';
import { visitorKeys } from '../../platform/data-key.ts';

/**
 * The visitor back office's people slice (visitors.admin-people.graphql): long-term visitors
 * (within the administrator's scope), the visitor module's operate log and the retention job.
 */

interface Admin {
  tx: Tx;
  tenant: TenantRef;
  user: AuthUser;
  scope: VisitorAdminScope;
}

/** Runs `work` for a holder of the visitor 'admin' right (FORBIDDEN otherwise) in one transaction. */
async function asAdmin<T>(ctx: RequestContext, work: (a: Admin) => Promise<T>): Promise<T> {
  const { tenant, user } = signedIn(ctx);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const scope = await requireVisitorAdminScope(tx, tenant.id, user);
    return work({ tx, tenant, user, scope });
  });
}

// ---------------------------------------------------------------- long-term visitors

function wire(row: LongTermRow) {
  return {
    id: row.id,
    user_name: row.user_name,
    user_id: row.user_id,
    person_type: row.person_type,
    dept: row.dept,
    phone: row.phone_mask,
    password: '',
    permission: row.permission,
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    weekdays: row.weekdays,
    start_time: row.start_time,
    end_time: row.end_time,
    data_source: row.data_source,
    is_enable: row.is_enable,
  };
}

const covers = (scope: VisitorAdminScope, row: { permission: string }) =>
  isWholeScope(scope) || inScope(scope, { areas: row.permission });

function outOfScope(): AppError {
  return new AppError('VISITOR_OUT_OF_SCOPE', { what: '通行区域', what_en: 'areas' });
}

function condition(raw: unknown): { eq?: string; like?: string } {
  if (!raw || typeof raw !== 'object') return {};
  const { eq, like } = raw as { eq?: unknown; like?: unknown };
  return {
    ...((typeof eq === 'string' && eq.trim()) || typeof eq === 'number' ? { eq: String(eq).trim().slice(0, 100) } : {}),
    ...(typeof like === 'string' && like.trim() ? { like: like.trim().slice(0, 100) } : {}),
  };
}

export interface LongTermListArgs {
  paging?: { first?: number | null; offset?: number | null } | null;
  first?: number | null;
  offset?: number | null;
  filter?: unknown;
}

/** `findVisitorLongTermEntityList`: a page of the long-term visitors the administrator's scope covers. */
export async function listLongTerms(ctx: RequestContext, args: LongTermListArgs) {
  const limit = Math.min(Math.max(Number(args.paging?.first ?? args.first ?? 10) || 10, 1), 200);
  const offset = Math.max(Number(args.paging?.offset ?? args.offset ?? 0) || 0, 0);
  const filter = (args.filter ?? {}) as Record<string, unknown>;
  const enable = condition(filter.is_enable).eq;
  const validity = condition(filter.validity).eq;
  if (enable !== undefined && enable !== '0' && enable !== '1')
    throw new AppError('VISITOR_LONG_TERM_FIELD_INVALID', { field: '启用', field_en: 'enabled' });
  if (validity !== undefined && !['current', 'future', 'expired'].includes(validity))
    throw new AppError('VISITOR_LONG_TERM_FIELD_INVALID', { field: '有效期', field_en: 'validity' });
  return asAdmin(ctx, async ({ tx, tenant, scope }) => {
    const { rows, total } = await pageLongTerms(tx, tenant.id, {
      scopeAreas: scope.areas,
      name: condition(filter.user_name),
      personType: condition(filter.person_type).eq,
      isEnable: enable === undefined ? undefined : Number(enable),
      validity: validity as 'current' | 'future' | 'expired' | undefined,
      today: isoDateOf(visitorClock.now(), tenant.timeZone),
      limit,
      offset,
    });
    return { rows: rows.map(wire), total, offset };
  });
}

function batch<T>(list: readonly T[] | null | undefined): readonly T[] {
  if (!Array.isArray(list) || !list.length || list.length > LONG_TERM_BATCH_MAX)
    throw new AppError('VISITOR_LONG_TERM_BATCH', { max: LONG_TERM_BATCH_MAX });
  return list;
}

/** Checks the areas are visitor areas and within the scope. */
async function checkAreas(a: Admin, values: LongTermValues) {
  const ids = values.permission ? values.permission.split(',') : [];
  if (ids.length) {
    const known = new Set((await visitorAreas(a.tx, a.tenant.id, ids)).map((x) => x.id.toLowerCase()));
    const unknown = ids.find((id) => !known.has(id));
    if (unknown) throw new AppError('VISIT_AREA_INVALID', { area: unknown });
  }
  if (!covers(a.scope, values)) throw outOfScope();
}

function phoneColumns(ctx: RequestContext, tenantId: string, phone: string) {
  if (!phone) return {};
  return sealPhone(visitorKeys(ctx.config), tenantId, checkPhone(phone));
}

const currentValues = (row: LongTermRow): LongTermValues => ({
  user_name: row.user_name,
  user_id: row.user_id,
  person_type: row.person_type,
  dept: row.dept,
  phone: '',
  permission: row.permission,
  valid_from: row.valid_from,
  valid_to: row.valid_to,
  weekdays: row.weekdays,
  start_time: row.start_time,
  end_time: row.end_time,
  is_enable: row.is_enable,
});

const summary = (v: { user_name: string; valid_from: string; valid_to: string }) =>
  `${anonymisedName(v.user_name)}（${v.valid_from} 至 ${v.valid_to}）`;

/** `saveVisitorLongTermEntity` / `batchSaveVisitorLongTermEntity`: adds long-term visitors (all or none). */
export async function saveLongTerms(ctx: RequestContext, models: readonly LongTermInput[] | null | undefined) {
  const list = batch(models);
  return asAdmin(ctx, async (a) => {
    const rows = [];
    for (const m of list) {
      const values = longTermValues(m ?? {});
      await checkAreas(a, values);
      const { phone, ...rest } = values;
      rows.push({ ...rest, ...phoneColumns(ctx, a.tenant.id, phone), data_source: 1, mod_user: a.user.account });
    }
    const saved = await insertLongTerms(a.tx, a.tenant.id, rows);
    await audit(a.tx, ctx, {
      module: 'visitor',
      type: 'save',
      content: `新增长期访客 ${saved.length} 名：${saved.map(summary).join('、')}`,
      object: saved.map((r) => r.id).join(','),
    });
    return saved.map((r) => r.id);
  });
}

/** Locked rows of `ids` the administrator's scope covers; VISITOR_LONG_TERM_NOT_FOUND for any other. */
async function coveredRows(a: Admin, ids: readonly unknown[]): Promise<Map<string, LongTermRow>> {
  const wanted = [
    ...new Set(
      ids.map((id) =>
        String(id ?? '')
          .trim()
          .toLowerCase(),
      ),
    ),
  ];
  if (wanted.some((id) => !isUuid(id))) throw new AppError('VISITOR_LONG_TERM_NOT_FOUND');
  const rows = await longTermsByIds(a.tx, a.tenant.id, wanted);
  const byId = new Map(rows.filter((r) => covers(a.scope, r)).map((r) => [r.id, r]));
  if (wanted.some((id) => !byId.has(id))) throw new AppError('VISITOR_LONG_TERM_NOT_FOUND');
  return byId;
}

/** Revokes a long-term visitor's passes (locked like an issue); how many. */
async function revokeOf(a: Admin, ids: readonly string[], reason: string): Promise<number> {
  for (const id of [...ids].sort()) await lockPassRef(a.tx, a.tenant.id, id);
  return revokePassesOfMany(a.tx, a.tenant.id, ids, reason, new Date());
}

/**
 * `updateVisitorLongTermEntity` / `batchUpdateVisitorLongTermEntity`: changes long-term visitors
 * (all or none). A change of dates, areas, weekdays, hours or enabled revokes the current pass.
 */
export async function updateLongTerms(ctx: RequestContext, models: readonly LongTermInput[] | null | undefined) {
  const list = batch(models);
  return asAdmin(ctx, async (a) => {
    const rows = await coveredRows(
      a,
      list.map((m) => m?.id),
    );
    const revoke: string[] = [];
    const changed: string[] = [];
    for (const m of list) {
      const row = rows.get(String(m.id).trim().toLowerCase())!;
      const before = currentValues(row);
      const values = longTermValues(m, before);
      await checkAreas(a, values);
      const { phone, ...rest } = values;
      await updateLongTerm(a.tx, a.tenant.id, row.id, {
        ...rest,
        ...phoneColumns(ctx, a.tenant.id, phone),
        mod_user: a.user.account,
      });
      if (passChanged(before, values)) revoke.push(row.id);
      changed.push(summary(values));
    }
    const revoked = await revokeOf(a, revoke, 'long-term visitor changed');
    await audit(a.tx, ctx, {
      module: 'visitor',
      type: list.length > 1 ? 'batchUpdate' : 'update',
      content: `修改长期访客 ${changed.length} 名：${changed.join('、')}${revoked ? `，撤销通行证 ${revoked} 张` : ''}`,
      object: [...rows.keys()].join(','),
    });
    return [...rows.keys()];
  });
}

/** `deleteVisitorLongTermEntity` / `batchDeleteVisitorLongTermEntity`: deletes long-term visitors (all or none), their passes revoked. */
export async function deleteLongTermsOf(ctx: RequestContext, ids: readonly unknown[] | null | undefined) {
  const list = batch(ids);
  return asAdmin(ctx, async (a) => {
    const rows = await coveredRows(a, list);
    const revoked = await revokeOf(a, [...rows.keys()], 'long-term visitor deleted');
    await deleteLongTerms(a.tx, a.tenant.id, [...rows.keys()]);
    await audit(a.tx, ctx, {
      module: 'visitor',
      type: list.length > 1 ? 'batchDelete' : 'delete',
      content: `删除长期访客 ${rows.size} 名：${[...rows.values()].map(summary).join('、')}${revoked ? `，撤销通行证 ${revoked} 张` : ''}`,
      object: [...rows.keys()].join(','),
    });
    return [...rows.keys()];
  });
}

/** `updateVisitorLongTermListState(ids, is_enable)`: enables or disables long-term visitors; their passes are revoked. */
export async function setLongTermState(
  ctx: RequestContext,
  ids: readonly unknown[] | null | undefined,
  isEnable: unknown,
) {
  const list = batch(ids);
  if (isEnable !== 0 && isEnable !== 1)
    throw new AppError('VISITOR_LONG_TERM_FIELD_INVALID', { field: '启用', field_en: 'enabled' });
  return asAdmin(ctx, async (a) => {
    const rows = await coveredRows(a, list);
    const changing = [...rows.values()].filter((r) => r.is_enable !== isEnable).map((r) => r.id);
    await setLongTermsState(a.tx, a.tenant.id, changing, isEnable, a.user.account);
    const revoked = await revokeOf(
      a,
      changing,
      isEnable ? 'long-term visitor enabled again' : 'long-term visitor disabled',
    );
    await audit(a.tx, ctx, {
      module: 'visitor',
      type: 'updateState',
      content: `${isEnable ? '启用' : '停用'}长期访客 ${changing.length} 名${revoked ? `，撤销通行证 ${revoked} 张` : ''}`,
      object: [...rows.keys()].join(','),
    });
    return [...rows.keys()];
  });
}

/** Rows longTermAuthoritativeTriples gives at most. */
const TRIPLES_MAX = 2000;

/**
 * `longTermAuthoritativeTriples(person_type)`: the long-term visitors of a person type (any when
 * empty) within the scope, each with the directory triples (department, post, user) it is
 * authorised through: its account's positions; one unauthorised row when it has no directory user.
 */
export async function authoritativeTriples(ctx: RequestContext, personType: unknown) {
  if (personType !== null && personType !== undefined && typeof personType !== 'string')
    throw new AppError('VISITOR_LONG_TERM_FIELD_INVALID', { field: '人员类型', field_en: 'person type' });
  const type = typeof personType === 'string' && personType.trim() ? personType.trim().slice(0, 100) : undefined;
  return asAdmin(ctx, async ({ tx, tenant, scope }) => {
    const rows = await longTermTriples(tx, tenant.id, {
      personType: type,
      scopeAreas: scope.areas,
      limit: TRIPLES_MAX,
    });
    return rows.map((r) => ({
      id: `${r.long_term_id}:${r.position_id ?? r.user_id ?? 'none'}`,
      long_term_id: r.long_term_id,
      person_type: r.person_type,
      user_name: r.user_name,
      is_enable: r.is_enable,
      valid_from: r.valid_from,
      valid_to: r.valid_to,
      authorised: r.user_id !== null,
      dept_id: r.dept_id ?? '',
      dept_name: r.dept_name ?? '',
      dept_code: r.dept_code ?? '',
      post_id: r.post_id ?? '',
      post_name: r.post_name ?? '',
      post_code: r.post_code ?? '',
      user_account: r.user_account ?? '',
      user_display_name: r.user_display_name ?? '',
      code: r.user_id ? `${r.dept_code ?? ''}|${r.post_code ?? ''}|${r.user_account}` : '',
    }));
  });
}

// ---------------------------------------------------------------- operate log

/**
 * `findVisitorOperateLogList`: the visitor module's operate log (module 'visitor' whatever the
 * filter says). Its entries span every area and visitor type, so an administrator with a scope
 * sees only the entries of their own actions.
 */
export async function visitorOperateLog(ctx: RequestContext, args: OperateLogPageArgs) {
  const { tenant, user } = signedIn(ctx);
  const scope = await withTenant(ctx.db, tenant.id, (tx) => requireVisitorAdminScope(tx, tenant.id, user));
  const filter = args.filter && typeof args.filter === 'object' ? (args.filter as Record<string, unknown>) : {};
  const own = isWholeScope(scope) ? {} : { operate_user_id: { eq: user.account } };
  return listOperateLogPage(ctx, { ...args, filter: { ...filter, ...own, operate_module: { eq: 'visitor' } } });
}

// ---------------------------------------------------------------- retention

/** Rows the retention job handles per transaction. */
const RETENTION_BATCH = 200;
/** Batches per tenant and run (the rest waits for the next run). */
const RETENTION_MAX_BATCHES = 50;

export interface RetentionOutcome {
  visits: number;
  visitors: number;
  passes: number;
  entries: number;
}

/**
 * Anonymises one tenant's visitor personal data older than its retention period (overall
 * settings' retention_days, default 180): visits ended before the cut-off (name masked, phone
 * and information emptied), registrations made before it with no visit since (name masked,
 * numbers and information emptied, no longer valid, their directory user disabled), the names
 * of gate entries before it; their passes revoked. Counts for statistics stay (the rows do).
 * The operate log records a summary (module 'visitor', type 'anonymise').
 */
export async function anonymiseTenant(
  deps: { config: Config; log: FastifyBaseLogger },
  db: Db,
  tenant: TenantRef,
  now: number,
): Promise<RetentionOutcome> {
  const ctx: RequestContext = { config: deps.config, db, log: deps.log, tenant, user: null, ip: '' };
  const days = await withTenant(db, tenant.id, async (tx) =>
    retentionDaysOf((await visitorSettings(tx, tenant.id)).overall.retention_days),
  );
  const cutoff = retentionCutoff(now, days);
  const at = new Date(now);
  const out: RetentionOutcome = { visits: 0, visitors: 0, passes: 0, entries: 0 };
  for (let i = 0; i < RETENTION_MAX_BATCHES; i++) {
    const n = await withTenant(db, tenant.id, async (tx) => {
      const rows = await visitsToAnonymise(tx, tenant.id, cutoff, RETENTION_BATCH);
      for (const r of rows) await anonymiseVisit(tx, tenant.id, r.id, anonymisedName(r.visitor_name), at);
      out.passes += await revokePassesOfMany(
        tx,
        tenant.id,
        rows.map((r) => r.id),
        'retention: anonymised',
        at,
      );
      return rows.length;
    });
    out.visits += n;
    if (n < RETENTION_BATCH) break;
  }
  for (let i = 0; i < RETENTION_MAX_BATCHES; i++) {
    const n = await withTenant(db, tenant.id, async (tx) => {
      const rows = await visitorsToAnonymise(tx, tenant.id, cutoff, RETENTION_BATCH);
      for (const r of rows) await anonymiseVisitor(tx, tenant.id, r, anonymisedName(r.visitor_name), at);
      return rows.length;
    });
    out.visitors += n;
    if (n < RETENTION_BATCH) break;
  }
  await withTenant(db, tenant.id, async (tx) => {
    out.entries = await maskEntriesBefore(tx, tenant.id, cutoff);
    if (out.visits || out.visitors || out.entries) {
      await audit(tx, ctx, {
        module: 'visitor',
        type: 'anonymise',
        content: `保留期 ${days} 天（${isoDateOf(cutoff.getTime(), tenant.timeZone)} 之前）：匿名化来访 ${out.visits} 条、访客 ${out.visitors} 名、进入记录 ${out.entries} 条，撤销通行证 ${out.passes} 张`,
      });
    }
  });
  return out;
}

/** The retention job: hourly, every active tenant; one instance at a time (the platform's advisory lock). */
export function visitorRetentionJob(deps: { config: Config; log: FastifyBaseLogger }): Job {
  return {
    name: 'visitor-retention',
    everyMs: 60 * 60_000,
    async run(db) {
      const now = visitorClock.now();
      const total: RetentionOutcome = { visits: 0, visitors: 0, passes: 0, entries: 0 };
      for (const t of await listTenants(db)) {
        if (t.state !== '1') continue;
        const tenant: TenantRef = { id: t.id, key: t.tenant_key, timeZone: t.time_zone, isSuper: t.is_super };
        try {
          const r = await anonymiseTenant(deps, db, tenant, now);
          total.visits += r.visits;
          total.visitors += r.visitors;
          total.passes += r.passes;
          total.entries += r.entries;
        } catch (err) {
          deps.log.error({ err, tenant: t.tenant_key }, 'visitor retention failed for a tenant');
        }
      }
      if (total.visits || total.visitors || total.entries)
        return `anonymised ${total.visits} visits, ${total.visitors} visitors, ${total.entries} entries; revoked ${total.passes} passes`;
    },
  };
}
