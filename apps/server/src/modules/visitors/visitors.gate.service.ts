import {
  admits,
  decodePass,
  passVerdict,
  PASS_VERDICT_REASONS,
  verifyPassSignature,
  type DecodeResult,
  type ErrorCode,
  type PassFields,
  type PassKind,
  type PassVerdict,
} from '@yuyue/shared';
import { z } from 'zod';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseInput } from '../../platform/validation.ts';
import { requireVisitorRight, signedIn } from './visitors.access.ts';
import { findVisit } from './visitors.appointments.repository.ts';
import { visitorAreas, type VisitorArea } from './visitors.areas.repository.ts';
import { areaIdsOf } from './visitors.areas.rules.ts';
import { currentSigningKey } from './visitors.keys.ts';
import {
  entriesByKey,
  findBooking,
  findLongTerm,
  ENTRY_SOURCE,
  insertEntry,
  lockEntryPlaces,
  passWithGround,
  priorEntry,
  publishedKeys,
  revokedSerials,
  searchLongTerms,
  type LongTermRow,
  type PassRow,
} from './visitors.passes.repository.ts';
import { ENTRIES_MAX, entryTimeCheck, longTermPassRule, parseInstant, visitPassKind } from './visitors.passes.rules.ts';
import {
  longTermSubject,
  minute,
  passAreaNames,
  passFields,
  passName,
  tokenOf,
  visitSubject,
  type Outcome,
  type PassSubject,
} from './visitors.passes.service.ts';
import { bookingClock } from '../../platform/clock.ts';

/**
 * The gate (visitors.passes.graphql): the bundle a gate verifies offline with, online
 * verification, recording entries (queued offline too), and the long-term visitors' look-up and
 * admission check. The verdict on a pass is the shared `passVerdict`, the same rule the gate
 * page runs offline.
 */

/** `findVisitorGateBundle` (gate staff): keys, revocations and areas for verifying offline. */
export async function gateBundle(ctx: RequestContext) {
  const { tenant, user } = signedIn(ctx);
  const now = bookingClock.now();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    await requireVisitorRight(tx, tenant.id, user, 'gate');
    // A tenant whose gates ask before any pass was issued gets its key now, so the bundle is never empty.
    await currentSigningKey(tx, ctx, tenant.id, new Date(now));
    return {
      tenant_key: tenant.key,
      time_zone: tenant.timeZone,
      keys: await publishedKeys(tx, tenant.id, new Date(now)),
      revoked: await revokedSerials(tx, tenant.id, new Date(now)),
      areas: await visitorAreas(tx, tenant.id),
      generated_at: new Date(now).toISOString(),
    };
  });
}
interface Judged {
  verdict: PassVerdict;
  pass: PassRow | null;
  fields: PassFields | null;
  name: string;
  visitorId: string | null;
}

/** The subject behind a stored pass as it stands now (for judging, the full visitor name too). */
async function subjectOfPass(tx: Tx, tenant: TenantRef, pass: PassRow) {
  if (pass.kind === 'longTerm') {
    const row = await findLongTerm(tx, tenant.id, pass.ref_id);
    if (!row) return null;
    const rule = longTermPassRule(row, tenant.timeZone);
    return {
      subject: {
        kind: 'longTerm' as const,
        refId: row.id,
        from: pass.valid_from.getTime(),
        to: pass.valid_to.getTime(),
        areaIds: areaIdsOf(pass.areas),
        visitorName: passName(row.user_name),
        ...(rule.ok ? { longTerm: rule.rule } : {}),
      },
      fullName: row.user_name,
      visitorId: null,
      applyId: null,
    };
  }
  const visit = await findVisit(tx, tenant.id, pass.ref_id);
  if (!visit) return null;
  return {
    subject: {
      kind: pass.kind as PassKind,
      refId: visit.id,
      from: pass.valid_from.getTime(),
      to: pass.valid_to.getTime(),
      areaIds: areaIdsOf(pass.areas),
      visitorName: passName(visit.visitor_name),
    },
    fullName: visit.visitor_name,
    visitorId: visit.visitor_id,
    applyId: visit.id,
  };
}

const malformed = (): DecodeResult => ({ ok: false, error: 'malformed', detail: 'no such pass' });

/**
 * Judges a scanned token (or, for an entry queued offline, a serial) at a place and instant:
 * the shared verdict, with the server's own knowledge on top: the pass must exist, and it is
 * revoked when revoked at or before `at` or when its visit, booking or long-term visitor no
 * longer admits it.
 */
