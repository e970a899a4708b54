import { isoDateOf, localMidnightMs, parseIsoDate } from '@yuyue/shared';
import { AppError } from '../../platform/errors.ts';
import { splitIds } from './visitors.areas.rules.ts';

/**
 * Visits (visitor appointments): states, who may do what and when, approval paths, party size
 * and the date window. Pure functions; docs/GLOSSARY.md (Visitors) explains the codes.
 */

/** Visit states (`visitor_appointments.state`). */
export const VISIT_STATE = {
  awaitingHost: 0,
  awaitingSecondLevel: 1,
  approved: 2,
  rejected: 3,
  cancelled: 4,
  awaitingRegistration: 5,
} as const;
export type VisitState = (typeof VISIT_STATE)[keyof typeof VISIT_STATE];

const STATE_NAMES: Record<number, { zh: string; en: string }> = {
  0: { zh: '待被访人审批', en: 'Awaiting the host' },
  1: { zh: '待二级审批', en: 'Awaiting second-level approval' },
  2: { zh: '已通过', en: 'Approved' },
  3: { zh: '已驳回', en: 'Rejected' },
  4: { zh: '已取消', en: 'Cancelled' },
  5: { zh: '待访客注册', en: "Awaiting the visitor's registration" },
};

/** A state's words. */
export function stateName(state: number): { zh: string; en: string } {
  return STATE_NAMES[state] ?? { zh: String(state), en: String(state) };
}

/** Visitor types: '1' a visitor's own application, '2' a host's invitation, '3' a guest of a booking. */
export type VisitorType = '1' | '2' | '3';
export const VISITOR_TYPES: readonly VisitorType[] = ['1', '2', '3'];

/** A visitor type's words. */
export function visitorTypeName(type: string): { zh: string; en: string } {
  if (type === '2') return { zh: '邀请访客', en: 'Invitation' };
  if (type === '3') return { zh: '预约访客', en: 'Guest of a booking' };
  return { zh: '访客申请', en: 'Application' };
}

/** The visitor type of an input, refused when it names none. */
export function visitorTypeOf(value: string | null | undefined, fallback: VisitorType): VisitorType {
  const v = (value ?? '').trim() || fallback;
  if (!(VISITOR_TYPES as readonly string[]).includes(v)) throw new AppError('VISIT_TYPE_INVALID', { type: v });
  return v as VisitorType;
}

/** What a visitor type's detail settings ask: whether it is offered, approval, second level and its approvers. */
export interface ApprovalPath {
  enabled: boolean;
  approval: boolean;
  secondLevel: boolean;
  /** Accounts of the second-level approvers (empty: the visitor administrators). */
  approvers: string[];
}

/** The defaults until an administrator saves a type's detail settings: applications need the host, nothing else does. */
export function defaultApprovalPath(type: VisitorType): ApprovalPath {
  return { enabled: true, approval: type === '1', secondLevel: false, approvers: [] };
}

/**
 * A type's approval path from its detail settings row (or the defaults when there is none) and
 * the overall settings' "invitations need approval" switch (`is_invite_school_flow_path` of the
 * overall row): off, an invitation (type '2') is approved at once whatever its type's detail
 * settings say; on (or not given), the detail settings decide. Applications ('1') and a
 * booking's guests ('3') follow their detail settings only.
 */
export function approvalPathOf(
  type: VisitorType,
  row:
    | {
        is_enable: number;
        is_invite_school_flow_path: number;
        is_enable_second_level: number;
        invite_school_flow_path: string;
      }
    | undefined,
  overall?: { is_invite_school_flow_path: number },
): ApprovalPath {
  const path: ApprovalPath = row
    ? {
        enabled: row.is_enable === 1,
        approval: row.is_invite_school_flow_path === 1,
        secondLevel: row.is_invite_school_flow_path === 1 && row.is_enable_second_level === 1,
        approvers: splitIds(row.invite_school_flow_path),
      }
    : defaultApprovalPath(type);
  if (type === '2' && overall && overall.is_invite_school_flow_path !== 1) {
    return { ...path, approval: false, secondLevel: false };
  }
  return path;
}

/**
 * The state a visit starts in. An application awaits its host when the type asks for approval.
 * An invitation (or a booking's guest) is made by the host, so the host's step is done by
 * making it: it awaits the second level when that is on, else it is approved. An invitation
 * to a phone not yet registered awaits the registration first.
 */
export function initialState(type: VisitorType, path: ApprovalPath, registered: boolean): VisitState {
  if (!registered) return VISIT_STATE.awaitingRegistration;
  return stateOnceRegistered(type, path);
}

/** The state a visit moves to once its visitor is known (at creation, or when an invited phone registers). */
export function stateOnceRegistered(type: VisitorType, path: ApprovalPath): VisitState {
  if (!path.approval) return VISIT_STATE.approved;
  if (type === '1') return VISIT_STATE.awaitingHost;
  return path.secondLevel ? VISIT_STATE.awaitingSecondLevel : VISIT_STATE.approved;
}

/** The state after the host approves (step 1). */
export function stateAfterHost(path: Pick<ApprovalPath, 'secondLevel'>): VisitState {
  return path.secondLevel ? VISIT_STATE.awaitingSecondLevel : VISIT_STATE.approved;
}

/** States whose quota seats are held (every state but rejected and cancelled). */
export function holdsSeats(state: number): boolean {
  return state !== VISIT_STATE.rejected && state !== VISIT_STATE.cancelled;
}

export const MAX_PEERS = 20;
export const MAX_CHILDREN = 10;

