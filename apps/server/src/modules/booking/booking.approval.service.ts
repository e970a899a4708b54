import { formatDateTime } from '@yuyue/shared';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { type RequestContext, requireUser } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { notifyBookings } from './booking.notify.ts';
import { reportBookingChange } from './booking.events.ts';
import { managesResource } from '../resources/resource-admins.ts';
import { findSettings } from '../settings/settings.repository.ts';
import { withDefaults } from '../settings/settings.rules.ts';
import { approvalTasksOf, decideAudit, insertApprovalTask } from './booking.lifecycle.repository.ts';
import { awaitsApproval, decisionRefusal, selfDecisionRefusal } from './booking.lifecycle.rules.ts';
import { findAppointment, releaseSeat, type AppointmentRow } from './booking.repository.ts';
import { bookingClock } from '../../platform/clock.ts';

/** The approval step's name (one step: the resource's administrators decide). */
const TASK = { zh: '资源管理员审批', en: 'Approval by the resource administrators' };

async function bookingOf(tx: Tx, tenantId: string, id: unknown): Promise<AppointmentRow> {
  if (!isUuid(id)) throw new AppError('APPOINTMENT_NOT_FOUND');
  const row = await findAppointment(tx, tenantId, id);
  if (!row || row.del !== 0) throw new AppError('APPOINTMENT_NOT_FOUND');
  return row;
}

/** The self-approval refusal; the tenant's settings are read only when the booking is the approver's own. */
async function selfDecision(tx: Tx, tenantId: string, row: AppointmentRow, account: string) {
  if (!selfDecisionRefusal(row, account, false)) return null;
  const settings = withDefaults((await findSettings(tx, tenantId))?.manage_setting);
  return selfDecisionRefusal(row, account, settings.allow_self_approval === '1');
}

/**
 * `approveAppointment` / `rejectAppointment`: a resource administrator decides on a booking
 * awaiting approval (reason required to reject, at most 500 characters), never on their own
 * unless the tenant allows self-approval. One conditional
 * update on the current audit_status decides who wins when two approvers act at once; a
 * rejection frees the slot (exclusive: the row stops being active; capacity: its seat is given
 * back) in the same transaction, and the decision is recorded as an approval task.
 */
export async function decide(
  ctx: RequestContext,
  args: { id: unknown; reason?: string | null },
  verdict: 'approve' | 'reject',
): Promise<{ id: string }> {
  const { tenant, user } = requireUser(ctx);
  const reason = (args.reason ?? '').trim();
  if (verdict === 'reject' && !reason) throw new AppError('APPROVAL_REASON_REQUIRED');
  if (reason.length > 500) throw new AppError('INVALID_INPUT', { detail: 'reason: at most 500 characters' });
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await bookingOf(tx, tenant.id, args.id);
    if (!(await managesResource(tx, tenant.id, user, row.resources_id, 'approve'))) throw new AppError('FORBIDDEN');
    const refusal = decisionRefusal(row) ?? (await selfDecision(tx, tenant.id, row, user.account));
    if (refusal) throw new AppError(refusal.code, refusal.params);
    const at = new Date(bookingClock.now());
    const to = verdict === 'approve' ? '2' : '3';
    const done = await decideAudit(tx, tenant.id, row.id, to, at);
    if (!done) throw new AppError('APPROVAL_NOT_PENDING');
    if (to === '3' && !done.exclusive) {
      await releaseSeat(tx, tenant.id, {
        resources_id: done.resources_id,
        starts_at: done.starts_at,
        ends_at: done.ends_at,
      });
    }
    await insertApprovalTask(tx, tenant.id, {
      appointment_id: row.id,
      task_name: TASK.zh,
      task_name_en: TASK.en,
      status: to,
      reason,
      operator: user.account,
      operator_name: user.name,
      handle_time: at,
    });
    // After the task: the notification quotes the decision's reason from it.
    await notifyBookings(tx, ctx, verdict === 'approve' ? 'approved' : 'rejected', [done]);
    await reportBookingChange(tx, ctx, verdict === 'approve' ? 'approved' : 'rejected', [done]);
    await audit(tx, ctx, {
      module: 'appointment',
      type: verdict,
      content: `${verdict === 'approve' ? '审批通过' : '审批驳回'} ${row.resources_name} ${row.appointment_date} ${row.start_time}-${row.end_time}${reason ? `：${reason}` : ''}`,
      object: row.id,
    });
    return { id: row.id };
  });
}

const STATUS_NAMES: Record<string, { zh: string; en: string }> = {
  '1': { zh: '待审批', en: 'Awaiting approval' },
  '2': { zh: '审批通过', en: 'Approved' },
  '3': { zh: '已驳回', en: 'Rejected' },
};

/**
 * `findAppointmentApprovalTasks`: a booking's approval steps for its booker or a resource
 * administrator: the handled ones (oldest first), then, while it awaits approval, the pending
 * step (status '1', no handle time or operator yet).
 */
export async function approvalTasks(ctx: RequestContext, appointmentId: unknown) {
  const { tenant, user } = requireUser(ctx);
  const zone = tenant.timeZone;
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await bookingOf(tx, tenant.id, appointmentId);
    const mine = row.appointment_user === user.account || row.created_user === user.account;
    const approves = mine || (await managesResource(tx, tenant.id, user, row.resources_id, 'approve'));
    if (!approves) throw new AppError('FORBIDDEN');
    const handled = (await approvalTasksOf(tx, tenant.id, row.id)).map((t) => ({
      id: t.id,
      appointment_id: t.appointment_id,
      task_name: t.task_name,
      task_name_en: t.task_name_en,
      status: t.status,
      status_name: STATUS_NAMES[t.status]?.zh ?? t.status,
      status_name_en: STATUS_NAMES[t.status]?.en ?? t.status,
      reason: t.reason,
      operator: t.operator,
      operator_name: t.operator_name,
      handle_time: formatDateTime(t.handle_time.getTime(), zone),
    }));
    if (!awaitsApproval(row)) return handled;
    return [
      ...handled,
      {
        id: '',
        appointment_id: row.id,
        task_name: TASK.zh,
        task_name_en: TASK.en,
        status: '1',
        status_name: STATUS_NAMES['1']!.zh,
        status_name_en: STATUS_NAMES['1']!.en,
        reason: '',
        operator: '',
        operator_name: '',
        handle_time: '',
      },
    ];
  });
}
