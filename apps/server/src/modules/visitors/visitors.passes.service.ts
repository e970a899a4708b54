import {
  assemblePass,
  encodePass,
  formatDateTime,
  maskName,
  newPassSerial,
  type ErrorCode,
  type PassFields,
  type PassKind,
} from '@yuyue/shared';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { inScope, signedIn, visitorAdminScopeOf } from './visitors.access.ts';
import { findVisit, revokePassesOf, type VisitRow } from './visitors.appointments.repository.ts';
import { visitorAreas } from './visitors.areas.repository.ts';
import { areaIdsOf, areaNamesOf } from './visitors.areas.rules.ts';
import { currentSigningKey, rotateKey, signWith } from './visitors.keys.ts';
import {
  findBooking,
  findCurrentPass,
  findLongTerm,
  hasUnrevokedPasses,
  insertPass,
  keyByKid,
  lockPassRef,
  qrCodeSetting,
  type LongTermRow,
  type PassRow,
} from './visitors.passes.repository.ts';
import {
  bookingLive,
  hmOf,
  longTermPassRule,
  maySeeLongTermPass,
  maySeeVisitPass,
  passStateOf,
  visitPassKind,
  type LongTermPassRule,
} from './visitors.passes.rules.ts';
import { visitorOfUser } from './visitors.profile.repository.ts';
import { bookingClock } from '../../platform/clock.ts';

/**
 * Entry passes (visitors.passes.graphql): issuing a visit's or a long-term visitor's pass on
 * first ask, and rotating the signing key. What a pass's token holds is built here; the gate
 * (bundle, verification, entries, long-term checks) is visitors.gate.service.ts.
 */

const MAX_NAME_BYTES = 64;
const utf8 = new TextEncoder();

/** The masked name a pass carries, cut to what the token holds. */
export function passName(name: string): string {
  let masked = maskName(name);
  while (utf8.encode(masked).length > MAX_NAME_BYTES) masked = [...masked].slice(0, -1).join('');
  return masked;
}

/** An instant as a pass shows it: "YYYY-MM-DD HH:mm" in the zone. */
export const minute = (ms: number, zone: string) => formatDateTime(ms, zone).slice(0, 16);
const seconds = { from: (ms: number) => Math.floor(ms / 1000), to: (ms: number) => Math.ceil(ms / 1000) };

/** What a pass's token says, besides its key and serial. */
export interface PassSubject {
  kind: PassKind;
  refId: string;
  from: number;
  to: number;
  areaIds: string[];
  visitorName: string;
  longTerm?: LongTermPassRule;
}

/** The fields of a token for a subject, signed by key `kid` under `serial`. */
export function passFields(
  tenantKey: string,
  stamp: { kid: string; serial: string },
  subject: PassSubject,
): PassFields {
  return {
    kid: stamp.kid,
    serial: stamp.serial,
    tenantKey,
    kind: subject.kind,
    validFrom: seconds.from(subject.from),
    validTo: seconds.to(subject.to),
    areaIds: subject.areaIds,
    visitorName: subject.visitorName,
    ...(subject.longTerm
      ? {
          weekdays: subject.longTerm.weekdays,
          startMinute: subject.longTerm.startMinute,
          endMinute: subject.longTerm.endMinute,
        }
      : {}),
  };
}

/** The token of a stored pass: the same bytes every time (Ed25519 signatures are deterministic). */
export async function tokenOf(tx: Tx, ctx: RequestContext, tenant: TenantRef, pass: PassRow, subject: PassSubject) {
  const key = await keyByKid(tx, tenant.id, pass.kid);
  if (!key) throw new Error(`pass ${pass.serial} names a missing key ${pass.kid}`);
  // The window and areas are the stored pass's own.
  const fields = passFields(tenant.key, pass, {
    ...subject,
    from: pass.valid_from.getTime(),
    to: pass.valid_to.getTime(),
    areaIds: areaIdsOf(pass.areas),
  });
  const { payload, message } = encodePass(fields);
  return { token: assemblePass(payload, signWith(ctx, tenant.id, key, message)), fields };
}

/** The names of a pass's areas that are visitor areas (of every visitor area when it names none). */
export async function passAreaNames(tx: Tx, tenantId: string, ids: readonly string[]) {
  const areas = await visitorAreas(tx, tenantId, ids.length ? ids : undefined);
  const names = new Map(areas.map((a) => [a.id, { zh: a.resources_name, en: a.resources_name_en }]));
  const { zh, en } = areaNamesOf(ids.length ? ids.filter((id) => names.has(id)) : [...names.keys()], names);
  return { area_names: zh, area_names_en: en };
}

