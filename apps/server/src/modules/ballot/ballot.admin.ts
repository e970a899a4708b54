import { formatDateTime } from '@yuyue/shared';
import { z } from 'zod';
import { withTenant } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { type RequestContext, requireUser } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { announce } from '../../platform/events.ts';
import { isUuid } from '../../platform/ids.ts';
import { isoDateArg } from '../booking/booking.service.ts';
import { findType } from '../resource-types/resource-types.repository.ts';
import { managedScope, managesResource } from '../resources/resource-admins.ts';
import { findResource } from '../resources/resources.repository.ts';
import { BALLOT_SETTINGS } from './ballot.collect.ts';
import { drawDate } from './ballot.draw.ts';
import {
  deleteSetting,
  entriesOfDraw,
  findDraw,
  pageDraws,
  upsertSetting,
  type BallotDrawRow,
} from './ballot.repository.ts';
import { replay as replayDraw } from './ballot.rules.ts';
import { pageResourceSettings } from './ballot.settings.repository.ts';
import { effectiveSetting } from './ballot.submit.ts';
import { ballotDraws } from './ballot.tables.ts';

const settingInput = z.object({
  target_kind: z.enum(['type', 'resource']),
  target_id: z.string().trim(),
  release_mode: z.enum(['race', 'ballot', 'inherit']),
  window_minutes: z.number().int().min(1).max(1440).nullish(),
  weighted: z.boolean().nullish(),
  max_wins_per_person: z.number().int().min(0).max(100).nullish(),
});

const fieldWords: Record<string, { zh: string; en: string }> = {
  target_kind: { zh: '对象类型应为 type（资源类型）或 resource（资源）', en: 'target_kind must be type or resource' },
  release_mode: {
    zh: '发放方式应为 race（先到先得）、ballot（抽签）或 inherit（不单独设置）',
    en: 'release_mode must be race, ballot or inherit',
  },
  window_minutes: { zh: '报名时长应为 1 至 1440 分钟', en: 'window_minutes must be 1 to 1440' },
  weighted: { zh: '加权应为 true 或 false', en: 'weighted must be true or false' },
  max_wins_per_person: {
    zh: '每人中签上限应为 0 至 100（0 不限）',
    en: 'max_wins_per_person must be 0 to 100 (0: no cap)',
  },
  target_id: { zh: '对象编号无效', en: 'target_id is not a valid id' },
  releaseMode: {
    zh: '发放方式筛选应为 race（先到先得）或 ballot（抽签）',
    en: 'releaseMode must be race or ballot',
  },
};

function invalid(field: string): AppError {
  const w = fieldWords[field] ?? { zh: field, en: field };
  return new AppError('BALLOT_SETTING_INVALID', { field: w.zh, field_en: w.en });
}

/**
 * `saveBallotSetting`: a resource type's release settings (tenant administrators) or a
 * resource's (its administrators too). `inherit` removes the target's own settings: a resource
 * then follows its type's, a type the default (race). Logged; the next submit uses them.
 * Gives the saved row's id ('' when removed).
 */
export async function saveSetting(ctx: RequestContext, model: unknown) {
  const { tenant, user } = requireUser(ctx);
  const parsed = settingInput.safeParse(model ?? {});
  if (!parsed.success) throw invalid(String(parsed.error.issues[0]?.path[0] ?? 'target_kind'));
  const m = parsed.data;
  if (!isUuid(m.target_id)) throw invalid('target_id');
  const saved = await withTenant(ctx.db, tenant.id, async (tx) => {
    let name: string;
    if (m.target_kind === 'type') {
      if (user.role !== 'admin') throw new AppError('FORBIDDEN');
      const type = await findType(tx, tenant.id, m.target_id);
      if (!type) throw new AppError('BALLOT_TARGET_NOT_FOUND');
      name = type.resources_name;
    } else {
      const res = await findResource(tx, tenant.id, m.target_id);
      if (!res || !(await managesResource(tx, tenant.id, user, res.id))) throw new AppError('BALLOT_TARGET_NOT_FOUND');
      name = res.resources_name;
    }
    const what = m.target_kind === 'type' ? '资源类型' : '资源';
    // every instance's entries see the change once it commits (ballot.collect.ts's hint)
    await announce(tx, { kind: 'settings', tenantId: tenant.id, scope: BALLOT_SETTINGS });
    if (m.release_mode === 'inherit') {
      await deleteSetting(tx, tenant.id, m.target_kind, m.target_id);
      await audit(tx, ctx, {
        module: 'ballot',
        type: 'ballotSettings',
        content: `${what} ${name} 发放方式：不单独设置（${m.target_kind === 'type' ? '先到先得' : '跟随资源类型'}）`,
        object: m.target_id,
      });
      return { id: '' };
    }
    const saved = await upsertSetting(tx, tenant.id, {
      target_kind: m.target_kind,
      target_id: m.target_id,
      release_mode: m.release_mode,
      window_minutes: m.window_minutes ?? 10,
      weighted: m.weighted ?? false,
      max_wins_per_person: m.max_wins_per_person ?? 0,
      update_user: user.account,
    });
    await audit(tx, ctx, {
      module: 'ballot',
      type: 'ballotSettings',
      content: `${what} ${name} 发放方式：${
        saved.release_mode === 'ballot'
          ? `抽签（开放后 ${saved.window_minutes} 分钟内报名，${saved.weighted ? '加权' : '不加权'}，每人最多中 ${saved.max_wins_per_person || '不限'}）`
          : '先到先得'
      }`,
      object: m.target_id,
    });
    return { id: saved.id };
  });
  return saved;
}

