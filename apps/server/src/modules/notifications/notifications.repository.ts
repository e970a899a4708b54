import { and, asc, count, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { insertJsonRows } from '../../db/json-rows.ts';
import { appointmentApprovalTasks } from '../booking/booking.approval.tables.ts';
import { appointments } from '../booking/booking.tables.ts';
import { users } from '../directory/directory.tables.ts';
import { resources } from '../resources/resources.tables.ts';
import { resourcesRuleTemplates } from '../rules/rules.tables.ts';
import { tenants } from '../tenants/tenants.tables.ts';
import type { NotificationSettings } from './notifications.rules.ts';
import { mailOutbox, notifications } from './notifications.tables.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'tenant_id' | 'create_time' | 'read_time'>;
export type MailRow = typeof mailOutbox.$inferSelect;
export type NewMail = Pick<
  typeof mailOutbox.$inferInsert,
  'id' | 'notification_id' | 'recipient' | 'subject' | 'body' | 'message_id' | 'attachments'
>;
export type BookingRow = typeof appointments.$inferSelect;

// --- what notifyBookings reads

/** The bookings as they are now in the transaction (after the change being reported). */
export async function bookingsByIds(tx: Executor, tenantId: string, ids: string[]): Promise<BookingRow[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.tenant_id, tenantId), inArray(appointments.id, ids)));
}

export interface ResourceNotificationRow extends NotificationSettings {
  id: string;
  resources_name: string;
  resources_name_en: string;
  admin_dept: string;
  admin_post: string;
  time_zone: string;
}

/**
 * The notification settings of resources, the sign-in ones from the rule template when the
 * resource uses one (rule_source '1'), with the tenant's time zone: one query.
 */
export async function notificationSettingsOf(
  tx: Executor,
  tenantId: string,
  ids: string[],
): Promise<Map<string, ResourceNotificationRow>> {
  if (!ids.length) return new Map();
  const r = resources;
  const tpl = resourcesRuleTemplates;
  const config = sql`case when ${r.rule_source} = '1' and ${tpl.id} is not null then ${tpl.rule_config} else ${r.rule_config} end`;
  const rows = await tx
    .select({
      id: r.id,
      resources_name: r.resources_name,
      resources_name_en: r.resources_name_en,
      admin_dept: r.admin_dept,
      admin_post: r.admin_post,
      is_notification_push: r.is_notification_push,
      notifiy_channels: r.notifiy_channels,
      success_notification_push: r.success_notification_push,
      success_notification_rule: r.success_notification_rule,
      cancel_notification_push: r.cancel_notification_push,
      cancel_notification_rule_apply: r.cancel_notification_rule_apply,
      cancel_notification_rule_admin: r.cancel_notification_rule_admin,
      success_prompt: r.success_prompt,
      success_prompt_en: r.success_prompt_en,
      signin_notification_push: sql<string>`coalesce(${config} ->> 'signin_notification_push', '')`,
      signin_notification_rule: sql<string>`coalesce(${config} ->> 'signin_notification_rule', '')`,
      time_zone: tenants.time_zone,
    })
    .from(r)
    .innerJoin(tenants, eq(tenants.id, r.tenant_id))
    .leftJoin(tpl, and(eq(tpl.id, r.rule_template_id), eq(tpl.tenant_id, r.tenant_id)))
    .where(and(eq(r.tenant_id, tenantId), inArray(r.id, ids)));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * `notificationSettingsOf` for a resource its caller has already read (the booking engine has
 * the row and its effective `rule_config`, the template's when it uses one): no statement.
 */
export function notificationSettingsFrom(
  row: Omit<ResourceNotificationRow, 'signin_notification_push' | 'signin_notification_rule' | 'time_zone'>,
  ruleConfig: unknown,
  timeZone: string,
): ResourceNotificationRow {
  const config = (ruleConfig && typeof ruleConfig === 'object' ? ruleConfig : {}) as Record<string, unknown>;
  const text = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));
  return {
    id: row.id,
    resources_name: row.resources_name,
    resources_name_en: row.resources_name_en,
    admin_dept: row.admin_dept,
    admin_post: row.admin_post,
    is_notification_push: row.is_notification_push,
    notifiy_channels: row.notifiy_channels,
    success_notification_push: row.success_notification_push,
    success_notification_rule: row.success_notification_rule,
    cancel_notification_push: row.cancel_notification_push,
    cancel_notification_rule_apply: row.cancel_notification_rule_apply,
    cancel_notification_rule_admin: row.cancel_notification_rule_admin,
    success_prompt: row.success_prompt,
    success_prompt_en: row.success_prompt_en,
    signin_notification_push: text(config.signin_notification_push),
    signin_notification_rule: text(config.signin_notification_rule),
    time_zone: timeZone,
  };
}

