import { withTenant, type Tx } from '../../db/client.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import {
  inScope,
  isWholeScope,
  signedIn,
  visitorAdminScopeOf,
  visitorRightsOf,
  type VisitorAdminScope,
  type VisitorRight,
} from './visitors.access.ts';
import { findVisit, type VisitRow } from './visitors.appointments.repository.ts';
import {
  approvalPathOf,
  canSee,
  type ApprovalPath,
  type Relation,
  type VisitorType,
} from './visitors.appointments.rules.ts';
import { splitIds } from './visitors.areas.rules.ts';
import { visitorOfUser, type VisitorRow } from './visitors.profile.repository.ts';
import { sendVisitTexts, type PendingText } from './visitors.notify.ts';
import { visitorSettings } from './visitors.settings.repository.ts';

/**
 * Who is asking about visits (visitor, host, second-level approver, visitor administrator) and
 * what they are to one visit; the clock the visit rules read. Shared by the visit services
 * (applications, decisions, reads).
 */

/** The clock of visit rules (tests set it). */
export const visitorClock = { now: (): number => Date.now() };

/** The caller as the visit rules see them. */
export interface Viewer {
  user: AuthUser;
  /** Their valid visitor registration (a visitor's). */
  visitor: VisitorRow | undefined;
  rights: Set<VisitorRight>;
  paths: Map<VisitorType, ApprovalPath>;
  /** Visitor types whose second level this viewer approves. */
  secondLevelTypes: VisitorType[];
  /** Of those, the types they approve only as a visitor administrator (their scope's areas apply). */
  secondLevelByRight: VisitorType[];
  /** Their visitor-admin scope (null: no visitor 'admin' right). */
  adminScope: VisitorAdminScope | null;
  /** The overall settings' areas open to visitors (empty: every visitor area). */
  applyAreas: string[];
  /** The overall settings' information collection (`is_visitor_infor`): off, no information field is required. */
  collectsInfo: boolean;
}

/** Reads the caller's registration, visitor rights and the visitor types' approval paths. */
export async function viewerOf(tx: Tx, tenant: TenantRef, user: AuthUser): Promise<Viewer> {
  const [registration, rights, settings, adminScope] = await Promise.all([
    user.role === 'visitor' ? visitorOfUser(tx, tenant.id, user.id) : Promise.resolve(undefined),
    visitorRightsOf(tx, tenant.id, user),
    visitorSettings(tx, tenant.id),
    visitorAdminScopeOf(tx, tenant.id, user),
  ]);
  // The paths new visits take (the overall switch included) and, for who decides visits already
  // waiting, the types' own detail settings: an invitation awaiting the second level when the
  // overall switch was turned off can still be decided.
  const paths = new Map<VisitorType, ApprovalPath>();
  const detailPaths = new Map<VisitorType, ApprovalPath>();
  for (const type of ['1', '2', '3'] as const) {
    paths.set(type, approvalPathOf(type, settings.detailOf(type), settings.overall));
    detailPaths.set(type, approvalPathOf(type, settings.detailOf(type)));
  }
  const approves = (type: VisitorType, p: ApprovalPath) =>
    p.approvers.length
      ? p.approvers.includes(user.account)
      : rights.has('admin') && !!adminScope && (!adminScope.types.length || adminScope.types.includes(type));
  const secondLevelTypes =
    user.role === 'visitor'
      ? []
      : [...detailPaths].filter(([type, p]) => p.secondLevel && approves(type, p)).map(([type]) => type);
  const secondLevelByRight = secondLevelTypes.filter((type) => !detailPaths.get(type)!.approvers.length);
  return {
    user,
    visitor: registration?.is_valid === 1 ? registration : undefined,
    rights,
    paths,
    secondLevelTypes,
    secondLevelByRight,
    adminScope: rights.has('admin') ? adminScope : null,
    applyAreas: splitIds(settings.overall.apply_school_resources),
    collectsInfo: settings.overall.is_visitor_infor === 1,
  };
}

/** Whether the viewer's visitor-admin scope covers a visit (its areas and type). */
export function adminCovers(viewer: Viewer, row: Pick<VisitRow, 'in_school_area' | 'visitor_type'>): boolean {
  if (!viewer.adminScope) return false;
  return (
    isWholeScope(viewer.adminScope) ||
    inScope(viewer.adminScope, { areas: row.in_school_area, visitor_type: row.visitor_type })
  );
}

/** What the viewer is to a visit (as a visitor administrator or second-level approver by that right: within their scope). */
export function relationOf(viewer: Viewer, row: VisitRow): Relation {
  const staff = viewer.user.role !== 'visitor';
  const type = row.visitor_type as VisitorType;
  const admin = adminCovers(viewer, row);
  return {
    visitor: !!viewer.visitor && row.visitor_id === viewer.visitor.id,
    host: staff && !!row.host_user_id && row.host_user_id === viewer.user.id,
    inviter: staff && row.visitor_type !== '1' && row.created_user === viewer.user.account,
    secondLevel:
      staff && viewer.secondLevelTypes.includes(type) && (!viewer.secondLevelByRight.includes(type) || admin),
    admin,
  };
}

/** The approval path of a visitor type (an unknown type: an application's defaults). */
export const pathOf = (viewer: Viewer, type: string): ApprovalPath =>
  viewer.paths.get(type as VisitorType) ?? approvalPathOf('1', undefined);

/** A visit the viewer may see, locked; VISIT_NOT_FOUND otherwise (nothing said about others' visits). */
async function visibleLocked(tx: Tx, viewer: Viewer, tenantId: string, id: unknown) {
  if (!isUuid(id)) throw new AppError('VISIT_NOT_FOUND');
  const row = await findVisit(tx, tenantId, id, true);
  if (!row) throw new AppError('VISIT_NOT_FOUND');
  const rel = relationOf(viewer, row);
  if (!canSee(rel)) throw new AppError('VISIT_NOT_FOUND');
  return { row, rel };
}

/** What a change of one visit works with: the caller, the visit (locked) and what the caller is to it. */
export interface VisitChange {
  tx: Tx;
  tenant: TenantRef;
  user: AuthUser;
  viewer: Viewer;
  row: VisitRow;
  rel: Relation;
  now: number;
}

/**
 * Runs a change of one visit the caller may see (VISIT_NOT_FOUND otherwise) in one transaction,
 * the visit locked; the text messages the change queues are sent once it committed.
 */
export async function changeVisit<T>(
  ctx: RequestContext,
  id: unknown,
  change: (c: VisitChange) => Promise<{ result: T; texts: PendingText[] }>,
): Promise<T> {
  const { tenant, user } = signedIn(ctx);
  const now = visitorClock.now();
  const { result, texts } = await withTenant(ctx.db, tenant.id, async (tx) => {
    const viewer = await viewerOf(tx, tenant, user);
    const { row, rel } = await visibleLocked(tx, viewer, tenant.id, id);
    return change({ tx, tenant, user, viewer, row, rel, now });
  });
  await sendVisitTexts(ctx, tenant, texts);
  return result;
}