export interface ResourceSettingListArgs {
  first?: number | null;
  offset?: number | null;
  keyword?: string | null;
  releaseMode?: string | null;
}

/**
 * `findBallotResourceSettingAll`: the resources the caller administers (every resource of the
 * tenant for a tenant administrator; FORBIDDEN for a user administering none), by order then
 * name, each with its type and the release settings in force (its own, else its type's, else
 * race: `effectiveSetting`, the rule entering and drawing use), whether or not the caller may
 * book it. `keyword` finds part of the name (either language) or the number; `releaseMode`
 * ('race', 'ballot') keeps the resources whose mode in force is that one.
 */
export async function listResourceSettings(ctx: RequestContext, args: ResourceSettingListArgs) {
  const { tenant, user } = requireUser(ctx);
  const limit = args.first && args.first > 0 ? Math.min(args.first, 200) : 20;
  const offset = args.offset && args.offset > 0 ? args.offset : 0;
  const keyword = typeof args.keyword === 'string' ? args.keyword.trim().slice(0, 100) : '';
  const mode = args.releaseMode?.trim() || undefined;
  if (mode !== undefined && mode !== 'race' && mode !== 'ballot') throw invalid('releaseMode');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const managed = await managedScope(tx, tenant.id, user);
    const { rows, total } = await pageResourceSettings(
      tx,
      tenant.id,
      { managed, keyword: keyword || undefined, mode },
      { limit, offset },
    );
    const nodes = rows.map(({ own, ofType, ...r }) => ({
      ...r,
      ...effectiveSetting(
        [own, ofType].filter((s) => s !== null),
        r.id,
        r.resources_type_id,
      ),
    }));
    return { nodes, total, offset };
  });
}

/** A draw in the wire shape (times in the tenant's zone). */
function wireDraw(d: BallotDrawRow, zone: string) {
  return {
    id: d.id,
    resources_id: d.resources_id,
    resources_name: d.resources_name,
    resources_name_en: d.resources_name_en,
    appointment_date: d.appointment_date,
    closes_at: formatDateTime(d.closes_at.getTime(), zone),
    drawn_at: formatDateTime(d.drawn_at.getTime(), zone),
    seed: d.seed,
    weighted: d.weighted,
    max_wins_per_person: d.max_wins_per_person,
    slots: d.slots,
    entries_count: d.entries_count,
    winners_count: d.winners_count,
    took_ms: d.took_ms,
    drawn_by: d.drawn_by,
  };
}

export interface DrawListArgs {
  first?: number | null;
  offset?: number | null;
  resourcesId?: string | null;
  dateFrom?: string | null;
  dateTo?: string | null;
}

