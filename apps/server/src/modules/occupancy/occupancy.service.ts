import { formatDateTime } from '@yuyue/shared';
import { z } from 'zod';
import { withTenant } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { type RequestContext, requireUser } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseInput } from '../../platform/validation.ts';
import { findResource } from '../resources/resources.repository.ts';
import { normaliseFilterMap } from '../resources/resources.rules.ts';
import {
  deleteOccupancy,
  findOccupancy,
  insertOccupancy,
  listOccupancies,
  updateOccupancy,
  type OccupancyListRow,
} from './occupancy.repository.ts';
import { instantOfLocal, localMinute } from './occupancy.rules.ts';
import { opt, optionalId, text } from '../../platform/inputs.ts';

const occupancyInput = z.object({
  id: optionalId,
  resources_id: optionalId,
  start_time: opt(text(30)),
  end_time: opt(text(30)),
  reason_cn: opt(text(500)),
  reason_en: opt(text(500)),
});

const PAGE_MAX = 200;

function wire(row: OccupancyListRow, zone: string) {
  return {
    id: row.id,
    resources_id: row.resources_id,
    resources_name: row.resources_name,
    resources_name_en: row.resources_name_en,
    resources_type_id: row.resources_type_id,
    start_time: localMinute(row.starts_at.getTime(), zone),
    end_time: localMinute(row.ends_at.getTime(), zone),
    reason_cn: row.reason_cn,
    reason_en: row.reason_en,
    created_user: row.created_user,
    created_user_name: row.created_user_name,
    create_time: formatDateTime(row.create_time.getTime(), zone),
  };
}

/** A page of blocked periods, latest start first. start_time gte / end_time lte select periods overlapping the range. */
export async function listOccupancyPage(
  ctx: RequestContext,
  args: { first?: number | null; offset?: number | null; filter?: unknown },
) {
  const { tenant } = requireUser(ctx);
  const f = normaliseFilterMap(args.filter, ['id', 'resources_id', 'resources_type_id'] as const, [
    'id',
    'resources_id',
    'resources_type_id',
  ]);
  const range = (args.filter ?? {}) as { start_time?: { gte?: unknown } | null; end_time?: { lte?: unknown } | null };
  const bound = (v: unknown, field: string) => {
    if (typeof v !== 'string' || v.trim() === '') return undefined;
    const at = instantOfLocal(v, tenant.timeZone);
    if (at === null) throw new AppError('INVALID_INPUT', { detail: `${field}: YYYY-MM-DD or YYYY-MM-DD HH:mm` });
    return new Date(at);
  };
  const from = bound(range.start_time?.gte, 'start_time');
  const to = bound(range.end_time?.lte, 'end_time');
  const limit = args.first && args.first > 0 ? Math.min(args.first, PAGE_MAX) : 20;
  const offset = args.offset && args.offset > 0 ? args.offset : 0;
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const { rows, total } = await listOccupancies(
      tx,
      tenant.id,
      { ids: f.id, resourceIds: f.resources_id, typeIds: f.resources_type_id, from, to },
      { limit, offset },
    );
    return { nodes: rows.map((r) => wire(r, tenant.timeZone)), total, offset };
  });
}

/** Blocks (no id) or changes (id) a period of a resource. Returns its id. */
export async function saveOccupancy(ctx: RequestContext, input: unknown, mode: 'save' | 'update'): Promise<string> {
  const { tenant, user } = requireUser(ctx);
  const model = parseInput(occupancyInput, input);
  if (mode === 'update' && !model.id) throw new AppError('REQUIRED', { field: 'id' });
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const stored = mode === 'update' ? await findOccupancy(tx, tenant.id, model.id!) : undefined;
    if (mode === 'update' && !stored) throw new AppError('OCCUPANCY_NOT_FOUND');
    const resourcesId = model.resources_id ?? stored?.resources_id;
    if (!resourcesId) throw new AppError('REQUIRED', { field: 'resources_id' });
    const resource = await findResource(tx, tenant.id, resourcesId);
    if (!resource) throw new AppError('RESOURCE_NOT_FOUND');
    const start =
      model.start_time !== undefined ? instantOfLocal(model.start_time, tenant.timeZone) : stored!.starts_at.getTime();
    const end =
      model.end_time !== undefined ? instantOfLocal(model.end_time, tenant.timeZone) : stored!.ends_at.getTime();
    if (start === null || end === null || end <= start) throw new AppError('OCCUPANCY_PERIOD_INVALID');
    const reasonCn = model.reason_cn ?? stored?.reason_cn ?? '';
    if (!reasonCn) throw new AppError('OCCUPANCY_REASON_REQUIRED');
    const values = {
      resources_id: resourcesId,
      starts_at: new Date(start),
      ends_at: new Date(end),
      reason_cn: reasonCn,
      reason_en: model.reason_en ?? stored?.reason_en ?? '',
    };
    const row = stored
      ? await updateOccupancy(tx, tenant.id, stored.id, values)
      : await insertOccupancy(tx, tenant.id, { ...values, created_user: user.account, created_user_name: user.name });
    if (!row) throw new AppError('OCCUPANCY_NOT_FOUND');
    await audit(tx, ctx, {
      module: 'resources_occupy',
      type: mode,
      content: `${resource.resources_name} ${localMinute(start, tenant.timeZone)} - ${localMinute(end, tenant.timeZone)} ${reasonCn}`,
      object: row.id,
    });
    return row.id;
  });
}

export async function removeOccupancy(ctx: RequestContext, id: unknown): Promise<string> {
  const { tenant } = requireUser(ctx);
  if (!isUuid(id)) throw new AppError('OCCUPANCY_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await deleteOccupancy(tx, tenant.id, id);
    if (!row) throw new AppError('OCCUPANCY_NOT_FOUND');
    await audit(tx, ctx, {
      module: 'resources_occupy',
      type: 'delete',
      content: `删除资源占用 ${row.reason_cn}`,
      object: id,
    });
    return id;
  });
}