/** The people a visit takes from each area's daily quota: the visitor, companions and children. */
export function partySeats(peers: number | null | undefined, children: number | null | undefined): number {
  const p = peers ?? 0;
  const c = children ?? 0;
  if (!Number.isInteger(p) || !Number.isInteger(c) || p < 0 || c < 0 || p > MAX_PEERS || c > MAX_CHILDREN) {
    throw new AppError('VISIT_PARTY_INVALID', { peers: MAX_PEERS, children: MAX_CHILDREN });
  }
  return 1 + p + c;
}

/** How many days ahead of today a visit may be (today counts as day 0). */
export const VISIT_DAYS_AHEAD = 30;

/** Reads a visit date ("YYYY-MM-DD" or epoch ms) as the tenant's local date. */
export function visitDateOf(value: unknown, timeZone: string): string {
  if (typeof value === 'number' && Number.isFinite(value)) return isoDateOf(value, timeZone);
  const text = typeof value === 'string' ? value.trim() : '';
  if (/^\d{10,}$/.test(text)) return isoDateOf(Number(text), timeZone);
  const day = text.slice(0, 10);
  if (!parseIsoDate(day) || (text.length > 10 && !/^[ T]/.test(text.slice(10)))) {
    throw new AppError('VISIT_DATE_INVALID', { value: text.slice(0, 40) });
  }
  return day;
}

/** Adds days to a "YYYY-MM-DD" date. */
export function addDays(isoDate: string, days: number): string {
  const d = parseIsoDate(isoDate)!;
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return t.toISOString().slice(0, 10);
}

/** Refuses a visit date before today or more than VISIT_DAYS_AHEAD days ahead (tenant's zone). */
export function checkVisitDate(isoDate: string, now: number, timeZone: string): void {
  const today = isoDateOf(now, timeZone);
  const last = addDays(today, VISIT_DAYS_AHEAD);
  if (isoDate < today || isoDate > last) {
    throw new AppError('VISIT_DATE_OUT_OF_RANGE', { days: VISIT_DAYS_AHEAD + 1, from: today, to: last });
  }
}

/** A day's window in the zone: local midnight to the next local midnight (the quota counter's period). */
export function dayWindow(isoDate: string, timeZone: string): { starts_at: Date; ends_at: Date } {
  return {
    starts_at: new Date(localMidnightMs(isoDate, timeZone)!),
    ends_at: new Date(localMidnightMs(addDays(isoDate, 1), timeZone)!),
  };
}

/** What a viewer is to a visit. */
export interface Relation {
  /** The visit's visitor (their registration is the visit's). */
  visitor: boolean;
  /** The host who approves at step 1 or who invited. */
  host: boolean;
  /** Who made it (the inviting host, the booker of a booking's guest). */
  inviter: boolean;
  /** A second-level approver of the visit's type. */
  secondLevel: boolean;
  /** A holder of the visitor 'admin' right. */
  admin: boolean;
}

/** The visit facts the permission rules read. */
export interface VisitFacts {
  state: number;
  valid_from: Date;
  valid_to: Date;
}

/** Whether the viewer may see the visit at all. */
export function canSee(rel: Relation): boolean {
  return rel.visitor || rel.host || rel.inviter || rel.secondLevel || rel.admin;
}

/** The approval step the viewer may decide now (1 the host's, 2 the second level's), or null. */
export function auditStep(visit: VisitFacts, rel: Relation, now: number): 1 | 2 | null {
  if (visit.valid_to.getTime() <= now) return null;
  if (visit.state === VISIT_STATE.awaitingHost && rel.host) return 1;
  if (visit.state === VISIT_STATE.awaitingSecondLevel && rel.secondLevel) return 2;
  return null;
}

/** Whether the viewer may cancel the visit now: its visitor, inviter or a visitor administrator, before it starts. */
export function canCancel(visit: VisitFacts, rel: Relation, now: number): boolean {
  if (!holdsSeats(visit.state)) return false;
  if (visit.valid_from.getTime() <= now) return false;
  return rel.visitor || rel.inviter || rel.admin;
}

/** Why the viewer may not change the visit now (a catalogue code), or null: not yet approved, not started, theirs. */
export function updateRefusal(
  visit: VisitFacts,
  rel: Relation,
  now: number,
): 'VISIT_NOT_YOURS' | 'VISIT_NOT_EDITABLE' | null {
  if (!(rel.visitor || rel.inviter)) return 'VISIT_NOT_YOURS';
  const open =
    visit.state === VISIT_STATE.awaitingHost ||
    visit.state === VISIT_STATE.awaitingSecondLevel ||
    visit.state === VISIT_STATE.awaitingRegistration;
  if (!open || visit.valid_from.getTime() <= now) return 'VISIT_NOT_EDITABLE';
  return null;
}

/** A visit of the history (ended, rejected or cancelled) rather than a current one. */
export function isHistory(visit: VisitFacts, now: number): boolean {
  return !holdsSeats(visit.state) || visit.valid_to.getTime() <= now;
}

/** The seats a change moves: per area, how many to release and take (a date change moves all). */
export function seatMoves(
  before: { date: string; areas: readonly string[]; seats: number; held: boolean },
  after: { date: string; areas: readonly string[]; seats: number },
): { release: string[]; take: string[] } {
  if (!before.held) return { release: [], take: [...after.areas] };
  if (before.date !== after.date || before.seats !== after.seats) {
    return { release: [...before.areas], take: [...after.areas] };
  }
  return {
    release: before.areas.filter((a) => !after.areas.includes(a)),
    take: after.areas.filter((a) => !before.areas.includes(a)),
  };
}