/** `findBallotDrawAll`: the draws of the resources the caller administers, latest first. */
export async function listDraws(ctx: RequestContext, args: DrawListArgs) {
  const { tenant, user } = requireUser(ctx);
  const limit = args.first && args.first > 0 ? Math.min(args.first, 200) : 20;
  const offset = args.offset && args.offset > 0 ? args.offset : 0;
  const dateFrom = args.dateFrom ? isoDateArg(args.dateFrom, tenant.timeZone) : undefined;
  const dateTo = args.dateTo ? isoDateArg(args.dateTo, tenant.timeZone) : undefined;
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const scope = await managedScope(tx, tenant.id, user, ballotDraws.resources_id);
    const resourceIds = args.resourcesId ? (isUuid(args.resourcesId) ? [args.resourcesId] : []) : undefined;
    const { rows, total } = await pageDraws(tx, tenant.id, { resourceIds, dateFrom, dateTo, scope }, { limit, offset });
    return { nodes: rows.map((d) => wireDraw(d, tenant.timeZone)), total, offset };
  });
}

/** A draw the caller administers, or BALLOT_DRAW_NOT_FOUND. */
async function ownDraw(ctx: RequestContext, id: unknown) {
  const { tenant, user } = requireUser(ctx);
  if (!isUuid(id)) throw new AppError('BALLOT_DRAW_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const draw = await findDraw(tx, tenant.id, id);
    if (!draw || !(await managesResource(tx, tenant.id, user, draw.resources_id))) {
      throw new AppError('BALLOT_DRAW_NOT_FOUND');
    }
    return { draw, entries: await entriesOfDraw(tx, tenant.id, draw.id) };
  });
}

/** `findBallotDraw`: one draw with its entries in drawn order (who, slot, weight, outcome). */
export async function drawDetail(ctx: RequestContext, id: unknown) {
  const { draw, entries } = await ownDraw(ctx, id);
  const zone = ctx.tenant!.timeZone;
  return {
    ...wireDraw(draw, zone),
    entries: entries.map((r) => ({
      id: r.entry.id,
      appointment_id: r.entry.appointment_id,
      appointment_user: r.appointment_user,
      appointment_user_name: r.appointment_user_name,
      slot: r.entry.slot,
      weight: r.entry.weight,
      position: r.entry.position,
      outcome: r.entry.outcome,
      refusal: r.entry.refusal,
      create_time: formatDateTime(r.entry.create_time.getTime(), zone),
    })),
  };
}

/**
 * `replayBallotDraw`: draws a recorded draw again from its seed and recorded inputs (entries,
 * weights, places, cap, and the engine's refusals at the time) and compares with the recorded
 * result. Logged.
 */
export async function replayOne(ctx: RequestContext, id: unknown) {
  const { draw, entries } = await ownDraw(ctx, id);
  const result = await replayDraw(
    draw.seed,
    entries.map((r) => ({
      id: r.entry.id,
      person: r.entry.person,
      slot: r.entry.slot,
      at: r.entry.create_time.getTime(),
      weight: r.entry.weight ?? 1,
      position: r.entry.position,
      outcome: r.entry.outcome,
      refusal: r.entry.refusal,
    })),
    new Map(draw.slots.map((s) => [s.slot, s.capacity])),
    draw.max_wins_per_person,
  );
  const { tenant } = requireUser(ctx);
  await withTenant(ctx.db, tenant.id, (tx) =>
    audit(tx, ctx, {
      module: 'ballot',
      type: 'replay',
      content: `复核抽签 ${draw.resources_name} ${draw.appointment_date}：${result.verified ? '一致' : `不一致（${result.difference}）`}`,
      object: draw.id,
    }),
  );
  return { id: draw.id, seed: draw.seed, ...result };
}

/**
 * `drawBallotNow`: an administrator of the resource closes a date's collection early and draws
 * it now (the same draw as the job's; logged with who drew). BALLOT_NOTHING_TO_DRAW when no entry waits.
 */
export async function drawNow(ctx: RequestContext, resourceId: unknown, date: unknown) {
  const { tenant, user } = requireUser(ctx);
  const isoDate = isoDateArg(date, tenant.timeZone);
  if (typeof resourceId !== 'string' || !isUuid(resourceId)) throw new AppError('BALLOT_TARGET_NOT_FOUND');
  const allowed = await withTenant(
    ctx.db,
    tenant.id,
    async (tx) => !!(await findResource(tx, tenant.id, resourceId)) && managesResource(tx, tenant.id, user, resourceId),
  );
  if (!allowed) throw new AppError('BALLOT_TARGET_NOT_FOUND');
  const done = await drawDate(ctx, tenant, resourceId, isoDate, user);
  if (!done) throw new AppError('BALLOT_NOTHING_TO_DRAW', { date: isoDate });
  return { ...wireDraw(done.draw, tenant.timeZone), losers: done.losers };
}
