import { formatDateTime } from '@yuyue/shared';
import { z } from 'zod';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { type RequestContext, requireUser, type TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseInput } from '../../platform/validation.ts';
import { findUserByAccount } from '../directory/directory.repository.ts';
import { lockBooker } from './blacklist.locks.ts';
import {
  banInForce,
  findSettings,
  insertEntry,
  lastEntryTimes,
  lockEntry,
  pageEntries,
  updateEntry,
  upsertSettings,
  type BlackListRow,
} from './blacklist.repository.ts';
import {
  banDecision,
  banEndOf,
  banStateOf,
  DEFAULT_BLACK_RULE,
  ruleReason,
  validRule,
  type BlackRule,
} from './blacklist.rules.ts';
import { bookingClock } from '../../platform/clock.ts';
import { opt } from '../../platform/inputs.ts';

const DAY = 86_400_000;
const PAGE_MAX = 200;

/** The tenant's rule: the saved one, or the default. */
export async function ruleOf(tx: Tx, tenantId: string): Promise<BlackRule> {
  const row = await findSettings(tx, tenantId);
  return row
    ? {
        is_enable: row.is_enable,
        no_show_times: row.no_show_times,
        no_show_days: row.no_show_days,
        ban_days: row.ban_days,
      }
    : DEFAULT_BLACK_RULE;
}

/** The instants some accounts' bookings were marked no-shows since `since` (still no-shows now). */
export type NoShowTimes = (tx: Tx, tenantId: string, accounts: string[], since: Date) => Promise<Map<string, number[]>>;

/**
 * Applies the black-settings rule to accounts that just got a no-show, in the caller's
 * transaction (which must hold `lockBooker` for each account, so two markings cannot both
 * ban): an account whose no-shows reach the rule's count is put on the blacklist with an end
 * date, and the entry is written to the operate log. Returns the entries made. The no-shows
 * come from `noShowTimes`, passed in by the module that records sign-ins (checkin).
 */
export async function applyBlackRule(
  tx: Tx,
  ctx: RequestContext,
  tenant: TenantRef,
  accounts: readonly string[],
  now: number,
  noShowTimes: NoShowTimes,
): Promise<BlackListRow[]> {
  const unique = [...new Set(accounts)];
  if (!unique.length) return [];
  const rule = await ruleOf(tx, tenant.id);
  if (rule.is_enable !== '1') return [];
  const since = new Date(now - rule.no_show_days * DAY);
  const [times, last] = [await noShowTimes(tx, tenant.id, unique, since), await lastEntryTimes(tx, tenant.id, unique)];
  const made: BlackListRow[] = [];
  for (const account of unique) {
    const decision = banDecision({
      rule,
      noShows: times.get(account) ?? [],
      lastEntryAt: last.get(account)?.getTime() ?? null,
      now,
    });
    if (!decision) continue;
    const user = await findUserByAccount(tx, tenant.id, account);
    const reason = ruleReason(rule, decision.count);
    const row = await insertEntry(tx, tenant.id, {
      user_account: account,
      user_name: user?.name ?? '',
      reason: reason.zh,
      reason_en: reason.en,
      source: '1',
      no_show_count: decision.count,
      start_time: new Date(decision.startsAt),
      end_time: new Date(decision.endsAt),
      state: '1',
      create_time: new Date(now),
      update_time: new Date(now),
    });
    await audit(tx, ctx, {
      module: 'blacklist',
      type: 'auto',
      content: `按黑名单规则列入黑名单 ${account}（${reason.zh}），至 ${formatDateTime(decision.endsAt, tenant.timeZone)}`,
      object: row.id,
    });
    made.push(row);
  }
  return made;
}

/** An entry in the wire shape: times "YYYY-MM-DD HH:mm:ss" in the tenant's time zone. */
function wire(row: BlackListRow, zone: string, now: number) {
  const t = (d: Date | null) => (d ? formatDateTime(d.getTime(), zone) : '');
  return {
    id: row.id,
    user_account: row.user_account,
    user_name: row.user_name,
    reason: row.reason,
    reason_en: row.reason_en || row.reason,
    source: row.source,
    no_show_count: row.no_show_count,
    start_time: t(row.start_time),
    end_time: t(row.end_time),
    state: row.state,
    ban_state: banStateOf(row, now),
    pardon_time: t(row.pardon_time),
    pardon_reason: row.pardon_reason,
    pardon_user: row.pardon_user,
    pardon_user_name: row.pardon_user_name,
    created_user: row.created_user,
    created_user_name: row.created_user_name,
    create_time: t(row.create_time),
  };
}

