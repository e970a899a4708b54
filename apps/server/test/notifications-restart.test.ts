/**
 * The outbox across a restart and several instances: one app instance books, cancels and
 * approves through the API and stops before sending anything; a new instance on the same
 * database sends each e-mail exactly once to a real SMTP server; senders of two instances at
 * once still send each one once. On PGlite the "instances" are successive opens of one data
 * directory (it admits one process); on PostgreSQL (TEST_DATABASE_URL) two run side by side.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { instantOf } from '@yuyue/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { demoAccounts, seedDemoTenant } from '../src/db/seed.ts';
import { MAIL_LEASE_MS } from '../src/modules/notifications/notifications.rules.ts';
import { mailOutboxJob, sendDueMail, transportFor } from '../src/modules/notifications/notifications.sender.ts';
import { mailOutbox } from '../src/modules/notifications/notifications.tables.ts';
import { runExclusively } from '../src/platform/jobs.ts';
import {
  expectDeliveredOnce,
  mailsOf,
  notificationsAbout,
  smtpConfig,
  startSmtp,
  uniqueName,
  type SmtpSink,
} from './notifications-support.ts';
import { Browser, implicitAuthorizeUrl } from './oidc-client.ts';
import { testDatabaseUrl } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

const ZONE = 'Asia/Shanghai';
const NOW = instantOf({ year: 2030, month: 1, day: 1 }, { hour: 12, minute: 0 }, ZONE);
const DAY = '2030-01-03';
const NOTIFY_ALL = {
  is_notification_push: '1',
  notifiy_channels: 'email',
  success_notification_push: '1',
  cancel_notification_push: '1',
};

/** One database that outlives the app instances on it. */
interface Store {
  open(): Promise<Database>;
  drop(): Promise<void>;
  /** Whether two instances can have it open at once (PostgreSQL). */
  shared: boolean;
}

async function persistentStore(): Promise<Store> {
  if (testDatabaseUrl) {
    const name = `yuyue_ntf_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${name}`;
    return {
      shared: true,
      open: () => openDatabase({ databaseUrl: url.href, dataDir: '', poolSize: 5 }),
      async drop() {
        const a = new pg.Client({ connectionString: testDatabaseUrl });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-ntf-'));
  return {
    shared: false,
    open: () => openDatabase({ databaseUrl: '', dataDir: dir }),
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A real sign-in through the built-in provider (implicit flow); the access token. */
async function signIn(app: FastifyInstance, account: { account: string; password: string }): Promise<string> {
  const browser = new Browser(app);
  const page = await browser.follow(await browser.request('GET', implicitAuthorizeUrl('yy-sys')));
  const action = /action="([^"]+)"/.exec(page.body)![1]!;
  const done = await browser.follow(
    await browser.request('POST', action, { account: account.account, password: account.password }),
  );
  return new URLSearchParams(new URL(done.headers.location as string).hash.slice(1)).get('access_token')!;
}

/** An app instance and GraphQL calls on it. */
function client(app: FastifyInstance) {
  return async (token: string, query: string, variables: Record<string, unknown> = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: '/bus/graphql/apps_yy_sys',
      headers: { authorization: `Bearer ${token}` },
      payload: { query, variables },
    });
    const body = res.json();
    expect(body.errors, JSON.stringify(body)).toBeUndefined();
    return Object.values(body.data)[0] as Record<string, unknown> & { ids?: string[] };
  };
}

/** Books, cancels, submits for approval and approves through the API: the bookings' ids. */
async function bookingsThrough(app: FastifyInstance, tokens: { admin: string; student: string }) {
  const gql = client(app);
  const types = (await gql(tokens.admin, `{ findResourcesTypeAll { id resources_name } }`)) as unknown as {
    id: string;
    resources_name: string;
  }[];
  const typeId = types.find((x) => x.resources_name === '羽毛球场')!.id;
  const resource = async (extra: Record<string, unknown>) => {
    const saved = await gql(
      tokens.admin,
      `mutation($model: InputResources!) { saveResources(model: $model) { errcode msg ids } }`,
      {
        model: {
          resources_name: uniqueName('重启场地'),
          resources_type_id: typeId,
          available_number: 1,
          appointment_date_rule: '1',
          appointment_date_days: 7,
          days_rule_refresh_time: '21:00',
          time_slot_rule: '1',
          resourcesTimeSlot: [{ kssj: '09:00', jssj: '10:00' }],
          ...NOTIFY_ALL,
          ...extra,
        },
      },
    );
    expect(saved.errcode, JSON.stringify(saved)).toBe('0');
    const id = saved.ids![0]!;
    const slots = (await gql(
      tokens.admin,
      `query($resourcesId: String!, $date: Date!) { findResourceSlotAvailability(resourcesId: $resourcesId, date: $date) { id } }`,
      { resourcesId: id, date: DAY },
    )) as unknown as { id: string }[];
    return { id, slot: slots[0]!.id };
  };
  const book = async (r: { id: string; slot: string }) => {
    const out = await gql(
      tokens.student,
      `mutation($model: InputAppointmentInformation!, $timeSlotIdList: [String]) {
        saveAppointmentInformationAll(model: $model, timeSlotIdList: $timeSlotIdList) { code messages ids } }`,
      { model: { resources_id: r.id, appointment_date: DAY, theme: '重启测试' }, timeSlotIdList: [r.slot] },
    );
    expect(out.code, JSON.stringify(out)).toBe('0');
    return out.ids![0]!;
  };
  const plain = await resource({});
  const booked = await book(plain);
  const cancel = await gql(
    tokens.student,
    `mutation($id: ID!) { updateAppointmentInformationState(id: $id, state: "1", reason: "有事", dataSource: "1") { errcode msg } }`,
    { id: booked },
  );
  expect(cancel.errcode, JSON.stringify(cancel)).toBe('0');
  const approval = await resource({ need_approve: '1' });
  const submitted = await book(approval);
  const approve = await gql(
    tokens.admin,
    `mutation($id: ID!) { approveAppointment(id: $id, reason: "同意") { errcode msg } }`,
    { id: submitted },
  );
  expect(approve.errcode, JSON.stringify(approve)).toBe('0');
  return [booked, submitted];
}

/** The outbox rows about some bookings, with the events they report: a booking, its cancellation, a submission, its approval. */
async function outboxAbout(database: Database, ids: string[]) {
  const ns = await notificationsAbout(database.db, ids);
  expect(ns.map((n) => n.event).sort()).toEqual(['approved', 'booked', 'booked', 'cancelled']);
  const mails = await mailsOf(
    database.db,
    ns.map((n) => n.id),
  );
  expect(mails).toHaveLength(4);
  return mails;
}

async function allSent(database: Database, rows: { id: string }[]) {
  const now = await database.db.select().from(mailOutbox);
  return rows.every((r) => now.find((m) => m.id === r.id)?.status === 'sent');
}

let store: Store;
let sink: SmtpSink;
const open: { app: FastifyInstance; database: Database }[] = [];

async function instance(smtp: Config['smtp']) {
  const database = await store.open();
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: '' }, { smtp });
  const app = await buildApp({ config, database });
  open.push({ app, database });
  return { app, database, config };
}

