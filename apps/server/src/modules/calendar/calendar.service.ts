import { createHash, randomBytes } from 'node:crypto';
import { formatDateTime } from '@yuyue/shared';
import type { Config } from '../../config.ts';
import { withTenant } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { type RequestContext, requireUser } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { managesResource } from '../resources/resource-admins.ts';
import {
  insertFeed,
  liveFeedsOf,
  resourceNames,
  revokeFeed,
  revokeFeedsLike,
  type FeedRow,
} from './calendar.repository.ts';

/*
 * Private calendar feeds (docs/GLOSSARY.md "Calendars"): each user may keep one feed of their
 * bookings (kind `user`) and, for each resource they administer, one feed of its bookings (kind
 * `resource`). A feed's URL carries a random 256-bit token (base64url); only its SHA-256 is
 * kept, so the URL is shown once, when the feed is made. Making a feed again replaces the old
 * one (its URL answers 404 from then on); revoking it ends it.
 */

export const FEED_KINDS = ['user', 'resource'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** SHA-256 (hex) of a feed token: what the database keeps and looks up. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new feed token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A token's form (43 base64url characters): anything else cannot be a feed. */
export const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

/** The feed's https URL and the same as webcal:// (which calendar apps open as a subscription). */
export function feedUrls(config: Pick<Config, 'publicUrl' | 'basePath'>, token: string) {
  const url = `${config.publicUrl}${config.basePath}/bus/calendar/feeds/${token}.ics`;
  return { url, webcal_url: url.replace(/^https?:/, 'webcal:') };
}

/** A feed as the API shows it (no token: only its hash is kept). */
export interface WireFeed {
  id: string;
  kind: string;
  resources_id: string;
  resources_name: string;
  resources_name_en: string;
  create_time: string;
}

function wire(row: FeedRow, names: Map<string, { zh: string; en: string }>, zone: string): WireFeed {
  const name = row.resources_id ? names.get(row.resources_id) : undefined;
  return {
    id: row.id,
    kind: row.kind,
    resources_id: row.resources_id ?? '',
    resources_name: name?.zh ?? '',
    resources_name_en: name?.en ?? '',
    create_time: formatDateTime(row.create_time.getTime(), zone),
  };
}

/** The caller's live feeds, newest first; `resourceId` narrows them to one resource's. */
export async function listMyFeeds(ctx: RequestContext, resourceId?: unknown): Promise<WireFeed[]> {
  const { tenant, user } = requireUser(ctx);
  if (resourceId !== undefined && resourceId !== null && resourceId !== '' && !isUuid(resourceId)) {
    throw new AppError('CALENDAR_RESOURCE_NOT_FOUND');
  }
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const rows = (await liveFeedsOf(tx, tenant.id, user.id)).filter(
      (r) => !resourceId || r.resources_id === resourceId,
    );
    const names = await resourceNames(tx, tenant.id, [
      ...new Set(rows.map((r) => r.resources_id).filter((id): id is string => !!id)),
    ]);
    return rows.map((r) => wire(r, names, tenant.timeZone));
  });
}

/**
 * Makes the caller's feed of a kind (for `resource`: of a resource they administer), replacing
 * the live one if there is one; returns its URL, which is not shown again.
 */
export async function saveMyFeed(
  ctx: RequestContext,
  args: { kind?: unknown; resources_id?: unknown },
): Promise<{ url: string; webcal_url: string; feed: WireFeed; replaced: boolean }> {
  const { tenant, user } = requireUser(ctx);
  const kind = args.kind ?? 'user';
  if (kind !== 'user' && kind !== 'resource') throw new AppError('CALENDAR_FEED_KIND_INVALID');
  let resourceId: string | null = null;
  if (kind === 'resource') {
    if (!isUuid(args.resources_id)) throw new AppError('CALENDAR_RESOURCE_NOT_FOUND');
    resourceId = args.resources_id;
  }
  const token = newToken();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const names = resourceId ? await resourceNames(tx, tenant.id, [resourceId]) : new Map();
    if (resourceId) {
      if (!names.has(resourceId) || names.get(resourceId)!.deleted) throw new AppError('CALENDAR_RESOURCE_NOT_FOUND');
      if (!(await managesResource(tx, tenant.id, user, resourceId))) throw new AppError('CALENDAR_RESOURCE_FORBIDDEN');
    }
    const now = new Date();
    const replaced = await revokeFeedsLike(tx, tenant.id, { userId: user.id, kind, resourceId }, now);
    const row = await insertFeed(tx, {
      tenant_id: tenant.id,
      kind,
      user_id: user.id,
      resources_id: resourceId,
      token_hash: tokenHash(token),
    });
    const what = resourceId ? `资源“${names.get(resourceId)!.zh}”的日历订阅` : '我的预约日历订阅';
    await audit(tx, ctx, {
      module: 'calendar',
      type: replaced.length ? 'rotate' : 'save',
      content: replaced.length ? `更换${what}链接（旧链接失效）` : `新建${what}`,
      object: [row.id, ...replaced].join(','),
    });
    return { ...feedUrls(ctx.config, token), feed: wire(row, names, tenant.timeZone), replaced: replaced.length > 0 };
  });
}

/** Revokes one of the caller's live feeds: its URL answers 404 from then on. */
export async function revokeMyFeed(ctx: RequestContext, id: unknown): Promise<string> {
  const { tenant, user } = requireUser(ctx);
  if (!isUuid(id)) throw new AppError('CALENDAR_FEED_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    if (!(await revokeFeed(tx, tenant.id, user.id, id, new Date()))) throw new AppError('CALENDAR_FEED_NOT_FOUND');
    await audit(tx, ctx, { module: 'calendar', type: 'revoke', content: '停用日历订阅链接', object: id });
    return id;
  });
}