async function passWire(
  tx: Tx,
  ctx: RequestContext,
  tenant: TenantRef,
  pass: PassRow,
  subject: PassSubject,
  now: number,
) {
  const { token } = await tokenOf(tx, ctx, tenant, pass, subject);
  const ids = areaIdsOf(pass.areas);
  const lt = subject.longTerm;
  return {
    serial: pass.serial,
    kind: pass.kind,
    ref_id: pass.ref_id,
    token,
    visitor_name: subject.visitorName,
    area_ids: ids,
    ...(await passAreaNames(tx, tenant.id, ids)),
    valid_from: minute(pass.valid_from.getTime(), tenant.timeZone),
    valid_to: minute(pass.valid_to.getTime(), tenant.timeZone),
    state: passStateOf(
      { from: pass.valid_from.getTime(), to: pass.valid_to.getTime(), revoked: pass.revoked_at !== null },
      now,
    ),
    weekdays: lt ? lt.weekdays.join(',') : '',
    start_time: lt ? hmOf(lt.startMinute) : '',
    end_time: lt ? hmOf(lt.endMinute) : '',
  };
}

type PassWire = Awaited<ReturnType<typeof passWire>>;

/** What a step gives, or the refusal it ends in (and the passes it revokes). */
export type Outcome<T> =
  { ok: T } | { refuse: ErrorCode; params?: Record<string, string>; revokeRef?: string; reason?: string };

/** Whether the caller may see a visit's pass (and the booking it follows, for booking guests). */
async function visitAccess(tx: Tx, tenantId: string, user: AuthUser, visit: VisitRow, isAdmin: boolean) {
  const booking =
    visit.visitor_type === '3' && visit.booking_id ? await findBooking(tx, tenantId, visit.booking_id) : null;
  const callerVisitorId = user.role === 'visitor' ? ((await visitorOfUser(tx, tenantId, user.id))?.id ?? null) : null;
  const allowed = maySeeVisitPass({
    visit,
    caller: user,
    callerVisitorId,
    isVisitorAdmin: isAdmin,
    bookers: booking ? [booking.created_user, booking.appointment_user] : [],
  });
  return { allowed, booking };
}

/** The subject of a visit's pass now, or why it has none. */
export async function visitSubject(
  tx: Tx,
  tenantId: string,
  visit: VisitRow,
  booking: Awaited<ReturnType<typeof findBooking>>,
): Promise<Outcome<PassSubject>> {
  if (visit.state !== 2) {
    const revoke = (await hasUnrevokedPasses(tx, tenantId, visit.id)) ? visit.id : undefined;
    return { refuse: 'VISITOR_PASS_NOT_APPROVED', revokeRef: revoke, reason: 'visit not approved' };
  }
  const kind = visitPassKind(visit.visitor_type);
  let from = visit.valid_from.getTime();
  let to = visit.valid_to.getTime();
  if (kind === 'booking') {
    if (!booking || !bookingLive(booking)) {
      return { refuse: 'VISITOR_PASS_BOOKING_ENDED', revokeRef: visit.id, reason: 'booking cancelled or ended' };
    }
    from = booking.starts_at.getTime();
    to = booking.ends_at.getTime();
  }
  const areaIds = areaIdsOf(visit.in_school_area);
  if (!areaIds.length || areaIds.length > 16) return { refuse: 'VISITOR_PASS_AREAS_INVALID' };
  return { ok: { kind, refId: visit.id, from, to, areaIds, visitorName: passName(visit.visitor_name) } };
}

/** The subject of a long-term visitor's pass, or why they have none. */
export function longTermSubject(row: LongTermRow, zone: string): Outcome<PassSubject> {
  if (row.is_enable !== 1) return { refuse: 'VISITOR_LONG_TERM_DISABLED' };
  const rule = longTermPassRule(row, zone);
  if (!rule.ok) return { refuse: 'VISITOR_LONG_TERM_INVALID', params: { field: rule.field } };
  return {
    ok: {
      kind: 'longTerm',
      refId: row.id,
      from: rule.rule.from,
      to: rule.rule.to,
      areaIds: rule.rule.areaIds,
      visitorName: passName(row.user_name),
      longTerm: rule.rule,
    },
  };
}

/**
 * The pass of a subject: the unrevoked one for exactly its window and areas, or a new one (the
 * passes of an earlier window, say of a booking that moved, revoked in the same transaction).
 */