async function stop(i: { app: FastifyInstance; database: Database }) {
  await i.app.close();
  await i.database.close();
  open.splice(open.indexOf(open.find((o) => o.app === i.app)!), 1);
}

beforeAll(async () => {
  bookingClock.now = () => NOW;
  store = await persistentStore();
  sink = await startSmtp();
});

afterAll(async () => {
  bookingClock.now = () => Date.now();
  for (const i of [...open]) await stop(i);
  await sink?.close();
  await store?.drop();
});

describe('the outbox across a restart and several instances', () => {
  it('e-mails queued by a stopped instance are sent exactly once by the next; two senders at once still once', async () => {
    // Instance 1 cannot reach a mail server (port 1 refuses), so nothing it queues leaves it.
    const first = await instance(smtpConfig(1));
    await seedDemoTenant(first.database.db);
    const tokens1 = {
      admin: await signIn(first.app, demoAccounts.admin),
      student: await signIn(first.app, demoAccounts.user),
    };
    const before = await bookingsThrough(first.app, tokens1);
    const queued = await outboxAbout(first.database, before);
    expect(queued.every((m) => m.status === 'pending')).toBe(true);
    await stop(first);
    expect(sink.received).toHaveLength(0);

    // Instance 2, same database, a real mail server: its job sends each e-mail once. Its clock
    // is past any retry instance 1 may have scheduled and any lease it may have held.
    const second = await instance(smtpConfig(sink.port));
    await second.app.ready();
    const later = () => Date.now() + 2 * MAIL_LEASE_MS;
    const job = mailOutboxJob(second.config, second.app.log, { now: later });
    // (the instance's own background run may hold the job's lock for a moment)
    for (let i = 0; i < 100 && !(await allSent(second.database, queued)); i++) {
      await runExclusively(second.database.db, job);
      await new Promise((r) => setTimeout(r, 100));
    }
    expectDeliveredOnce(sink, queued);
    const after = await mailsOf(
      second.database.db,
      queued.map((m) => m.notification_id!),
    );
    expect(after.every((m) => m.status === 'sent' && m.transport === 'smtp')).toBe(true);

    // More e-mails, then two senders at the same time.
    const tokens2 = {
      admin: await signIn(second.app, demoAccounts.admin),
      student: await signIn(second.app, demoAccounts.user),
    };
    const more = await outboxAbout(second.database, await bookingsThrough(second.app, tokens2));
    const senders: { database: Database; config: Config; app: FastifyInstance }[] = [second];
    if (store.shared) senders.push(await instance(smtpConfig(sink.port)));
    else senders.push(second);
    const jobs = senders.map((s) => mailOutboxJob(s.config, s.app.log, { now: later }));
    // Both jobs at once (the lock lets one run), then two senders at once without the lock: the
    // outbox's own claims keep them from sending anything twice.
    await Promise.all(senders.map((s, i) => runExclusively(s.database.db, jobs[i]!)));
    await Promise.all(
      senders.map((s) =>
        sendDueMail(s.database.db, {
          transport: transportFor(s.config.smtp, s.app.log),
          from: s.config.smtp.from,
          now: later,
        }),
      ),
    );
    expectDeliveredOnce(sink, [...queued, ...more]);
    const pending = await second.database.db.select().from(mailOutbox);
    expect(pending.filter((m) => m.status !== 'sent')).toEqual([]);
    expect(sink.received).toHaveLength(8);
  }, 180_000);
});
