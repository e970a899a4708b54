import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/client.ts';
import type { RequestContext } from '../../platform/context.ts';
import { resourceAdministrators } from '../resources/resource-admins.ts';
import type { AppointmentRow } from '../booking/booking.repository.ts';
import { uidHost } from '../calendar/calendar.events.ts';
import { bookingInvitation, invitationKindOf, personOf } from '../calendar/calendar.mail.ts';
import { meetingsOf } from '../calendar/calendar.repository.ts';
import {
  bookingsByIds,
  decisionReasons,
  directoryContacts,
  insertMails,
  insertNotifications,
  notificationSettingsOf,
  type BookingRow,
  type NewMail,
  type NewNotification,
  type ResourceNotificationRow,
} from './notifications.repository.ts';
import {
  isMailAddress,
  mailDomainOf,
  mailOf,
  plansFor,
  render,
  sendsEmail,
  type BookingEvent,
  type Plan,
} from './notifications.rules.ts';

export type { BookingEvent } from './notifications.rules.ts';

interface Contact {
  account: string;
  name: string;
  email: string;
}

/**
 * Queues the notifications an event on bookings calls for (in-app and e-mail, as each
 * resource's notification settings say: see `NotificationSettings`) in the caller's
 * transaction: an outbox row commits or rolls back with the change it reports.
 *
 * Call it once the change is complete in the transaction: the bookings are read again, so the
 * texts show their state after the change (cancel reason), and an approval decision's reason
 * is read from its approval task, which must be written by then. Occurrences of one request
 * on one resource by one booker make one notification listing their times. E-mail goes to the
 * booking's address, else the booker's directory address; none: in-app only.
 */
export async function notifyBookings(
  tx: Tx,
  ctx: RequestContext,
  event: BookingEvent,
  bookings: readonly AppointmentRow[],
  /** The resources' settings when the caller has them (`notificationSettingsFrom`); read otherwise. */
  known?: ReadonlyMap<string, ResourceNotificationRow>,
): Promise<void> {
  const byTenant = new Map<string, AppointmentRow[]>();
  for (const b of bookings) byTenant.set(b.tenant_id, [...(byTenant.get(b.tenant_id) ?? []), b]);
  for (const [tenantId, rows] of byTenant) await notifyTenant(tx, ctx, tenantId, event, rows, known);
}

