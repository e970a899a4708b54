/** The e-mail outbox as administrators see it (apps/server/src/modules/notifications). */
import type { Connection, StringFilter } from '../notices/api/types.ts';

export type { Connection, StringFilter };

/** pending: due at next_attempt_time; sent: sent_time (transport smtp, or log without SMTP); failed: given up. */
export type MailStatus = 'pending' | 'sent' | 'failed';

export const MAIL_STATUSES: readonly MailStatus[] = ['pending', 'sent', 'failed'];

/** An e-mail of the outbox; times "YYYY-MM-DD HH:mm:ss" in the tenant's zone. */
export interface NotificationMail {
  id: string;
  notification_id: string;
  recipient: string;
  subject: string;
  body: string;
  message_id: string;
  status: MailStatus;
  attempts: number;
  last_error: string;
  transport: string;
  next_attempt_time: string;
  sent_time: string;
  create_time: string;
}

export const NOTIFICATION_MAIL_FIELDS = `id notification_id recipient subject body message_id status attempts last_error
  transport next_attempt_time sent_time create_time`;

/** findNotificationMailAll's filter: status eq/in, recipient eq. */
export interface NotificationMailFilter {
  status?: StringFilter;
  recipient?: StringFilter;
}

/** The outbox's search form as the filter (empty fields left out). */
export function mailFilterOf(s: { status?: string; recipient?: string }): NotificationMailFilter {
  const recipient = s.recipient?.trim();
  return {
    ...(s.status ? { status: { eq: s.status } } : {}),
    ...(recipient ? { recipient: { eq: recipient } } : {}),
  };
}

export const notificationMailKeys = {
  all: ['notifications-admin'] as const,
  list: (variables: object) => ['notifications-admin', 'mails', variables] as const,
};
