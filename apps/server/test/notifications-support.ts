/**
 * Helpers of the notification tests: a real SMTP server on a free local port that records what
 * it accepts (and can refuse recipients), the app's SMTP settings for it, and the outbox rows.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { mailOutbox, notifications } from '../src/modules/notifications/notifications.tables.ts';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  messageId: string;
  outboxId: string;
}

export interface SmtpSink {
  port: number;
  received: ReceivedMail[];
  /** When set, a recipient is refused with the reply code it returns (null: accepted). */
  refuse: ((address: string) => number | null) | null;
  /** Messages accepted with this outbox id. */
  count(outboxId: string): number;
  close(): Promise<void>;
}

/** A real SMTP server (plain text, no login) on 127.0.0.1 and a free port. */
export async function startSmtp(): Promise<SmtpSink> {
  const sink: SmtpSink = {
    port: 0,
    received: [],
    refuse: null,
    count: (id) => sink.received.filter((m) => m.outboxId === id).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = sink.refuse?.(address.address) ?? null;
      if (code === null) return callback();
      const err = Object.assign(new Error(code >= 500 ? 'No such mailbox' : 'Try again later'), { responseCode: code });
      callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        sink.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          messageId: /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '',
          outboxId: /^X-Yuyue-Outbox-Id:\s*(\S+)/im.exec(raw)?.[1] ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  sink.port = (server.server.address() as AddressInfo).port;
  return sink;
}

/** The app's SMTP settings for a local test server (port 1: nothing listens, every send fails). */
export function smtpConfig(port: number): Config['smtp'] {
  return { host: '127.0.0.1', port, user: '', pass: '', from: 'Yuyue <no-reply@yy.test>', secure: false };
}

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;

/** The notifications about some bookings (any recipient), oldest first. */
export async function notificationsAbout(db: Db, appointmentIds: string[]): Promise<NotificationRow[]> {
  if (!appointmentIds.length) return [];
  return db
    .select()
    .from(notifications)
    .where(inArray(notifications.appointment_id, appointmentIds))
    .orderBy(notifications.create_time);
}

/** The outbox rows of notifications. */
export async function mailsOf(db: Db, notificationIds: string[]): Promise<OutboxRow[]> {
  if (!notificationIds.length) return [];
  return db.select().from(mailOutbox).where(inArray(mailOutbox.notification_id, notificationIds));
}

export async function mailById(db: Db, id: string): Promise<OutboxRow> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  expect(row, `outbox row ${id}`).toBeDefined();
  return row!;
}

/** Every outbox row was delivered exactly once to the SMTP server, to its recipient, with its Message-ID. */
export function expectDeliveredOnce(sink: SmtpSink, rows: OutboxRow[]): void {
  for (const row of rows) {
    const got = sink.received.filter((m) => m.outboxId === row.id);
    expect(got, `e-mails for outbox row ${row.id} (${row.subject})`).toHaveLength(1);
    expect(got[0]!.to).toEqual([row.recipient]);
    expect(got[0]!.messageId).toBe(row.message_id);
  }
}

export const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