export interface ListArgs {
  first?: number | null;
  offset?: number | null;
  filter?: unknown;
}

const filterInput = z
  .object({
    user_account: opt(z.object({ eq: opt(z.string().trim().max(100)) })),
    keyword: opt(z.object({ like: opt(z.string().trim().max(100)) })),
    source: opt(z.object({ eq: opt(z.string().trim().max(10)) })),
    ban_state: opt(z.object({ eq: opt(z.string().trim().max(10)) })),
  })
  .nullish();

/** `findBlackListAll` (administrators): the tenant's entries, newest first. */
export async function listEntries(ctx: RequestContext, args: ListArgs) {
  const { tenant } = requireUser(ctx);
  const f = parseInput(filterInput, args.filter);
  const limit = args.first && args.first > 0 ? Math.min(args.first, PAGE_MAX) : 20;
  const offset = args.offset && args.offset > 0 ? args.offset : 0;
  const now = bookingClock.now();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const { rows, total } = await pageEntries(
      tx,
      tenant.id,
      {
        account: f?.user_account?.eq || undefined,
        keyword: f?.keyword?.like || undefined,
        source: f?.source?.eq || undefined,
        banState: f?.ban_state?.eq || undefined,
        now: new Date(now),
      },
      { limit, offset },
    );
    return { rows: rows.map((r) => wire(r, tenant.timeZone, now)), total, offset };
  });
}

/** `findBlackListForSelf`: the caller's ban in force, or null. */
export async function ownBan(ctx: RequestContext) {
  const { tenant, user } = requireUser(ctx);
  const now = bookingClock.now();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await banInForce(tx, tenant.id, user.account, new Date(now));
    return row ? wire(row, tenant.timeZone, now) : null;
  });
}

const entryInput = z.object({
  user_account: z.string().trim().min(1, 'cannot be empty').max(100),
  reason: opt(z.string().trim().max(500)),
  reason_en: opt(z.string().trim().max(500)),
  end_time: opt(z.string().trim().max(30)),
  days: opt(z.number().int()),
});

/**
 * `saveBlackList` (administrators): puts a user of the tenant on the blacklist from now until
 * `end_time` or for `days` days, with a reason. Refused when the user is unknown or already
 * banned (pardon the entry first to change it).
 */
export async function addEntry(ctx: RequestContext, raw: unknown): Promise<string> {
  const { tenant, user } = requireUser(ctx);
  const model = parseInput(entryInput, raw);
  if (!model.reason) throw new AppError('BLACKLIST_REASON_REQUIRED');
  const now = bookingClock.now();
  const end = banEndOf({ end_time: model.end_time, days: model.days }, now, tenant.timeZone);
  if (end === null) throw new AppError('BLACKLIST_END_INVALID');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const target = await findUserByAccount(tx, tenant.id, model.user_account);
    if (!target) throw new AppError('BLACKLIST_USER_UNKNOWN', { account: model.user_account });
    await lockBooker(tx, tenant.id, target.account);
    const current = await banInForce(tx, tenant.id, target.account, new Date(now));
    if (current) {
      throw new AppError('BLACKLIST_ALREADY', {
        account: target.account,
        until: formatDateTime(current.end_time.getTime(), tenant.timeZone),
      });
    }
    const row = await insertEntry(tx, tenant.id, {
      user_account: target.account,
      user_name: target.name,
      reason: model.reason!,
      reason_en: model.reason_en ?? '',
      source: '2',
      start_time: new Date(now),
      end_time: new Date(end),
      state: '1',
      created_user: user.account,
      created_user_name: user.name,
      create_time: new Date(now),
      update_time: new Date(now),
    });
    await audit(tx, ctx, {
      module: 'blacklist',
      type: 'save',
      content: `列入黑名单 ${target.account}（${model.reason}），至 ${formatDateTime(end, tenant.timeZone)}`,
      object: row.id,
    });
    return row.id;
  });
}