/** Directory e-mail addresses and names of accounts (enabled users only). */
export async function directoryContacts(
  tx: Executor,
  tenantId: string,
  accounts: string[],
): Promise<Map<string, { name: string; email: string }>> {
  if (!accounts.length) return new Map();
  const rows = await tx
    .select({ account: users.account, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.tenant_id, tenantId), inArray(users.account, accounts), eq(users.disabled, false)));
  return new Map(rows.map((r) => [r.account, { name: r.name, email: r.email }]));
}

/** The reason of each booking's latest approval decision. */
export async function decisionReasons(tx: Executor, tenantId: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const t = appointmentApprovalTasks;
  const rows = await tx
    .select({ appointment_id: t.appointment_id, reason: t.reason })
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), inArray(t.appointment_id, ids)))
    .orderBy(asc(t.handle_time), asc(t.id));
  return new Map(rows.map((r) => [r.appointment_id, r.reason]));
}

export async function insertNotifications(
  tx: Executor,
  tenantId: string,
  rows: (NewNotification & { id: string })[],
): Promise<void> {
  await insertJsonRows(
    tx,
    notifications,
    rows.map((r) => ({ ...r, tenant_id: tenantId })),
  );
}

export async function insertMails(tx: Executor, tenantId: string, rows: NewMail[]): Promise<void> {
  await insertJsonRows(
    tx,
    mailOutbox,
    rows.map((r) => ({ ...r, tenant_id: tenantId })),
  );
}

// --- in-app notifications of one recipient

export interface NotificationQuery {
  recipient: string;
  events?: string[];
  /** '0' unread, '1' read. */
  states?: string[];
  limit: number;
  offset: number;
}

function recipientWhere(tenantId: string, q: Pick<NotificationQuery, 'recipient' | 'events' | 'states'>) {
  const n = notifications;
  const conditions: SQL[] = [eq(n.tenant_id, tenantId), eq(n.recipient, q.recipient)];
  if (q.events) conditions.push(inArray(n.event, q.events));
  if (q.states && !(q.states.includes('0') && q.states.includes('1'))) {
    conditions.push(q.states.includes('0') ? isNull(n.read_time) : sql`${n.read_time} is not null`);
  }
  return and(...conditions)!;
}

/** A recipient's notifications, newest first, with the total and the recipient's unread count. */
export async function pageNotifications(
  tx: Executor,
  tenantId: string,
  q: NotificationQuery,
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const n = notifications;
  const where = recipientWhere(tenantId, q);
  const [rows, [totals], unread] = await Promise.all([
    tx.select().from(n).where(where).orderBy(desc(n.create_time), desc(n.id)).limit(q.limit).offset(q.offset),
    tx.select({ total: count() }).from(n).where(where),
    unreadCount(tx, tenantId, q.recipient),
  ]);
  return { rows, total: totals?.total ?? 0, unread };
}

export async function unreadCount(tx: Executor, tenantId: string, recipient: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(notifications)
    .where(recipientWhere(tenantId, { recipient, states: ['0'] }));
  return row?.n ?? 0;
}

