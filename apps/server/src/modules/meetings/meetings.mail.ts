import type { Tx } from '../../db/client.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { PlainMail } from '../notifications/notifications.outbox.ts';
import { definePort } from '../../platform/port.ts';

/** Queues plain e-mails in the caller's transaction; returns how many were queued. */
export type MailQueue = (tx: Tx, ctx: RequestContext, tenantId: string, mails: readonly PlainMail[]) => Promise<number>;

const outbox = definePort<MailQueue>('mail outbox', 'notifications');

/**
 * Registers the outbox of the notifications module (notifications.resolvers.ts, at composition),
 * which sends meeting invitations as it sends booking mails; meetings, below it (booking mails
 * carry the meeting), never import it.
 */
export const provideMeetingMails = outbox.provide;

/** Queues plain e-mails through the registered outbox. */
export function queuePlainMails(tx: Tx, ctx: RequestContext, tenantId: string, mails: readonly PlainMail[]) {
  return outbox.use()(tx, ctx, tenantId, mails);
}