async function entryOf(tx: Tx, tenantId: string, id: unknown): Promise<BlackListRow> {
  if (!isUuid(id)) throw new AppError('BLACKLIST_NOT_FOUND');
  const row = await lockEntry(tx, tenantId, id);
  if (!row) throw new AppError('BLACKLIST_NOT_FOUND');
  return row;
}

/** `deleteBlackList` (administrators): removes an entry (hidden from lists; a ban in force ends). */
export async function removeEntry(ctx: RequestContext, id: unknown): Promise<string> {
  const { tenant } = requireUser(ctx);
  const now = bookingClock.now();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await entryOf(tx, tenant.id, id);
    await updateEntry(tx, tenant.id, row.id, { del: 1, update_time: new Date(now) });
    await audit(tx, ctx, {
      module: 'blacklist',
      type: 'delete',
      content: `移除黑名单记录 ${row.user_account}（${row.reason}）`,
      object: row.id,
    });
    return row.id;
  });
}

/** `pardonBlackList` (administrators): ends a ban in force now, with a reason; the entry is kept. */
export async function pardonEntry(ctx: RequestContext, id: unknown, rawReason: unknown): Promise<string> {
  const { tenant, user } = requireUser(ctx);
  const reason = typeof rawReason === 'string' ? rawReason.trim() : '';
  if (!reason) throw new AppError('BLACKLIST_PARDON_REASON_REQUIRED');
  if (reason.length > 500) throw new AppError('INVALID_INPUT', { detail: 'reason: at most 500 characters' });
  const now = bookingClock.now();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await entryOf(tx, tenant.id, id);
    if (banStateOf(row, now) !== '1') throw new AppError('BLACKLIST_NOT_IN_FORCE');
    await updateEntry(tx, tenant.id, row.id, {
      state: '2',
      pardon_time: new Date(now),
      pardon_reason: reason,
      pardon_user: user.account,
      pardon_user_name: user.name,
      update_time: new Date(now),
    });
    await audit(tx, ctx, {
      module: 'blacklist',
      type: 'pardon',
      content: `解除黑名单 ${row.user_account}：${reason}`,
      object: row.id,
    });
    return row.id;
  });
}

/** `findBlackSettings`: the tenant's rule (the default until one is saved). */
export async function getSettings(ctx: RequestContext) {
  const { tenant } = requireUser(ctx);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await findSettings(tx, tenant.id);
    const rule = row ?? DEFAULT_BLACK_RULE;
    return {
      id: row?.id ?? '',
      is_enable: rule.is_enable,
      no_show_times: rule.no_show_times,
      no_show_days: rule.no_show_days,
      ban_days: rule.ban_days,
      update_user: row?.update_user ?? '',
      update_user_name: row?.update_user_name ?? '',
      update_time: row ? formatDateTime(row.update_time.getTime(), tenant.timeZone) : '',
    };
  });
}

const settingsInput = z.object({
  is_enable: z.union([z.string(), z.number()]).transform((v) => String(v).trim()),
  no_show_times: z.number(),
  no_show_days: z.number(),
  ban_days: z.number(),
});

/** `saveBlackSettings` (administrators): sets the rule; applies to no-shows marked from now on. */
export async function saveSettings(ctx: RequestContext, raw: unknown): Promise<string> {
  const { tenant, user } = requireUser(ctx);
  const rule = parseInput(settingsInput, raw);
  if (!validRule(rule)) throw new AppError('BLACK_SETTINGS_INVALID');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await upsertSettings(tx, tenant.id, {
      ...rule,
      update_user: user.account,
      update_user_name: user.name,
      update_time: new Date(bookingClock.now()),
    });
    await audit(tx, ctx, {
      module: 'blacklist',
      type: 'settings',
      content: `黑名单规则：${rule.is_enable === '1' ? '启用' : '停用'}，${rule.no_show_days}天内违约${rule.no_show_times}次禁约${rule.ban_days}天`,
      object: row.id,
    });
    return row.id;
  });
}