async function judge(
  tx: Tx,
  ctx: RequestContext,
  tenant: TenantRef,
  scan: { token?: string; serial?: string; place: string; at: number; revokedAsOf: number },
): Promise<Judged & { applyId: string | null }> {
  let decoded: DecodeResult;
  let signatureOk = false;
  let serial: string | undefined;
  const keys = await publishedKeys(tx, tenant.id, new Date(scan.at));
  if (scan.token !== undefined) {
    decoded = decodePass(scan.token);
    signatureOk = verifyPassSignature(decoded, keys);
    serial = decoded.ok ? decoded.pass.serial : undefined;
    if (decoded.ok && scan.serial && scan.serial !== serial) decoded = malformed();
  } else {
    serial = scan.serial;
    decoded = malformed();
  }
  const found = serial && /^[0-9a-f]{16}$/.test(serial) ? await passWithGround(tx, tenant.id, serial) : null;
  const known = found && (await subjectOfPass(tx, tenant, found.pass));
  if (scan.token === undefined && found && known) {
    // A serial alone (an offline queue keeps no token): the server rebuilds the token it issued.
    decoded = decodePass((await tokenOf(tx, ctx, tenant, found.pass, known.subject)).token);
    signatureOk = true;
  }
  const revoked = new Set<string>();
  if (serial && decoded.ok && signatureOk) {
    const revokedAt = found?.pass.revoked_at?.getTime();
    if (!found || !known || found.groundless || (revokedAt !== undefined && revokedAt <= scan.revokedAsOf)) {
      revoked.add(serial);
    }
  }
  const prior =
    decoded.ok && found
      ? await priorEntry(tx, tenant.id, {
          serial: found.pass.serial,
          place: scan.place,
          from: found.pass.valid_from,
        })
      : false;
  const verdict = passVerdict({
    decoded,
    signatureOk,
    tenantKey: tenant.key,
    place: scan.place,
    at: scan.at,
    timeZone: tenant.timeZone,
    revoked,
    priorEntry: prior,
  });
  return {
    verdict,
    pass: found?.pass ?? null,
    fields: decoded.ok ? decoded.pass : null,
    name: known?.fullName ?? '',
    visitorId: known?.visitorId ?? null,
    applyId: known?.applyId ?? null,
  };
}

async function requirePlace(tx: Tx, tenantId: string, place: string): Promise<VisitorArea> {
  const [area] = isUuid(place) ? await visitorAreas(tx, tenantId, [place.toLowerCase()]) : [];
  if (!area) throw new AppError('VISITOR_GATE_PLACE_INVALID', { place: place.slice(0, 60) });
  return area;
}

async function verdictWire(tx: Tx, tenant: TenantRef, judged: Judged) {
  const f = judged.fields;
  return {
    result: judged.verdict.result,
    reason_cn: judged.verdict.reason_cn,
    reason_en: judged.verdict.reason_en,
    serial: f?.serial ?? '',
    kind: f?.kind ?? '',
    visitor_name: f?.visitorName ?? '',
    area_names: f ? (await passAreaNames(tx, tenant.id, f.areaIds)).area_names : [],
    valid_from: f ? minute(f.validFrom * 1000, tenant.timeZone) : '',
    valid_to: f ? minute(f.validTo * 1000, tenant.timeZone) : '',
  };
}

/** `verifyVisitorPass(token, arrival_place)` (gate staff): the verdict now, nothing recorded. */
export async function verifyPass(ctx: RequestContext, token: string, place: string) {
  const { tenant, user } = signedIn(ctx);
  if (typeof token !== 'string' || token.length > 4096) throw new AppError('VISITOR_ENTRY_INVALID', { field: 'token' });
  const now = bookingClock.now();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    await requireVisitorRight(tx, tenant.id, user, 'gate');
    const area = await requirePlace(tx, tenant.id, place);
    const judged = await judge(tx, ctx, tenant, { token: token.trim(), place: area.id, at: now, revokedAsOf: now });
    return verdictWire(tx, tenant, judged);
  });
}

const entryInput = z.object({
  entry_key: z.string().trim().min(1, 'cannot be empty').max(100),
  serial: z.string().trim().max(64).nullish(),
  token: z.string().trim().max(4096).nullish(),
  arrival_place: z.string().trim().min(1, 'cannot be empty').max(64),
  arrive_time: z.string().trim().max(40).nullish(),
  offline: z.boolean().nullish(),
});

type EntryResult = { entry_key: string; result: string; reason_cn: string; reason_en: string; id: string };