async function notifyTenant(
  tx: Tx,
  ctx: RequestContext,
  tenantId: string,
  event: BookingEvent,
  given: readonly AppointmentRow[],
  known: ReadonlyMap<string, ResourceNotificationRow> | undefined,
) {
  // The settings first: most resources notify nothing, and then nothing else is read.
  const ids = [...new Set(given.map((r) => r.resources_id))];
  const settings = ids.every((id) => known?.has(id)) ? known! : await notificationSettingsOf(tx, tenantId, ids);
  const wanted = given.filter((r) => {
    const resource = settings.get(r.resources_id);
    return resource && plansFor(resource, event, r.audit_status === '1').length > 0;
  });
  if (!wanted.length) return;
  const rows = (await bookingsByIds(tx, tenantId, [...new Set(wanted.map((r) => r.id))])).sort(
    (a, b) => a.starts_at.getTime() - b.starts_at.getTime(),
  );
  const reasons =
    event === 'approved' || event === 'rejected'
      ? await decisionReasons(
          tx,
          tenantId,
          rows.map((r) => r.id),
        )
      : new Map<string, string>();

  // One notification per resource, booker and (for bookings) approval need.
  const groups = new Map<string, BookingRow[]>();
  for (const r of rows) {
    const key = `${r.resources_id}|${r.appointment_user}|${r.audit_status === '1'}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const work: { plan: Plan; resource: ResourceNotificationRow; rows: BookingRow[] }[] = [];
  for (const group of groups.values()) {
    const first = group[0]!;
    const resource = settings.get(first.resources_id)!;
    for (const plan of plansFor(resource, event, first.audit_status === '1'))
      work.push({ plan, resource, rows: group });
  }

  const bookers = await bookerContacts(
    tx,
    tenantId,
    work.filter((w) => w.plan.audience === 'booker'),
  );
  const admins = new Map<string, Contact[]>();
  const notificationRows: (NewNotification & { id: string })[] = [];
  const mails: NewMail[] = [];
  const domain = mailDomainOf(ctx.config.smtp.from, new URL(ctx.config.publicUrl).hostname);
  const site = `${ctx.config.publicUrl}${ctx.config.basePath}`;
  // The booker's e-mail of a confirmation or cancellation carries the bookings' .ics (section: calendar).
  const invites = work.some(
    (w) => w.plan.audience === 'booker' && sendsEmail(w.resource) && invitationKindOf(event, w.rows[0]!),
  )
    ? await meetingsOf(
        tx,
        tenantId,
        rows.map((r) => r.id),
      )
    : null;
  const stamp = new Date();

  for (const { plan, resource, rows: group } of work) {
    const first = group[0]!;
    let recipients: Contact[];
    if (plan.audience === 'booker') {
      recipients = [bookers.get(first.id)!];
    } else {
      if (!admins.has(resource.id)) {
        admins.set(resource.id, await resourceAdministrators(tx, tenantId, resource.id));
      }
      // The administrator who made the change knows about it.
      recipients = admins.get(resource.id)!.filter((a) => a.account !== ctx.user?.account);
    }
    const text = render({
      plan,
      resource: { zh: resource.resources_name, en: resource.resources_name_en },
      occurrences: group,
      zone: resource.time_zone,
      booker: { name: first.appointment_user_name, account: first.appointment_user },
      reason: event === 'cancelled' ? first.cancel_reason : (reasons.get(first.id) ?? ''),
      theme: first.theme,
    });
    const mail = mailOf(text, {
      link: plan.audience === 'booker' ? `${site}/mobile/myAppointment` : `${site}/manage/appointment`,
      zone: resource.time_zone,
    });
    for (const to of recipients) {
      const id = randomUUID();
      notificationRows.push({
        id,
        recipient: to.account,
        event,
        audience: plan.audience,
        appointment_id: first.id,
        appointment_count: group.length,
        resources_id: first.resources_id,
        resources_name: resource.resources_name,
        resources_name_en: resource.resources_name_en,
        ...text,
      });
      if (sendsEmail(resource) && isMailAddress(to.email)) {
        const mailId = randomUUID();
        const kind = invites && plan.audience === 'booker' ? invitationKindOf(event, first) : null;
        const ics = kind
          ? bookingInvitation({
              kind,
              bookings: group,
              meetings: invites!,
              zone: resource.time_zone,
              site,
              host: uidHost(ctx.config.publicUrl),
              organizer: personOf(ctx.config.smtp.from),
              attendee: { name: to.name, email: to.email },
              stamp,
            })
          : null;
        mails.push({
          id: mailId,
          notification_id: id,
          recipient: to.email,
          ...mail,
          message_id: `<${mailId}@${domain}>`,
          attachments: ics ? storedAttachments([ics]) : [],
        });
      }
    }
  }
  await insertNotifications(tx, tenantId, notificationRows);
  await insertMails(tx, tenantId, mails);
}

/** Each booking's booker: account and name from the booking, e-mail from it or the directory. */
async function bookerContacts(tx: Tx, tenantId: string, work: { rows: BookingRow[] }[]): Promise<Map<string, Contact>> {
  const firsts = work.map((w) => w.rows[0]!);
  const directory = await directoryContacts(tx, tenantId, [
    ...new Set(firsts.filter((r) => !isMailAddress(r.email.trim())).map((r) => r.appointment_user)),
  ]);
  return new Map(
    firsts.map((r) => {
      const own = r.email.trim();
      const known = directory.get(r.appointment_user);
      const email = isMailAddress(own) ? own : (known?.email.trim() ?? '');
      return [r.id, { account: r.appointment_user, name: r.appointment_user_name || known?.name || '', email }];
    }),
  );
}

/** A file sent with an e-mail: its name, MIME type (`text/calendar; method=REQUEST`...) and bytes. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's text (UTF-8) or bytes. */
  content: string | Uint8Array;
}

/** The outbox's form of attachments: content as base64. */
export function storedAttachments(files: readonly MailAttachment[] = []): NonNullable<NewMail['attachments']> {
  return files.map((f) => ({
    filename: f.filename.replace(/[\\/\r\n"]/g, '_').slice(0, 200),
    contentType: f.contentType,
    content: (typeof f.content === 'string' ? Buffer.from(f.content, 'utf8') : Buffer.from(f.content)).toString(
      'base64',
    ),
  }));
}

/** One plain e-mail of another module (visits): recipient, subject and body in both languages. */
export interface PlainMail {
  recipient: string;
  subject: string;
  body: string;
  /** Files sent with it (an .ics of a booking or meeting...). */
  attachments?: readonly MailAttachment[];
}

/**
 * Queues plain e-mails (no in-app notification) in the caller's transaction, sent by the same
 * sender as booking mails. Recipients without a usable address are left out; returns how many
 * were queued.
 */
export async function queuePlainMails(
  tx: Tx,
  ctx: RequestContext,
  tenantId: string,
  mails: readonly PlainMail[],
): Promise<number> {
  const domain = mailDomainOf(ctx.config.smtp.from, new URL(ctx.config.publicUrl).hostname);
  const rows: NewMail[] = mails
    .filter((m) => isMailAddress(m.recipient.trim()))
    .map((m) => {
      const id = randomUUID();
      return {
        id,
        notification_id: null,
        recipient: m.recipient.trim(),
        subject: m.subject.slice(0, 500),
        body: m.body,
        message_id: `<${id}@${domain}>`,
        attachments: storedAttachments(m.attachments),
      };
    });
  await insertMails(tx, tenantId, rows);
  return rows.length;
}
