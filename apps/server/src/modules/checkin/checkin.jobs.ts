import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { withTenant, type Db, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { RequestContext, TenantRef } from '../../platform/context.ts';
import type { Job } from '../../platform/jobs.ts';
import { applyBlackRule } from '../blacklist/blacklist.service.ts';
import { lockBooker } from '../booking/booking.repository.ts';
import { notifyBookings } from '../notifications/notifications.outbox.ts';
import { listTenants } from '../tenants/tenants.repository.ts';
import {
  checkInRuleRows,
  markMissed,
  noShowCandidates,
  noShowTimes,
  sweepCodeUses,
  upsertSign,
  type NoShowGroup,
} from './checkin.repository.ts';
import { checkInRulesOf } from './checkin.rules.ts';
import { freeSlot } from './checkin.service.ts';
import { bookingClock } from '../../platform/clock.ts';

/**
 * Bookings whose check-in closed longer ago than this are left alone: after an outage the job
 * catches up on the last day, and switching a resource's check-in on does not turn its older
 * bookings into no-shows.
 */
export const NO_SHOW_LOOKBACK_MS = 24 * 3_600_000;
/** Bookings marked per transaction. */
const BATCH = 200;
/** Transactions per tenant and run (the next run goes on). */
const MAX_BATCHES = 20;

/** The resources whose bookings must be checked in, grouped by when check-in closes. */
function groupsOf(rows: Awaited<ReturnType<typeof checkInRuleRows>>): NoShowGroup[] {
  const byLateness = new Map<number, string[]>();
  for (const r of rows) {
    const rules = checkInRulesOf(r.rule_config, r.type);
    if (!rules.required) continue;
    byLateness.set(rules.latestMinutes, [...(byLateness.get(rules.latestMinutes) ?? []), r.id]);
  }
  return [...byLateness].map(([latestMinutes, resourceIds]) => ({ latestMinutes, resourceIds }));
}

/** The context of the job's changes in a tenant: no user (the operate log shows no operator). */
function systemContext(deps: NoShowDeps, db: Db, tenant: TenantRef): RequestContext {
  return { config: deps.config, db, log: deps.log, tenant, user: null, ip: '' };
}

/**
 * Marks one batch of a group's due bookings no-shows in the caller's transaction: the bookers
 * are locked first (in a fixed order; their submits and other markings wait), then one
 * conditional update marks what is still to be performed, each marked booking's slot is
 * freed, its check-in record, notification and operate-log entry written, and the
 * black-settings rule applied to its booker. Returns how many it marked and banned, and
 * whether the batch was full.
 */
async function markBatch(tx: Tx, ctx: RequestContext, tenant: TenantRef, group: NoShowGroup, now: number) {
  const at = new Date(now);
  const due = await noShowCandidates(tx, tenant.id, group, at, new Date(now - NO_SHOW_LOOKBACK_MS), BATCH);
  for (const account of [...new Set(due.map((d) => d.appointment_user))].sort()) {
    await lockBooker(tx, tenant.id, account);
  }
  const marked = await markMissed(
    tx,
    tenant.id,
    due.map((d) => d.id),
    at,
  );
  for (const row of marked) {
    await freeSlot(tx, tenant.id, row);
    await upsertSign(tx, tenant.id, row, { missed_time: at, missed_way: '1', update_time: at });
    await audit(tx, ctx, {
      module: 'checkin',
      type: 'noShow',
      content: `未按时签到，系统记为违约 ${row.resources_name} ${row.appointment_date} ${row.start_time}-${row.end_time} ${row.appointment_user_name || row.appointment_user}`,
      object: row.id,
    });
  }
  if (marked.length) await notifyBookings(tx, ctx, 'missed', marked);
  const banned = await applyBlackRule(
    tx,
    ctx,
    tenant,
    marked.map((r) => r.appointment_user),
    now,
    noShowTimes,
  );
  return { marked: marked.length, banned: banned.length, full: due.length === BATCH };
}

/** Marks a tenant's due no-shows (several batches) and forgets expired voucher uses. */
export async function markTenantNoShows(deps: NoShowDeps, db: Db, tenant: TenantRef, now: number) {
  const ctx = systemContext(deps, db, tenant);
  const groups = await withTenant(db, tenant.id, async (tx) => {
    await sweepCodeUses(tx, tenant.id, new Date(now));
    return groupsOf(await checkInRuleRows(tx, tenant.id));
  });
  let marked = 0;
  let banned = 0;
  for (const group of groups) {
    for (let i = 0; i < MAX_BATCHES; i++) {
      const r = await withTenant(db, tenant.id, (tx) => markBatch(tx, ctx, tenant, group, now));
      marked += r.marked;
      banned += r.banned;
      if (!r.full) break;
    }
  }
  return { marked, banned };
}

export interface NoShowDeps {
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * The no-show job: every minute, in every active tenant, bookings of resources that require
 * check-in that were not checked in by the end of their check-in window become no-shows
 * (appointment_state '2') and stop holding their slot. One instance at a time runs it (the
 * platform's advisory lock); even without it the conditional update marks each booking once.
 */
export function noShowJob(deps: NoShowDeps): Job {
  return {
    name: 'checkin-no-show',
    everyMs: 60_000,
    async run(db) {
      const now = bookingClock.now();
      let marked = 0;
      let banned = 0;
      for (const t of await listTenants(db)) {
        if (t.state !== '1') continue;
        const tenant: TenantRef = { id: t.id, key: t.tenant_key, timeZone: t.time_zone, isSuper: t.is_super };
        try {
          const r = await markTenantNoShows(deps, db, tenant, now);
          marked += r.marked;
          banned += r.banned;
        } catch (err) {
          deps.log.error({ err, tenant: t.tenant_key }, 'no-show marking failed for a tenant');
        }
      }
      return marked || banned ? `no-shows marked: ${marked}, users blacklisted: ${banned}` : undefined;
    },
  };
}
