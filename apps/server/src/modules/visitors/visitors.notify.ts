import type { Tx } from '../../db/client.ts';
import type { RequestContext, TenantRef } from '../../platform/context.ts';
import { sendMessage } from '../../platform/messages/messages.ts';
import { queuePlainMails, type PlainMail } from '../notifications/notifications.outbox.ts';
import { visitAreaNames, visitAreasShown } from './visitors.appointments.areas.ts';
import { hostsByIds, visitorsByIds, type HostUser, type VisitRow } from './visitors.appointments.repository.ts';
import { decrypt, visitorKeys } from '../../platform/data-key.ts';

/**
 * What the host and the visitor are told at each step of a visit: e-mail through the
 * notifications outbox (queued in the change's transaction) and a text message to the visitor's
 * phone, sent after the change committed (the phone decrypted only then; a channel failure
 * never fails the request).
 */
export type VisitEvent = 'submitted' | 'invited' | 'approved' | 'rejected' | 'cancelled' | 'changed';

interface Words {
  host: { zh: string; en: string } | null;
  visitor: { zh: string; en: string } | null;
}

/** The words of an event, for the host and for the visitor (null: that side is not told). */
export function visitWords(
  event: VisitEvent,
  visit: Pick<VisitRow, 'visitor_name' | 'in_school_date' | 'state'>,
  areas: string,
  reason = '',
): Words {
  const who = visit.visitor_name;
  const day = visit.in_school_date;
  switch (event) {
    case 'submitted':
      return {
        host:
          visit.state === 0
            ? {
                zh: `访客 ${who} 申请于 ${day} 来访（${areas}），请审批。`,
                en: `Visitor ${who} applies to visit on ${day} (${areas}); please approve or reject it.`,
              }
            : { zh: `访客 ${who} 将于 ${day} 来访（${areas}）。`, en: `Visitor ${who} visits on ${day} (${areas}).` },
        visitor: {
          zh: `您 ${day} 的来访申请（${areas}）已提交${visit.state === 2 ? '并已通过' : '，等待审批'}。`,
          en: `Your visit on ${day} (${areas}) was submitted${visit.state === 2 ? ' and approved' : ' and awaits approval'}.`,
        },
      };
    case 'invited':
      return {
        host: null,
        visitor: {
          zh: `您受邀于 ${day} 来访（${areas}）${visit.state === 5 ? '，请先注册访客账号' : ''}。`,
          en: `You are invited to visit on ${day} (${areas})${visit.state === 5 ? '; please register as a visitor first' : ''}.`,
        },
      };
    case 'approved':
      return {
        host: { zh: `访客 ${who} ${day} 的来访已通过审批。`, en: `The visit of ${who} on ${day} was approved.` },
        visitor: {
          zh: `您 ${day} 的来访（${areas}）已通过审批，可查看入校码。`,
          en: `Your visit on ${day} (${areas}) was approved; your entry pass is ready.`,
        },
      };
    case 'rejected':
      return {
        host: {
          zh: `访客 ${who} ${day} 的来访已驳回：${reason}`,
          en: `The visit of ${who} on ${day} was rejected: ${reason}`,
        },
        visitor: {
          zh: `您 ${day} 的来访申请已驳回：${reason}`,
          en: `Your visit on ${day} was rejected: ${reason}`,
        },
      };
    case 'cancelled':
      return {
        host: {
          zh: `访客 ${who} ${day} 的来访已取消：${reason}`,
          en: `The visit of ${who} on ${day} was cancelled: ${reason}`,
        },
        visitor: { zh: `您 ${day} 的来访已取消：${reason}`, en: `Your visit on ${day} was cancelled: ${reason}` },
      };
    case 'changed':
      return {
        host:
          visit.state === 0
            ? {
                zh: `访客 ${who} 修改了来访申请：${day}（${areas}），请审批。`,
                en: `Visitor ${who} changed the visit: ${day} (${areas}); please approve or reject it.`,
              }
            : null,
        visitor: { zh: `您的来访已修改：${day}（${areas}）。`, en: `Your visit was changed: ${day} (${areas}).` },
      };
  }
}

/** A text message to send once the change committed. */
export interface PendingText {
  phoneEnc: string;
  text: string;
  purpose: string;
}