async function passFor(
  tx: Tx,
  ctx: RequestContext,
  tenant: TenantRef,
  subject: PassSubject,
  now: number,
): Promise<Outcome<PassRow>> {
  const areas = subject.areaIds.join(',');
  const ref = {
    refId: subject.refId,
    kind: subject.kind,
    from: new Date(subject.from),
    to: new Date(subject.to),
    areas,
  };
  await lockPassRef(tx, tenant.id, subject.refId);
  const current = await findCurrentPass(tx, tenant.id, ref);
  if (current) return { ok: current };
  if (now >= subject.to) return { refuse: 'VISITOR_PASS_ENDED' };
  const revoked = await revokePassesOf(
    tx,
    tenant.id,
    subject.refId,
    'replaced: the window or areas changed',
    new Date(now),
  );
  const key = await currentSigningKey(tx, ctx, tenant.id, new Date(now));
  const pass = await insertPass(tx, tenant.id, {
    serial: newPassSerial(),
    kind: subject.kind,
    ref_id: subject.refId,
    kid: key.kid,
    areas,
    valid_from: ref.from,
    valid_to: ref.to,
  });
  await audit(tx, ctx, {
    module: 'visitor',
    type: 'issuePass',
    content: `签发通行证 ${pass.serial}（${subject.kind}，${minute(subject.from, tenant.timeZone)} 至 ${minute(subject.to, tenant.timeZone)}）${revoked ? `，撤销旧通行证 ${revoked} 张` : ''}`,
    object: subject.refId,
  });
  return { ok: pass };
}

/**
 * `findVisitorPass(id)`: the pass of an approved visit (its visitor, host or inviter, the booker
 * of its booking, a visitor administrator) or of a long-term visitor (themselves or a visitor
 * administrator), issued on first ask. A refused booking guest's or visit's passes are revoked.
 */
export async function findPass(ctx: RequestContext, id: string) {
  const { tenant, user } = signedIn(ctx);
  if (!isUuid(id)) throw new AppError('VISITOR_PASS_NOT_FOUND');
  const now = bookingClock.now();
  const outcome = await withTenant(ctx.db, tenant.id, async (tx): Promise<Outcome<PassWire>> => {
    // a visitor administrator: for what their scope covers
    const scope = await visitorAdminScopeOf(tx, tenant.id, user);
    const visit = await findVisit(tx, tenant.id, id);
    let subject: Outcome<PassSubject>;
    if (visit) {
      const isAdmin = !!scope && inScope(scope, { areas: visit.in_school_area, visitor_type: visit.visitor_type });
      const { allowed, booking } = await visitAccess(tx, tenant.id, user, visit, isAdmin);
      if (!allowed) return { refuse: 'VISITOR_PASS_FORBIDDEN' };
      if ((await qrCodeSetting(tx, tenant.id)) !== 1) return { refuse: 'VISITOR_PASS_QR_DISABLED' };
      subject = await visitSubject(tx, tenant.id, visit, booking);
    } else {
      const row = user.role === 'visitor' ? null : await findLongTerm(tx, tenant.id, id);
      if (!row) return { refuse: 'VISITOR_PASS_NOT_FOUND' };
      const isAdmin = !!scope && inScope(scope, { areas: row.permission });
      if (!maySeeLongTermPass(row.user_id, user, isAdmin)) return { refuse: 'VISITOR_PASS_FORBIDDEN' };
      if ((await qrCodeSetting(tx, tenant.id)) !== 1) return { refuse: 'VISITOR_PASS_QR_DISABLED' };
      subject = longTermSubject(row, tenant.timeZone);
    }
    if (!('ok' in subject)) return subject;
    const pass = await passFor(tx, ctx, tenant, subject.ok, now);
    if (!('ok' in pass)) return pass;
    return { ok: await passWire(tx, ctx, tenant, pass.ok, subject.ok, now) };
  });
  if ('ok' in outcome) return outcome.ok;
  if (outcome.revokeRef) {
    const refId = outcome.revokeRef;
    await withTenant(ctx.db, tenant.id, async (tx) => {
      const n = await revokePassesOf(tx, tenant.id, refId, outcome.reason ?? '', new Date(now));
      if (n) {
        await audit(tx, ctx, {
          module: 'visitor',
          type: 'revokePass',
          content: `撤销通行证 ${n} 张（${outcome.reason ?? ''}）`,
          object: refId,
        });
      }
    });
  }
  throw new AppError(outcome.refuse, outcome.params);
}

/** `rotateVisitorPassKey` (tenant administrators): a new signing key; passes already issued stay valid. */
export async function rotatePassKey(ctx: RequestContext): Promise<string> {
  const { tenant, user } = signedIn(ctx);
  if (user.role !== 'admin') throw new AppError('FORBIDDEN');
  const now = bookingClock.now();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const { retired, kid } = await rotateKey(tx, ctx, tenant.id, new Date(now));
    await audit(tx, ctx, {
      module: 'visitor',
      type: 'rotateKey',
      content: `更换通行证签名密钥：新密钥 ${kid}${retired.length ? `，停用 ${retired.join(', ')}` : ''}`,
      object: kid,
    });
    return kid;
  });
}
