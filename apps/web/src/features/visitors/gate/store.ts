import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { GateBundle, QueuedEntry } from './types.ts';

/**
 * What a gate keeps in the browser (IndexedDB), and only this: the last verification bundle
 * (public keys, revoked serials, areas: nothing personal), the entries waiting for the server, and
 * the recent entries of this device (serial, place and time) to tell a repeat entry. No name, no
 * token, no phone: an entry is its key, serial, place, time and whether it was decided offline.
 */
interface GateDb extends DBSchema {
  bundle: { key: string; value: GateBundle };
  queue: { key: string; value: QueuedEntry };
  history: { key: string; value: QueuedEntry; indexes: { byPass: [string, string]; byTime: string } };
}

export const GATE_DB_NAME = 'yy-visitor-gate';
const BUNDLE_KEY = 'current';

/** How long this device remembers its entries for repeat checks (the server accepts entries up to 7 days old). */
export const HISTORY_DAYS = 7;

export interface GateStore {
  bundle(): Promise<GateBundle | null>;
  saveBundle(bundle: GateBundle): Promise<void>;
  /** Puts a scan in the queue and in the history, together. */
  enqueue(entry: QueuedEntry): Promise<void>;
  /** The entries waiting for the server, oldest first. */
  queued(): Promise<QueuedEntry[]>;
  queuedCount(): Promise<number>;
  /** Marks the named queued entries as decided offline (the server could not be reached). */
  markOffline(entryKeys: readonly string[]): Promise<void>;
  /** Takes the named entries out of the queue (the server answered them). */
  settle(entryKeys: readonly string[]): Promise<void>;
  /** The entries this device recorded of `serial` at `place` (within the history's days). */
  entriesOf(serial: string, place: string): Promise<QueuedEntry[]>;
  /** Forgets history entries older than `HISTORY_DAYS` before `now` (queued ones stay queued). */
  prune(now: number): Promise<void>;
  close(): void;
}

/** Opens the gate's storage (`name`: another database, for tests). */
export async function openGateStore(name = GATE_DB_NAME): Promise<GateStore> {
  const db: IDBPDatabase<GateDb> = await openDB<GateDb>(name, 1, {
    upgrade(database) {
      database.createObjectStore('bundle');
      database.createObjectStore('queue', { keyPath: 'entry_key' });
      const history = database.createObjectStore('history', { keyPath: 'entry_key' });
      history.createIndex('byPass', ['serial', 'place']);
      history.createIndex('byTime', 'time');
    },
  });
  return {
    bundle: async () => (await db.get('bundle', BUNDLE_KEY)) ?? null,
    saveBundle: async (bundle) => {
      await db.put('bundle', bundle, BUNDLE_KEY);
    },
    enqueue: async (entry) => {
      const clean: QueuedEntry = {
        entry_key: entry.entry_key,
        serial: entry.serial,
        place: entry.place,
        time: entry.time,
        ...(entry.offline === true ? { offline: true as const } : {}),
      };
      const tx = db.transaction(['queue', 'history'], 'readwrite');
      await Promise.all([tx.objectStore('queue').put(clean), tx.objectStore('history').put(clean), tx.done]);
    },
    queued: async () => (await db.getAll('queue')).sort((a, b) => a.time.localeCompare(b.time)),
    queuedCount: () => db.count('queue'),
    markOffline: async (entryKeys) => {
      if (!entryKeys.length) return;
      const tx = db.transaction('queue', 'readwrite');
      const mark = async (key: string) => {
        const queued = await tx.store.get(key);
        if (queued && queued.offline !== true) await tx.store.put({ ...queued, offline: true });
      };
      await Promise.all([...entryKeys.map(mark), tx.done]);
    },
    settle: async (entryKeys) => {
      if (!entryKeys.length) return;
      const tx = db.transaction('queue', 'readwrite');
      await Promise.all([...entryKeys.map((key) => tx.store.delete(key)), tx.done]);
    },
    entriesOf: (serial, place) => db.getAllFromIndex('history', 'byPass', [serial, place]),
    prune: async (now) => {
      const before = new Date(now - HISTORY_DAYS * 86_400_000).toISOString();
      const tx = db.transaction('history', 'readwrite');
      let cursor = await tx.store.index('byTime').openCursor(IDBKeyRange.upperBound(before, true));
      while (cursor) {
        await cursor.delete();
        cursor = await cursor.continue();
      }
      await tx.done;
    },
    close: () => db.close(),
  };
}