/**
 * Queues the e-mails of an event on visits in the transaction and returns the texts to send
 * after it commits (`sendVisitTexts`). `hosts`: each visit's host by user id; `visitorMails`:
 * each registration's e-mail by visitor id.
 */
export async function queueVisitNotices(
  tx: Tx,
  ctx: RequestContext,
  tenant: TenantRef,
  event: VisitEvent,
  list: readonly { visit: VisitRow; areas: string; reason?: string }[],
  hosts: ReadonlyMap<string, HostUser>,
  visitorMails: ReadonlyMap<string, string>,
): Promise<PendingText[]> {
  const mails: PlainMail[] = [];
  const texts: PendingText[] = [];
  const link = `${ctx.config.publicUrl}${ctx.config.basePath}/mobile/visitor`;
  for (const { visit, areas, reason } of list) {
    const words = visitWords(event, visit, areas, reason);
    const subject = '来访通知 / Visit notice';
    const host = visit.host_user_id ? hosts.get(visit.host_user_id) : undefined;
    // The one who acted knows already.
    if (words.host && host && host.account !== ctx.user?.account) {
      mails.push({ recipient: host.email, subject, body: mailBody(words.host, `${link}/detail/${visit.id}`) });
    }
    if (words.visitor) {
      const email = visit.visitor_id ? visitorMails.get(visit.visitor_id) : undefined;
      if (email) mails.push({ recipient: email, subject, body: mailBody(words.visitor, `${link}/detail/${visit.id}`) });
      if (visit.phone_enc) {
        texts.push({
          phoneEnc: visit.phone_enc,
          text: `${words.visitor.zh} ${words.visitor.en}`,
          purpose: `visit_${event}`,
        });
      }
    }
  }
  await queuePlainMails(tx, ctx, tenant.id, mails);
  return texts;
}

/**
 * Tells the hosts and the visitors of `rows` of an event (`queueVisitNotices`), with the visits'
 * area names, each host's address and each registration's e-mail read here.
 */
export async function notifyVisits(
  tx: Tx,
  ctx: RequestContext,
  tenant: TenantRef,
  event: VisitEvent,
  rows: readonly VisitRow[],
  reason = '',
): Promise<PendingText[]> {
  if (!rows.length) return [];
  const names = await visitAreaNames(tx, tenant.id, rows);
  const hostIds = [...new Set(rows.map((r) => r.host_user_id).filter((id): id is string => !!id))];
  const visitorIds = [...new Set(rows.map((r) => r.visitor_id).filter((id): id is string => !!id))];
  const [hosts, people] = await Promise.all([
    hostsByIds(tx, tenant.id, hostIds),
    visitorsByIds(tx, tenant.id, visitorIds),
  ]);
  return queueVisitNotices(
    tx,
    ctx,
    tenant,
    event,
    rows.map((visit) => ({ visit, areas: visitAreasShown(visit, names).zh, reason })),
    new Map(hosts.map((h) => [h.id, h])),
    new Map(people.map((p) => [p.id, p.email])),
  );
}

function mailBody(words: { zh: string; en: string }, link: string): string {
  return [
    words.zh,
    `查看：${link}`,
    '',
    words.en,
    `Open: ${link}`,
    '',
    '-- ',
    '此邮件由系统自动发送，请勿回复。 This message was sent automatically; please do not reply.',
  ].join('\n');
}

/** Sends the texts (after the commit): the phone decrypted only here; a failure is logged, never thrown. */
export async function sendVisitTexts(
  ctx: RequestContext,
  tenant: TenantRef,
  texts: readonly PendingText[],
): Promise<void> {
  if (!texts.length) return;
  const keys = visitorKeys(ctx.config);
  await Promise.allSettled(
    texts.map(async (t) => {
      let to: string;
      try {
        to = decrypt(keys, tenant.id, t.phoneEnc);
      } catch {
        ctx.log.warn({ purpose: t.purpose }, 'a visit notice was not sent: the phone does not decrypt');
        return;
      }
      const sent = await sendMessage(ctx, { to, text: t.text, purpose: t.purpose, tenant: tenant.key });
      if (!sent) ctx.log.warn({ purpose: t.purpose }, 'a visit notice text message was not sent');
    }),
  );
}
