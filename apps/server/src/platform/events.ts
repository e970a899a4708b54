import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database, Executor } from '../db/client.ts';

/**
 * Changes every instance must hear of at once, so that what it keeps in memory (verified tokens,
 * the users tokens name, tenants) stops serving stale answers within a second instead of
 * waiting out the cache lifetimes.
 *
 * A change is announced with `pg_notify` in the transaction that made it: PostgreSQL delivers it
 * at commit, and never for a rolled-back change, to every instance listening on the channel,
 * the announcing one included. Each instance listens on one dedicated connection (PostgreSQL)
 * or through PGlite's own notifications (the embedded database serves one process).
 */
export type Change =
  /** Access tokens revoked: SHA-256 (base64url) of each, as the token cache keys them. */
  | { kind: 'token'; hashes: string[] }
  /** A user inserted, changed or deleted; without `userId` every user of the tenant. */
  | { kind: 'user'; tenantId: string; userId?: string; account?: string }
  | { kind: 'tenant'; id: string }
  /**
   * A tenant's settings of one module changed (`scope` names what the module keeps: `ballot`,
   * its resources under a ballot setting), for a module that keeps a summary of them.
   */
  | { kind: 'settings'; tenantId: string; scope: string }
  /** Anything may have changed (notifications were lost while not listening). */
  | { kind: 'all' };

/** The notification channel (one per database: instances of one deployment share it). */
export const CHANGES_CHANNEL = 'yuyue_changes';
/** PostgreSQL refuses a notification payload of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;
/** Token hashes per notification: 100 x 46 bytes stays well inside the payload limit. */
const HASHES_PER_MESSAGE = 100;

type Handler = (change: Change) => void;
const handlers: Handler[] = [];

/** Registers what a cache forgets on a change (the caches register once, at module load). */
export function onChange(handler: Handler): void {
  handlers.push(handler);
}

/** Applies a change to this process's caches. */
export function applyChange(change: Change): void {
  for (const handler of handlers) handler(change);
}

/** The notification payloads of a change, each within PostgreSQL's limit. */
export function payloadsOf(change: Change): string[] {
  if (change.kind === 'token') {
    const out: string[] = [];
    for (let i = 0; i < change.hashes.length; i += HASHES_PER_MESSAGE) {
      out.push(JSON.stringify({ kind: 'token', hashes: change.hashes.slice(i, i + HASHES_PER_MESSAGE) }));
    }
    return out;
  }
  const payload = JSON.stringify(change);
  if (Buffer.byteLength(payload) <= MAX_PAYLOAD_BYTES) return [payload];
  // only a user's account can make a message long: forget the tenant's users instead
  return [JSON.stringify(change.kind === 'user' ? { kind: 'user', tenantId: change.tenantId } : { kind: 'all' })];
}