/**
 * `recordVisitorEntries(entries)` (gate staff): each entry judged as of its scan time and stored
 * once per entry_key (a resend answers 'alreadyRecorded'); a repeat entry is stored and flagged;
 * a refused one is not stored. `offline` entries (verified while the gate had no network) are
 * stored as synced (`data_source` 3), the others as the page's (1). At most 200 a call.
 */
export async function recordEntries(ctx: RequestContext, raw: unknown): Promise<EntryResult[]> {
  const { tenant, user } = signedIn(ctx);
  if (!Array.isArray(raw)) throw new AppError('VISITOR_ENTRY_INVALID', { field: 'entries' });
  if (raw.length > ENTRIES_MAX) throw new AppError('VISITOR_ENTRIES_TOO_MANY', { max: ENTRIES_MAX });
  const entries = raw.map((e) => parseInput(entryInput, e));
  const now = bookingClock.now();
  const times = entries.map((e) => {
    if (!e.arrive_time) return now;
    const at = parseInstant(e.arrive_time);
    if (at === null) throw new AppError('VISITOR_ENTRY_INVALID', { field: 'arrive_time' });
    return at;
  });
  for (const e of entries) {
    if (!e.serial && !e.token) throw new AppError('VISITOR_ENTRY_INVALID', { field: 'serial/token' });
  }
  if (new Set(entries.map((e) => e.entry_key)).size !== entries.length) {
    throw new AppError('VISITOR_ENTRY_INVALID', { field: 'entry_key (twice in one call)' });
  }
  return withTenant(ctx.db, tenant.id, async (tx) => {
    await requireVisitorRight(tx, tenant.id, user, 'gate');
    const places = new Map<string, string>();
    for (const e of entries) {
      if (!places.has(e.arrival_place))
        places.set(e.arrival_place, (await requirePlace(tx, tenant.id, e.arrival_place)).id);
    }
    // Entries of one pass at one place are serialised (the repeat flag); serials read from tokens too.
    const serialOf = (e: (typeof entries)[number]) => {
      if (e.serial) return e.serial;
      const d = decodePass(e.token ?? '');
      return d.ok ? d.pass.serial : '';
    };
    await lockEntryPlaces(
      tx,
      tenant.id,
      entries.map((e) => `${serialOf(e)}@${places.get(e.arrival_place)}`),
    );
    const stored = await entriesByKey(
      tx,
      tenant.id,
      entries.map((e) => e.entry_key),
    );
    const order = entries.map((e, i) => ({ e, at: times[i]!, i })).sort((a, b) => a.at - b.at || a.i - b.i);
    const results: EntryResult[] = new Array(entries.length);
    const recorded: string[] = [];
    for (const { e, at, i } of order) {
      const known = stored.get(e.entry_key);
      if (known) {
        results[i] = { entry_key: e.entry_key, result: 'alreadyRecorded', reason_cn: '', reason_en: '', id: known };
        continue;
      }
      const timing = entryTimeCheck(at, now);
      if (timing !== 'ok') {
        const code: ErrorCode = timing === 'future' ? 'VISITOR_ENTRY_TIME_FUTURE' : 'VISITOR_ENTRY_TIME_TOO_OLD';
        const t = new AppError(code).texts;
        results[i] = { entry_key: e.entry_key, result: 'refused', reason_cn: t.zh, reason_en: t.en, id: '' };
        continue;
      }
      const place = places.get(e.arrival_place)!;
      const judged = await judge(tx, ctx, tenant, {
        token: e.token ?? undefined,
        serial: e.serial ?? undefined,
        place,
        at: Math.min(at, now),
        revokedAsOf: at,
      });
      const v = judged.verdict;
      if (!admits(v.result) || !judged.pass) {
        results[i] = {
          entry_key: e.entry_key,
          result: 'refused',
          reason_cn: v.reason_cn,
          reason_en: v.reason_en,
          id: '',
        };
        continue;
      }
      const repeat = v.result === 'repeat';
      const id = await insertEntry(tx, tenant.id, {
        entry_key: e.entry_key,
        apply_id: judged.applyId,
        pass_serial: judged.pass.serial,
        visitor_id: judged.visitorId,
        visitor_name: judged.name,
        arrive_time: new Date(Math.min(at, now)),
        arrival_place: place,
        repeat,
        recorded_by: user.account,
        // decided by the gate while it had no network, uploaded later from its queue: synced
        data_source: e.offline ? ENTRY_SOURCE.synced : ENTRY_SOURCE.page,
      });
      if (id === null) {
        // Stored by a call that committed while this one waited: the same entry, not a new one.
        const again = (await entriesByKey(tx, tenant.id, [e.entry_key])).get(e.entry_key) ?? '';
        results[i] = { entry_key: e.entry_key, result: 'alreadyRecorded', reason_cn: '', reason_en: '', id: again };
        continue;
      }
      recorded.push(id);
      results[i] = {
        entry_key: e.entry_key,
        result: repeat ? 'repeat' : 'recorded',
        reason_cn: v.reason_cn,
        reason_en: v.reason_en,
        id,
      };
    }
    if (recorded.length) {
      await audit(tx, ctx, {
        module: 'visitor',
        type: 'recordEntry',
        content: `记录访客进入 ${recorded.length} 条（共提交 ${entries.length} 条）`,
        object: recorded.join(','),
      });
    }
    return results;
  });
}

