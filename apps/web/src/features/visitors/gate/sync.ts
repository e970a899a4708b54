import { RequestError } from '../../../lib/graphql.ts';
import type { GateStore } from './store.ts';
import { SETTLED_RESULTS, type EntryResult, type QueuedEntry } from './types.ts';

/** The server takes at most this many entries per call. */
export const SYNC_BATCH = 200;

export type SendEntries = (entries: readonly QueuedEntry[]) => Promise<EntryResult[]>;

/** One sync: the server's answers for the entries it settled, and the failure that stopped it, if any. */
export interface SyncReport {
  results: EntryResult[];
  error: unknown;
  /** Entries still waiting after it. */
  left: number;
}

/**
 * Sends the queue, oldest first, in batches, taking out of it each entry the server answered
 * (recorded, repeat, alreadyRecorded, refused). An entry leaves the queue only after its answer
 * came, and the server stores each entry_key once: an entry sent twice (a resend after a lost
 * answer, a page closed mid-sync, two tabs) lands once. A failed call stops the sync; what it
 * did not settle stays for the next; when the server could not be reached at all, what stays is
 * marked as decided offline (it reaches the server later, as synced).
 */
export async function syncQueue(store: GateStore, send: SendEntries, batch = SYNC_BATCH): Promise<SyncReport> {
  const pending = await store.queued();
  const results: EntryResult[] = [];
  let error: unknown = null;
  for (let i = 0; i < pending.length; i += batch) {
    const chunk = pending.slice(i, i + batch);
    const sent = new Set(chunk.map((e) => e.entry_key));
    let answers: EntryResult[];
    try {
      answers = await send(chunk);
    } catch (err) {
      error = err;
      if (unreachable(err)) await store.markOffline(pending.slice(i).map((e) => e.entry_key));
      break;
    }
    const settled = answers.filter((a) => a.entry_key && sent.has(a.entry_key) && SETTLED_RESULTS.has(a.result ?? ''));
    await store.settle(settled.map((a) => a.entry_key!));
    results.push(...settled);
  }
  return { results, error, left: await store.queuedCount() };
}

/** Whether a failed call never reached the server (no network, or no answer in time). */
export function unreachable(err: unknown): boolean {
  if (err instanceof RequestError) return err.kind === 'network' || err.kind === 'timeout';
  // fetch's own failure (no network)
  return err instanceof TypeError;
}

type LockManagerLike = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

/**
 * Runs `sync` one at a time: in this page (a call during a sync runs once more after it, so an
 * entry queued meanwhile is not left waiting) and across the tabs of this browser (Web Locks,
 * where there are any). Resolves with the report of the run that covered the call.
 */
export function singleFlight(sync: () => Promise<SyncReport>, lockName = 'yy-visitor-gate-sync') {
  let running: Promise<SyncReport> | null = null;
  let again: Promise<SyncReport> | null = null;
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  const run = () => (locks ? locks.request(lockName, sync) : sync());
  return (): Promise<SyncReport> => {
    if (!running) {
      running = run().finally(() => {
        running = null;
      });
      return running;
    }
    again ??= running
      .catch(() => null)
      .then(() => {
        again = null;
        running = run().finally(() => {
          running = null;
        });
        return running;
      });
    return again;
  };
}
