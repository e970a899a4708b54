import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Job } from '../../platform/jobs.ts';
import { claimDueMails, markFailed, markSent, type MailRow } from './notifications.repository.ts';
import { afterFailure, MAIL_LEASE_MS, MAIL_SEND_TIMEOUT_MS } from './notifications.rules.ts';

/** One message as the outbox hands it to a transport. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
  date: Date;
  headers: Record<string, string>;
  /** Files sent with it: content as base64 (as the outbox keeps them). */
  attachments?: { filename: string; contentType: string; content: string }[];
}

/** Where e-mail goes: an SMTP server, or the log when none is configured. */
export interface MailTransport {
  name: 'smtp' | 'log';
  send(mail: OutgoingMail, signal: AbortSignal): Promise<void>;
}

/**
 * The transport of the SMTP settings: nodemailer over SMTP (STARTTLS when the server offers it,
 * TLS from the start with SMTP_SECURE, login when SMTP_USER is set); with SMTP_HOST empty each
 * e-mail is written to the log instead and counts as sent there.
 */
export function transportFor(smtp: Config['smtp'], log: FastifyBaseLogger): MailTransport {
  if (!smtp.host) {
    return {
      name: 'log',
      async send(mail) {
        log.info(
          {
            mail: {
              to: mail.to,
              subject: mail.subject,
              messageId: mail.messageId,
              text: mail.text,
              attachments: mail.attachments?.map((a) => a.filename),
            },
          },
          'e-mail not sent: SMTP_HOST is empty, so it is only logged',
        );
      },
    };
  }
  const transporter = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    name: 'smtp',
    async send(mail, signal) {
      const { attachments, ...rest } = mail;
      await transporter.sendMail({
        ...rest,
        signal,
        attachments: attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
          encoding: 'base64',
        })),
        // An invitation (.ics with a METHOD) is also the message's own calendar part, which mail
        // clients show as an invitation (add to calendar) rather than only as a file.
        icalEvent: calendarPart(attachments),
      });
    },
  };
}

/** The first invitation (.ics with a METHOD) among the attachments, for nodemailer's `icalEvent`. */
function calendarPart(files: OutgoingMail['attachments']) {
  const ics = files?.find((a) => a.contentType.startsWith('text/calendar'));
  if (!ics) return undefined;
  const content = Buffer.from(ics.content, 'base64').toString('utf8');
  const method = /^METHOD:(\w+)/m.exec(content)?.[1];
  return method ? { method, content, filename: ics.filename } : undefined;
}

export interface SendOptions {
  transport: MailTransport;
  from: string;
  log?: FastifyBaseLogger;
  /** The clock (tests move it to make retries due). */
  now?: () => number;
  /** Most e-mails one run sends; the rest wait for the next run. */
  maxMessages?: number;
}

export interface SendReport {
  sent: number;
  retrying: number;
  failed: number;
  /** Sent, but the row could not be marked: it will be sent again after its lease (logged). */
  unrecorded: number;
}

/**
 * Sends due outbox e-mails one at a time: claim one (skipping rows another sender holds; the
 * claim counts the attempt and leases the row for MAIL_LEASE_MS), send it (aborted after
 * MAIL_SEND_TIMEOUT_MS, well inside the lease), then mark it sent, or due again after a backoff,
 * or failed for good. No database transaction stays open while the SMTP server is talked to.
 *
 * Exactly once, except one edge: when the process dies (or the database is unreachable)
 * between the SMTP server accepting a message and the row being marked sent, the row becomes
 * due again when its lease ends and the message goes out a second time. The window is the few
 * milliseconds of one update (retried three times before giving up), and the repeat carries the
 * same Message-ID and Date, so mail systems and clients that de-duplicate by Message-ID show it
 * once.
 */
export async function sendDueMail(db: Db, opts: SendOptions): Promise<SendReport> {
  const now = opts.now ?? Date.now;
  const report: SendReport = { sent: 0, retrying: 0, failed: 0, unrecorded: 0 };
  const max = opts.maxMessages ?? 100;
  for (let n = 0; n < max; n++) {
    const t = now();
    const [mail] = await claimDueMails(db, { now: new Date(t), leaseUntil: new Date(t + MAIL_LEASE_MS), limit: 1 });
    if (!mail) break;
    await deliver(db, mail, opts, now, report);
  }
  return report;
}

async function deliver(db: Db, mail: MailRow, opts: SendOptions, now: () => number, report: SendReport) {
  try {
    await opts.transport.send(
      {
        from: opts.from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.body,
        messageId: mail.message_id,
        date: mail.create_time,
        headers: { 'X-Yuyue-Outbox-Id': mail.id },
        attachments: mail.attachments,
      },
      AbortSignal.timeout(MAIL_SEND_TIMEOUT_MS),
    );
  } catch (err) {
    const e = err as { message?: string; permanent?: boolean; response?: string };
    const next = afterFailure(mail.attempts, e.permanent === true, now());
    await markFailed(db, mail, {
      now: new Date(now()),
      status: next.status,
      nextAttemptAt: next.nextAttemptAt,
      error: e.response || e.message || String(err),
    });
    if (next.status === 'failed') report.failed++;
    else report.retrying++;
    opts.log?.warn(
      { mailId: mail.id, attempts: mail.attempts, status: next.status, err: e.message },
      next.status === 'failed' ? 'e-mail given up' : 'e-mail failed, will retry',
    );
    return;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const recorded = await markSent(db, mail, { now: new Date(now()), transport: opts.transport.name });
      if (!recorded)
        opts.log?.warn({ mailId: mail.id }, 'e-mail sent after its lease ended: another sender had taken it');
      report.sent++;
      return;
    } catch (err) {
      if (attempt >= 3) {
        report.unrecorded++;
        opts.log?.error({ mailId: mail.id, err }, 'e-mail sent but not marked sent: it will be sent again');
        return;
      }
      await new Promise((r) => setTimeout(r, 250 * attempt));
    }
  }
}

/** How often the outbox is looked at. */
export const MAIL_POLL_MS = 10_000;

/** The outbox sender as a background job (one instance at a time runs it). `now`: the clock (tests). */
export function mailOutboxJob(
  config: Pick<Config, 'smtp'>,
  log: FastifyBaseLogger,
  opts: { now?: () => number } = {},
): Job {
  const transport = transportFor(config.smtp, log);
  return {
    name: 'notifications.mail-outbox',
    everyMs: MAIL_POLL_MS,
    async run(db) {
      const r = await sendDueMail(db, { transport, from: config.smtp.from, log, now: opts.now });
      const total = r.sent + r.retrying + r.failed + r.unrecorded;
      return total
        ? `e-mail: ${r.sent} sent, ${r.retrying} to retry, ${r.failed} given up, ${r.unrecorded} sent but unrecorded`
        : undefined;
    },
  };
}
