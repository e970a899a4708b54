import type { GateStore } from './store.ts';
import { singleFlight, syncQueue, type SendEntries, type SyncReport } from './sync.ts';
import type { EntryResult, GateBundle, QueuedEntry } from './types.ts';
import { verifyAtGate, type GateVerdict } from './verify.ts';

/** How often a gate refreshes its bundle and sends its queue while the page is open. */
export const REFRESH_MS = 60_000;

/** One scan at this gate in this session: the verdict, and the entry it queued (admitted passes). */
export interface GateScan {
  /** The entry's key when it was queued; else a key of its own (for lists). */
  id: string;
  entryKey: string | null;
  place: string;
  at: number;
  verdict: GateVerdict;
}

export interface GateState {
  /** The stored bundle and queue are read (until then nothing can be verified). */
  ready: boolean;
  /** The storage could not be opened (a private window without IndexedDB). */
  storageFailed: boolean;
  bundle: GateBundle | null;
  /** The last bundle refresh failed (the cached one, if any, stays in use). */
  bundleError: unknown;
  online: boolean;
  queued: number;
  syncing: boolean;
  /** When the queue was last sent through (epoch ms), or null. */
  lastSync: number | null;
  syncError: unknown;
  /** The server's answers to this session's entries, by entry_key. */
  answers: Readonly<Record<string, EntryResult>>;
}

export interface GateDeps {
  openStore: () => Promise<GateStore>;
  fetchBundle: () => Promise<GateBundle | null>;
  send: SendEntries;
  now?: () => number;
  online?: () => boolean;
  newKey?: () => string;
}

/** Without storage a gate has no history: no repeat entry can be told. */
const NO_HISTORY: Pick<GateStore, 'entriesOf'> = { entriesOf: async () => [] };

/** The last sync time is kept across reloads (a time, nothing personal). */
const LAST_SYNC_KEY = 'yy-visitor-gate-last-sync';

