import type { Tx } from '../../db/client.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { PlainMail } from '../notifications/notifications.outbox.ts';

/** Queues plain e-mails in the caller's transaction; returns how many were queued. */
export type MailQueue = (tx: Tx, ctx: RequestContext, tenantId: string, mails: readonly PlainMail[]) => Promise<number>;

let queue: MailQueue | null = null;

/**
 * Registers the outbox of the notifications module (notifications.resolvers.ts, at composition),
 * which sends meeting invitations as it sends booking mails; meetings, below it (booking mails
 * carry the meeting), never import it.
 */
export function provideMeetingMails(outbox: MailQueue): void {
  queue = outbox;
}

/** Queues plain e-mails through the registered outbox. */
export function queuePlainMails(tx: Tx, ctx: RequestContext, tenantId: string, mails: readonly PlainMail[]) {
  if (!queue) throw new Error('no mail outbox registered (modules/notifications)');
  return queue(tx, ctx, tenantId, mails);
}