// ---------------------------------------------------------------- long-term visitors

const LONG_TERM_LIST_MAX = 200;

function longTermWire(row: LongTermRow) {
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

/** `findVisitorLongTermByPersonTypeAndName` (visitor administrators and gate staff): by type and part of the name. */
export async function findLongTerms(
  ctx: RequestContext,
  personType: string | null | undefined,
  name: string | null | undefined,
) {
  const { tenant, user } = signedIn(ctx);
  const type = (personType ?? '').trim().slice(0, 100);
  const part = (name ?? '').trim().slice(0, 100);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    await requireVisitorRight(tx, tenant.id, user, 'gate');
    return (await searchLongTerms(tx, tenant.id, type, part, LONG_TERM_LIST_MAX)).map(longTermWire);
  });
}

/**
 * `checkAppointmentInfoAndLongTermPeople(id)` (gate staff): whether a visit or a long-term
 * visitor is admitted now, by the same verdict as a pass (any area of theirs).
 */
export async function checkAdmission(ctx: RequestContext, id: string) {
  const { tenant, user } = signedIn(ctx);
  if (!isUuid(id)) throw new AppError('VISITOR_PASS_NOT_FOUND');
  const now = bookingClock.now();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    await requireVisitorRight(tx, tenant.id, user, 'gate');
    const visit = await findVisit(tx, tenant.id, id);
    let subject: Outcome<PassSubject>;
    let kind: PassKind | 'longTerm';
    if (visit) {
      const booking = visit.booking_id ? await findBooking(tx, tenant.id, visit.booking_id) : null;
      subject = await visitSubject(tx, tenant.id, visit, booking);
      kind = visitPassKind(visit.visitor_type);
    } else {
      const row = await findLongTerm(tx, tenant.id, id);
      if (!row) throw new AppError('VISITOR_PASS_NOT_FOUND');
      subject = longTermSubject(row, tenant.timeZone);
      kind = 'longTerm';
    }
    const base = {
      kind: kind === 'longTerm' ? 'longTerm' : 'visit',
      visitor_name: passName(visit ? visit.visitor_name : ''),
    };
    if (!('ok' in subject)) {
      const t = new AppError(subject.refuse, subject.params).texts;
      const name = visit ? base.visitor_name : passName((await findLongTerm(tx, tenant.id, id))!.user_name);
      return {
        errcode: '500',
        msg: t.zh,
        msg_en: t.en,
        ...base,
        visitor_name: name,
        valid_from: '',
        valid_to: '',
        area_names: [],
      };
    }
    const s = subject.ok;
    const fields = passFields(tenant.key, { kid: '-', serial: '0000000000000000' }, s);
    const verdict = passVerdict({
      decoded: { ok: true, pass: { version: 1, ...fields }, payload: new Uint8Array(), signature: new Uint8Array() },
      signatureOk: true,
      tenantKey: tenant.key,
      place: s.areaIds[0] ?? '',
      at: now,
      timeZone: tenant.timeZone,
      revoked: new Set(),
    });
    const ok = admits(verdict.result);
    return {
      errcode: ok ? '0' : '500',
      msg: ok ? PASS_VERDICT_REASONS.valid.cn : verdict.reason_cn,
      msg_en: ok ? PASS_VERDICT_REASONS.valid.en : verdict.reason_en,
      kind: base.kind,
      visitor_name: s.visitorName,
      valid_from: minute(s.from, tenant.timeZone),
      valid_to: minute(s.to, tenant.timeZone),
      area_names: (await passAreaNames(tx, tenant.id, s.areaIds)).area_names,
    };
  });
}