function readLastSync(): number | null {
  try {
    const v = Number(globalThis.localStorage?.getItem(LAST_SYNC_KEY));
    return Number.isFinite(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

function writeLastSync(at: number) {
  try {
    globalThis.localStorage?.setItem(LAST_SYNC_KEY, String(at));
  } catch {
    // storage full or refused: the time shows for this session only
  }
}

/**
 * A gate: verifies passes with the bundle it keeps (works offline), queues each admitted entry
 * and sends the queue whenever it can (at once online, on the 'online' event, every minute).
 * Online and offline scans take one path: queue first, then sync.
 */
export class Gate {
  private state: GateState = {
    ready: false,
    storageFailed: false,
    bundle: null,
    bundleError: null,
    online: true,
    queued: 0,
    syncing: false,
    lastSync: readLastSync(),
    syncError: null,
    answers: {},
  };
  private listeners = new Set<() => void>();
  private readonly store: Promise<GateStore>;
  private readonly now: () => number;
  private readonly isOnline: () => boolean;
  private readonly newKey: () => string;
  private readonly runSync: () => Promise<SyncReport>;
  private refreshing: Promise<void> | null = null;

  constructor(private readonly deps: GateDeps) {
    this.now = deps.now ?? Date.now;
    this.isOnline = deps.online ?? (() => globalThis.navigator?.onLine ?? true);
    this.newKey = deps.newKey ?? (() => globalThis.crypto.randomUUID());
    this.state.online = this.isOnline();
    this.store = deps.openStore();
    this.runSync = singleFlight(() => this.syncOnce());
    void this.store
      .then(async (store) => {
        await store.prune(this.now());
        const [bundle, queued] = await Promise.all([store.bundle(), store.queuedCount()]);
        this.set({ ready: true, bundle: this.state.bundle ?? bundle, queued });
      })
      .catch(() => this.set({ ready: true, storageFailed: true }));
  }

  getState = (): GateState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<GateState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  /**
   * Starts the refreshes: now, on the 'online' event and every minute; follows online/offline.
   * Returns the stop.
   */
  start(): () => void {
    const onOnline = () => {
      this.set({ online: true });
      void this.refreshAndSync();
    };
    const onOffline = () => this.set({ online: false });
    globalThis.addEventListener?.('online', onOnline);
    globalThis.addEventListener?.('offline', onOffline);
    const timer = setInterval(() => {
      this.set({ online: this.isOnline() });
      if (this.state.online) void this.refreshAndSync();
    }, REFRESH_MS);
    void this.refreshAndSync();
    return () => {
      clearInterval(timer);
      globalThis.removeEventListener?.('online', onOnline);
      globalThis.removeEventListener?.('offline', onOffline);
    };
  }

  /** Fetches the bundle and sends the queue (when the browser says it is online). */
  async refreshAndSync(): Promise<void> {
    if (!this.isOnline()) return;
    await Promise.all([this.refresh(), this.sync()]);
  }

  /** Fetches a new bundle and keeps it; on failure the cached one stays in use. */
  refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        const bundle = await this.deps.fetchBundle();
        if (bundle) {
          this.set({ bundle, bundleError: null });
          const store = await this.store.catch(() => null);
          await store?.saveBundle(bundle);
        }
      } catch (err) {
        this.set({ bundleError: err });
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  /** Sends the queue (one sync at a time); resolves when the queue was tried. */
  sync(): Promise<SyncReport> {
    return this.runSync();
  }

  private async syncOnce(): Promise<SyncReport> {
    const store = await this.store.catch(() => null);
    // without storage nothing is queued: entries went straight to the server (see scan)
    if (!store) return { results: [], error: null, left: 0 };
    this.set({ syncing: true });
    try {
      const report = await syncQueue(store, this.deps.send);
      const answers = { ...this.state.answers };
      for (const r of report.results) if (r.entry_key) answers[r.entry_key] = r;
      const at = this.now();
      if (!report.error) writeLastSync(at);
      this.set({
        answers,
        queued: report.left,
        syncError: report.error,
        ...(report.error ? {} : { lastSync: at }),
      });
      return report;
    } finally {
      this.set({ syncing: false });
    }
  }

  /**
   * Verifies a scanned text at `place` now; an admitted pass's entry (serial, place, time, and
   * whether the browser was offline) is queued, then sent if online. Null when there is no bundle
   * yet to verify with.
   */
  async scan(token: string, place: string): Promise<GateScan | null> {
    const bundle = this.state.bundle;
    if (!bundle) return null;
    const store = await this.store.catch(() => null);
    const at = this.now();
    const offline = !this.isOnline();
    const verdict = await verifyAtGate(bundle, store ?? NO_HISTORY, token, place, at);
    let entryKey: string | null = null;
    if (verdict.admitted && verdict.serial) {
      entryKey = this.newKey();
      const entry: QueuedEntry = {
        entry_key: entryKey,
        serial: verdict.serial,
        place,
        time: new Date(at).toISOString(),
        ...(offline ? { offline: true as const } : {}),
      };
      if (store) {
        await store.enqueue(entry);
        this.set({ queued: await store.queuedCount() });
        if (!offline) void this.sync();
      } else {
        // No storage (a browser refusing IndexedDB): nothing can wait offline, so it is sent at once.
        void this.sendDirect(entry);
      }
    }
    return { id: entryKey ?? this.newKey(), entryKey, place, at, verdict };
  }

  private async sendDirect(entry: QueuedEntry): Promise<void> {
    try {
      const answers = await this.deps.send([entry]);
      const mine = answers.filter((a) => a.entry_key === entry.entry_key);
      this.set({ answers: { ...this.state.answers, ...Object.fromEntries(mine.map((a) => [entry.entry_key, a])) } });
    } catch (err) {
      this.set({ syncError: err });
    }
  }
}