/** Sets one of a recipient's notifications read (at `at`) or unread; undefined when it is not theirs. */
export async function setRead(
  tx: Executor,
  tenantId: string,
  q: { id: string; recipient: string; at: Date | null },
): Promise<{ changed: boolean; row: NotificationRow } | undefined> {
  const n = notifications;
  const mine = and(eq(n.tenant_id, tenantId), eq(n.id, q.id), eq(n.recipient, q.recipient));
  const [row] = await tx
    .update(n)
    .set({ read_time: q.at })
    .where(and(mine, q.at ? isNull(n.read_time) : sql`${n.read_time} is not null`))
    .returning();
  if (row) return { changed: true, row };
  const [same] = await tx.select().from(n).where(mine);
  return same ? { changed: false, row: same } : undefined;
}

/** Marks every unread notification of a recipient read; their ids. */
export async function readAll(tx: Executor, tenantId: string, recipient: string, at: Date): Promise<string[]> {
  const rows = await tx
    .update(notifications)
    .set({ read_time: at })
    .where(recipientWhere(tenantId, { recipient, states: ['0'] }))
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
}

// --- the outbox as administrators see it

export async function pageMails(
  tx: Executor,
  tenantId: string,
  q: { statuses?: string[]; recipient?: string; limit: number; offset: number },
): Promise<{ rows: MailRow[]; total: number }> {
  const o = mailOutbox;
  const conditions: SQL[] = [eq(o.tenant_id, tenantId)];
  if (q.statuses) conditions.push(inArray(o.status, q.statuses));
  if (q.recipient) conditions.push(eq(o.recipient, q.recipient));
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    tx.select().from(o).where(where).orderBy(desc(o.create_time), desc(o.id)).limit(q.limit).offset(q.offset),
    tx.select({ total: count() }).from(o).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function mailsByIds(tx: Executor, tenantId: string, ids: string[]): Promise<MailRow[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.tenant_id, tenantId), inArray(mailOutbox.id, ids)))
    .for('update');
}

/** Queues failed e-mails again with fresh attempts. */
export async function requeueMails(tx: Executor, tenantId: string, ids: string[], at: Date): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, next_attempt_at: at, update_time: at })
    .where(and(eq(mailOutbox.tenant_id, tenantId), inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'failed')));
}

// --- the sender job (every tenant's outbox: it runs as the owner role, outside row-level security)

/**
 * Claims up to `limit` due e-mails: skips rows another sender has locked, counts the attempt and
 * moves `next_attempt_at` to the end of the lease, in one transaction. A claimed row is not due
 * again before its lease ends, so a second sender does not take it while this one sends.
 */
export async function claimDueMails(db: Db, q: { now: Date; leaseUntil: Date; limit: number }): Promise<MailRow[]> {
  const o = mailOutbox;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: o.id })
      .from(o)
      .where(and(eq(o.status, 'pending'), lte(o.next_attempt_at, q.now)))
      .orderBy(asc(o.next_attempt_at), asc(o.id))
      .limit(q.limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(o)
      .set({ attempts: sql`${o.attempts} + 1`, next_attempt_at: q.leaseUntil, update_time: q.now })
      .where(
        inArray(
          o.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/** The claim this sender holds: the row is still pending with the attempt it counted. */
const stillClaimed = (m: Pick<MailRow, 'id' | 'attempts'>) =>
  and(eq(mailOutbox.id, m.id), eq(mailOutbox.status, 'pending'), eq(mailOutbox.attempts, m.attempts));

/** Records a delivered e-mail; false when the claim was lost (another sender took it after the lease). */
export async function markSent(
  db: Executor,
  m: Pick<MailRow, 'id' | 'attempts'>,
  at: { now: Date; transport: string },
): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'sent', sent_at: at.now, transport: at.transport, last_error: '', update_time: at.now })
    .where(stillClaimed(m))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** Records a failed attempt: due again at `nextAttemptAt`, or given up (failed). */
export async function markFailed(
  db: Executor,
  m: Pick<MailRow, 'id' | 'attempts'>,
  f: { now: Date; status: 'pending' | 'failed'; nextAttemptAt: Date; error: string },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: f.status, next_attempt_at: f.nextAttemptAt, last_error: f.error.slice(0, 1000), update_time: f.now })
    .where(stillClaimed(m));
}
