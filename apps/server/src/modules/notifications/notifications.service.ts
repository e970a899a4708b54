import { formatDateTime } from '@yuyue/shared';
import { withTenant } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { type RequestContext, requireUser } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import {
  mailsByIds,
  pageMails,
  pageNotifications,
  readAll,
  requeueMails,
  setRead,
  unreadCount,
  type MailRow,
} from './notifications.repository.ts';
import {
  bookingEvents,
  filterValues,
  mailStatuses,
  notificationStates,
  pageOf,
  toWireNotification,
} from './notifications.rules.ts';

export interface PageArgs {
  first?: number | null;
  offset?: number | null;
  after?: string | null;
}

type StringFilter = { eq?: string | null; in?: (string | null)[] | null } | null | undefined;

function valuesOf(filter: StringFilter, allowed: readonly string[], column: string) {
  const values = filterValues(filter, allowed);
  if (values === null) {
    throw new AppError('INVALID_INPUT', { detail: `filter.${column}: one of ${allowed.join(', ')}` });
  }
  return values;
}

/** `findNotificationAllForAccount`: a page of the caller's notifications, newest first. */
export async function listMyNotifications(
  ctx: RequestContext,
  args: PageArgs & { filter?: { event?: StringFilter; state?: StringFilter } | null },
) {
  const { tenant, user } = requireUser(ctx);
  const page = pageOf(args);
  const events = valuesOf(args.filter?.event, bookingEvents, 'event');
  const states = valuesOf(args.filter?.state, notificationStates, 'state');
  const { rows, total, unread } = await withTenant(ctx.db, tenant.id, (tx) =>
    pageNotifications(tx, tenant.id, { recipient: user.account, events, states, ...page }),
  );
  return { rows: rows.map((r) => toWireNotification(r, tenant.timeZone)), total, unread, offset: page.offset };
}

/** `findNotificationUnreadCount`. */
export async function myUnreadCount(ctx: RequestContext): Promise<number> {
  const { tenant, user } = requireUser(ctx);
  return withTenant(ctx.db, tenant.id, (tx) => unreadCount(tx, tenant.id, user.account));
}

/** `updateNotificationState`: '1' read, '0' unread; only the recipient may. */
export async function setNotificationState(ctx: RequestContext, id: unknown, state: unknown): Promise<string> {
  const { tenant, user } = requireUser(ctx);
  if (state !== '0' && state !== '1') {
    throw new AppError('NOTIFICATION_STATE_INVALID', { state: String(state ?? '').slice(0, 20) });
  }
  if (!isUuid(id)) throw new AppError('NOTIFICATION_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const done = await setRead(tx, tenant.id, { id, recipient: user.account, at: state === '1' ? new Date() : null });
    if (!done) throw new AppError('NOTIFICATION_NOT_FOUND');
    if (done.changed) {
      await audit(tx, ctx, {
        module: 'notification',
        type: state === '1' ? 'read' : 'unread',
        content: `${state === '1' ? '已读' : '未读'}通知: ${done.row.title}`,
        object: id,
      });
    }
    return id;
  });
}

/** `readNotificationAll`: every unread notification of the caller becomes read. */
export async function readAllMine(ctx: RequestContext): Promise<string[]> {
  const { tenant, user } = requireUser(ctx);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const ids = await readAll(tx, tenant.id, user.account, new Date());
    if (ids.length) {
      await audit(tx, ctx, { module: 'notification', type: 'readAll', content: `全部已读: ${ids.length} 条通知` });
    }
    return ids;
  });
}

function toWireMail(m: MailRow, zone: string) {
  const at = (d: Date | null) => (d ? formatDateTime(d.getTime(), zone) : '');
  return {
    id: m.id,
    notification_id: m.notification_id ?? '',
    recipient: m.recipient,
    subject: m.subject,
    body: m.body,
    message_id: m.message_id,
    status: m.status,
    attempts: m.attempts,
    last_error: m.last_error,
    transport: m.transport,
    next_attempt_time: m.status === 'pending' ? at(m.next_attempt_at) : '',
    sent_time: at(m.sent_at),
    create_time: at(m.create_time),
  };
}

/** `findNotificationMailAll`: the tenant's outbox (administrators). */
export async function listMails(
  ctx: RequestContext,
  args: PageArgs & { filter?: { status?: StringFilter; recipient?: StringFilter } | null },
) {
  const { tenant } = requireUser(ctx);
  const page = pageOf(args);
  const statuses = valuesOf(args.filter?.status, mailStatuses, 'status');
  const recipient = args.filter?.recipient?.eq?.trim() || undefined;
  const { rows, total } = await withTenant(ctx.db, tenant.id, (tx) =>
    pageMails(tx, tenant.id, { statuses, recipient, ...page }),
  );
  return { rows: rows.map((m) => toWireMail(m, tenant.timeZone)), total, offset: page.offset };
}

/** `resendNotificationMail`: failed e-mails are queued again; nothing changes when one is unknown or not failed. */
export async function resendMails(ctx: RequestContext, rawIds: readonly (string | null)[] | null | undefined) {
  const { tenant } = requireUser(ctx);
  const ids = [...new Set((rawIds ?? []).filter((v): v is string => typeof v === 'string' && v !== ''))];
  if (!ids.length) throw new AppError('INVALID_INPUT', { detail: 'ids: at least one' });
  if (ids.length > 500) throw new AppError('INVALID_INPUT', { detail: 'ids: at most 500' });
  if (!ids.every(isUuid)) throw new AppError('NOTIFICATION_MAIL_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const rows = await mailsByIds(tx, tenant.id, ids);
    if (rows.length !== ids.length) throw new AppError('NOTIFICATION_MAIL_NOT_FOUND');
    const notFailed = rows.find((m) => m.status !== 'failed');
    if (notFailed) throw new AppError('NOTIFICATION_MAIL_NOT_FAILED', { recipient: notFailed.recipient });
    await requeueMails(tx, tenant.id, ids, new Date());
    await audit(tx, ctx, {
      module: 'notification',
      type: 'resend',
      content: `重新发送邮件: ${rows.map((m) => m.recipient).join(', ')}`.slice(0, 4000),
      object: ids.join(','),
    });
    return ids;
  });
}
