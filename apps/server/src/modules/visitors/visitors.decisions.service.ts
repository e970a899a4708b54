import type { RequestContext } from '../../platform/context.ts';
import { audit } from '../../platform/audit/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { signedIn } from './visitors.access.ts';
import { releaseVisitSeats } from './visitors.appointments.areas.ts';
import { insertVisitAudit, revokePassesOf, updateVisit } from './visitors.appointments.repository.ts';
import { VISIT_STATE, auditStep, canCancel, stateAfterHost, stateName } from './visitors.appointments.rules.ts';
import { changeVisit, pathOf } from './visitors.appointments.viewer.ts';
import { notifyVisits } from './visitors.notify.ts';

/**
 * Decisions on visits (visitors.appointments.graphql): approval by the host and the second
 * level, rejection and cancellation (both giving the seats back; a cancellation also revokes
 * the visit's passes), each written to the approval trail and the operate log, the host and
 * the visitor told.
 */

/**
 * `auditVisitorAppointment`: the host (step 1) or a second-level approver (step 2) approves
 * (state '2') or rejects (state '3', reason required) a visit awaiting them. A rejection frees
 * the seats. One locked decision: of two approvers at once, the second finds it decided.
 */
export async function decideVisit(
  ctx: RequestContext,
  args: { id: string; state: string; reason?: string | null },
): Promise<{ id: string; state: number }> {
  signedIn(ctx);
  const decision = String(args.state ?? '').trim();
  if (decision !== '2' && decision !== '3')
    throw new AppError('VISIT_AUDIT_STATE_INVALID', { state: decision.slice(0, 10) });
  const reason = (args.reason ?? '').trim();
  if (reason.length > 500) throw new AppError('VISIT_TEXT_TOO_LONG', { field: '原因', max: 500 });
  if (decision === '3' && !reason) throw new AppError('VISIT_REJECT_REASON_REQUIRED');
  return changeVisit(ctx, args.id, async ({ tx, tenant, user, viewer, row, rel, now }) => {
    const step = auditStep(row, rel, now);
    if (!step) throw new AppError('VISIT_NOT_AWAITING_YOU');
    const approve = decision === '2';
    const state = approve
      ? step === 1
        ? stateAfterHost(pathOf(viewer, row.visitor_type))
        : VISIT_STATE.approved
      : VISIT_STATE.rejected;
    if (!approve) await releaseVisitSeats(tx, tenant, row);
    const changed = await updateVisit(tx, tenant.id, row.id, {
      state,
      ...(approve ? {} : { reject_reason: reason, seats_held: false }),
    });
    await insertVisitAudit(tx, tenant.id, {
      appointment_id: row.id,
      step,
      result: approve ? 'approved' : 'rejected',
      reason,
      operator_id: user.account,
      operator_name: user.name,
    });
    await audit(tx, ctx, {
      module: 'visitor',
      type: approve ? 'approve' : 'reject',
      content: `${step === 1 ? '被访人审批' : '二级审批'}：${stateName(state).zh}${reason ? `（${reason}）` : ''}`,
      object: row.id,
    });
    const texts =
      state === VISIT_STATE.approved
        ? await notifyVisits(tx, ctx, tenant, 'approved', [changed])
        : state === VISIT_STATE.rejected
          ? await notifyVisits(tx, ctx, tenant, 'rejected', [changed], reason)
          : [];
    return { result: { id: row.id, state }, texts };
  });
}

/**
 * `cancelVisitorAppointment`: its visitor, its inviting host or a visitor administrator cancels
 * a visit before it starts (reason required): the seats are freed and its passes revoked.
 */
export async function cancelVisit(
  ctx: RequestContext,
  args: { id: string; reason?: string | null },
): Promise<{ id: string }> {
  signedIn(ctx);
  const reason = (args.reason ?? '').trim();
  if (!reason) throw new AppError('VISIT_CANCEL_REASON_REQUIRED');
  if (reason.length > 500) throw new AppError('VISIT_TEXT_TOO_LONG', { field: '取消原因', max: 500 });
  return changeVisit(ctx, args.id, async ({ tx, tenant, user, row, rel, now }) => {
    if (!(rel.visitor || rel.inviter || rel.admin)) throw new AppError('VISIT_NOT_YOURS');
    if (!canCancel(row, rel, now)) throw new AppError('VISIT_NOT_CANCELLABLE');
    await releaseVisitSeats(tx, tenant, row);
    const changed = await updateVisit(tx, tenant.id, row.id, { state: VISIT_STATE.cancelled, seats_held: false });
    await revokePassesOf(tx, tenant.id, row.id, `cancelled: ${reason}`, new Date(now));
    await insertVisitAudit(tx, tenant.id, {
      appointment_id: row.id,
      step: 0,
      result: 'cancelled',
      reason,
      operator_id: user.account,
      operator_name: user.name,
    });
    await audit(tx, ctx, { module: 'visitor', type: 'cancel', content: `取消来访：${reason}`, object: row.id });
    return { result: { id: row.id }, texts: await notifyVisits(tx, ctx, tenant, 'cancelled', [changed], reason) };
  });
}