/** A received payload as a change; null for anything this version does not understand. */
export function parseChange(payload: string): Change | null {
  let v: unknown;
  try {
    v = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object') return null;
  const m = v as Record<string, unknown>;
  const str = (x: unknown) => typeof x === 'string' && x !== '';
  switch (m.kind) {
    case 'token':
      return Array.isArray(m.hashes) && m.hashes.every(str) ? { kind: 'token', hashes: m.hashes as string[] } : null;
    case 'user':
      if (!str(m.tenantId)) return null;
      return {
        kind: 'user',
        tenantId: m.tenantId as string,
        ...(str(m.userId) ? { userId: m.userId as string } : {}),
        ...(str(m.account) ? { account: m.account as string } : {}),
      };
    case 'tenant':
      return str(m.id) ? { kind: 'tenant', id: m.id as string } : null;
    case 'settings':
      return str(m.tenantId) && str(m.scope)
        ? { kind: 'settings', tenantId: m.tenantId as string, scope: m.scope as string }
        : null;
    case 'all':
      return { kind: 'all' };
    default:
      return null;
  }
}

/**
 * Announces a change made on `executor`. This process forgets at once, so the request that made
 * the change and the next one see it; every instance (this one again, closing the window in
 * which a concurrent request could have kept the row as it was before the commit) forgets when
 * the notification arrives at commit. Outside a transaction, call it after the change.
 */
export async function announce(executor: Executor, change: Change): Promise<void> {
  applyChange(change);
  for (const payload of payloadsOf(change)) {
    await executor.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`);
  }
}

/** The listener's log, and its delays (shorter in tests). */
export interface ListenerOptions {
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** First reconnect delay, ms; doubled per failed attempt up to `maxRetryMs`. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** How often an idle listening connection is checked, ms (a dead peer sends no reset). */
  heartbeatMs?: number;
}

/** A running listener: `stop` ends it; `listening` says whether notifications are arriving. */
export interface ChangeListener {
  stop(): Promise<void>;
  listening(): boolean;
}

/**
 * Starts listening for changes announced by any instance. Resolves once the first attempt to
 * listen has succeeded or failed: a database that does not answer makes it retry, never reject
 * or end the process. While it is not listening the caches' own lifetimes bound how stale they
 * get, and on every (re)start of listening everything kept is forgotten once, since
 * notifications sent meanwhile are lost.
 */
export async function listenForChanges(database: Database, opts: ListenerOptions): Promise<ChangeListener> {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    const unlisten = await client.listen(CHANGES_CHANNEL, receive(opts.log));
    return {
      stop: async () => {
        if (!client.closed) await unlisten().catch(() => undefined);
      },
      listening: () => true,
    };
  }
  if (!(client instanceof pg.Pool)) throw new Error('listenForChanges: neither PGlite nor a node-postgres pool');
  const listener = new PgChangeListener(client.options as pg.ClientConfig, opts);
  await listener.start();
  return listener;
}

function receive(log: ListenerOptions['log']) {
  return (payload: string) => {
    const change = parseChange(payload);
    if (change) applyChange(change);
    else log.warn({ payload: payload.slice(0, 200) }, 'ignored a change notification this version does not read');
  };
}

/**
 * The PostgreSQL listener: one connection of its own (LISTEN holds a session, which a pooled
 * connection cannot), reopened with growing delays whenever it breaks.
 */
class PgChangeListener implements ChangeListener {
  /** The connection listening (null while connecting or broken). */
  private client: pg.Client | null = null;
  /** The connection being opened or in use: a loss of any other is already handled. */
  private current: pg.Client | null = null;
  private stopped = false;
  private retryMs: number;
  private retryTimer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly onPayload: (payload: string) => void;
  private readonly firstRetryMs: number;
  private readonly maxRetryMs: number;
  private readonly heartbeatMs: number;

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly opts: ListenerOptions,
  ) {
    this.firstRetryMs = opts.firstRetryMs ?? 100;
    this.maxRetryMs = opts.maxRetryMs ?? 5_000;
    this.heartbeatMs = opts.heartbeatMs ?? 15_000;
    this.retryMs = this.firstRetryMs;
    this.onPayload = receive(opts.log);
  }

  listening(): boolean {
    return this.client !== null;
  }

  /** One attempt to connect and listen; on failure the next is scheduled. */
  async start(): Promise<void> {
    if (this.stopped) return;
    const c = new pg.Client({ ...this.connection, application_name: 'yuyue-changes' });
    this.current = c;
    // A database restart or a terminated backend arrives as 'error' then 'end'; without the
    // 'error' listener it would end the process.
    c.on('error', (err) => this.drop(c, err));
    c.on('end', () => this.drop(c));
    c.on('notification', (m) => {
      if (m.channel === CHANGES_CHANNEL && m.payload !== undefined) this.onPayload(m.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${CHANGES_CHANNEL}`);
    } catch (err) {
      this.drop(c, err as Error);
      return;
    }
    if (this.current !== c) {
      // lost or stopped while connecting
      void c.end().catch(() => undefined);
      return;
    }
    this.client = c;
    this.retryMs = this.firstRetryMs;
    // What was kept while not listening may have missed a change (and on the first start, what
    // requests kept before it): forgotten once, now that every later change will be heard.
    applyChange({ kind: 'all' });
    this.heartbeat = setInterval(() => void this.check(c), this.heartbeatMs);
    this.heartbeat.unref();
  }

  /** A query on the idle connection, so a peer gone without a reset is noticed. */
  private async check(c: pg.Client): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer to the heartbeat')), this.heartbeatMs);
    });
    try {
      await Promise.race([c.query('select 1'), timeout]);
    } catch (err) {
      this.drop(c, err as Error);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Ends a broken connection and, if it was the one in use, schedules the next attempt. */
  private drop(c: pg.Client, err?: Error): void {
    if (this.current !== c) return; // already dropped: its 'error' and 'end' both arrive
    this.current = null;
    this.client = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    c.removeAllListeners('notification');
    void c.end().catch(() => undefined);
    if (this.stopped) return;
    this.opts.log.warn(
      { err: err?.message, retryInMs: this.retryMs },
      'change notifications interrupted; caches fall back to their lifetimes until listening again',
    );
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, this.maxRetryMs);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.start().then(() => {
        if (this.client) this.opts.log.info('listening for change notifications again');
      });
    }, delay);
    this.retryTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    const c = this.current;
    const listening = this.client === c;
    this.current = null;
    this.client = null;
    if (c) {
      c.removeAllListeners('notification');
      // a connection still being opened is not waited for: closing must not hang on it
      const ended = c.end().catch(() => undefined);
      if (listening) await ended;
    }
  }
}
