import 'fake-indexeddb/auto';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Gate, REFRESH_MS, type GateScan, type GateState } from './gate.ts';
import { openGateStore, type GateStore } from './store.ts';
import { syncQueue } from './sync.ts';
import { RequestError } from '../../../lib/graphql.ts';
import { AREA_EAST, AREA_WEST, fakeEntryServer, makeBundle, makeKey, makePass } from './testing.ts';
import type { QueuedEntry } from './types.ts';
import { entryStatus } from './useGate.ts';
import { verifyAtGate } from './verify.ts';

const NOW = Date.parse('2026-11-27T02:00:00Z'); // 10:00 in Shanghai, a Friday
let dbName = '';
let dbCount = 0;
const opened: GateStore[] = [];

async function open(): Promise<GateStore> {
  const store = await openGateStore(dbName);
  opened.push(store);
  return store;
}

const entry = (n: number, serial = `serial${n}`): QueuedEntry => ({
  entry_key: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  serial,
  place: AREA_EAST,
  time: new Date(NOW + n * 1000).toISOString(),
});

/** Every record of every store of the gate's database, as stored. */
async function everythingStored(): Promise<unknown[]> {
  const store = await open();
  const raw = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(dbName);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error as Error);
  });
  const all: unknown[] = [];
  for (const name of ['queue', 'history', 'bundle']) {
    const values = await new Promise<unknown[]>((resolve) => {
      const req = raw.transaction(name).objectStore(name).getAll();
      req.onsuccess = () => resolve(req.result as unknown[]);
    });
    all.push(...values);
  }
  raw.close();
  store.close();
  return all;
}

beforeEach(() => {
  dbName = `gate-test-${++dbCount}`;
});

afterEach(() => {
  for (const s of opened.splice(0)) s.close();
  vi.useRealTimers();
});

describe('the offline queue', () => {
  it('keeps queued entries across a reload, with nothing but key, serial, place and time', async () => {
    const store = await open();
    await store.enqueue({ ...entry(1), ...({ visitor_name: '张*三', token: 'YV1:ABC' } as object) });
    await store.enqueue(entry(2));
    store.close();

    const again = await open();
    expect(await again.queued()).toEqual([entry(1), entry(2)]);
    expect(await again.queuedCount()).toBe(2);
    for (const record of await everythingStored()) expect(Object.keys(record as object).sort()).not.toContain('token');
  });

  it('forgets history older than the repeat horizon but never a queued entry', async () => {
    const store = await open();
    const old = { ...entry(1), time: new Date(NOW - 8 * 86_400_000).toISOString() };
    await store.enqueue(old);
    await store.enqueue(entry(2));
    await store.prune(NOW);
    expect(await store.entriesOf(old.serial, AREA_EAST)).toEqual([]);
    expect(await store.entriesOf('serial2', AREA_EAST)).toEqual([entry(2)]);
    expect(await store.queuedCount()).toBe(2);
  });
});

describe('syncing the queue exactly once', () => {
  it('settles every entry the server answered and stores each once when it is sent twice', async () => {
    const server = fakeEntryServer();
    const store = await open();
    for (let n = 1; n <= 5; n++) await store.enqueue(entry(n));
    // two syncs racing (two tabs): both send the same entries
    const [a, b] = await Promise.all([
      syncQueue(store, async (e) => server.answer(e)),
      syncQueue(store, async (e) => server.answer(e)),
    ]);
    expect(server.rows.size).toBe(5);
    expect([...a.results, ...b.results].filter((r) => r.result === 'recorded')).toHaveLength(5);
    expect(a.left + b.left).toBe(0);
    expect(await store.queued()).toEqual([]);
  });

  it('keeps what a failed call did not settle, and a resend after a lost answer stores nothing new', async () => {
    const server = fakeEntryServer();
    const store = await open();
    for (let n = 1; n <= 5; n++) await store.enqueue(entry(n));
    let call = 0;
    // batches of 2: the first answered; the second stored by the server but its answer lost; the network then gone
    const flaky = async (entries: readonly QueuedEntry[]) => {
      call++;
      if (call === 1) return server.answer(entries);
      if (call === 2) {
        server.answer(entries);
        throw new Error('connection reset');
      }
      throw new Error('offline');
    };
    const first = await syncQueue(store, flaky, 2);
    expect(first.error).toBeInstanceOf(Error);
    expect(first.left).toBe(3);
    expect((await store.queued()).map((e) => e.serial)).toEqual(['serial3', 'serial4', 'serial5']);
    expect(server.rows.size).toBe(4);

    const second = await syncQueue(store, async (e) => server.answer(e), 2);
    expect(second.error).toBeNull();
    expect(second.results.map((r) => r.result)).toEqual(['alreadyRecorded', 'alreadyRecorded', 'recorded']);
    expect(server.rows.size).toBe(5);
    expect(await store.queuedCount()).toBe(0);
  });

  it('marks what stays queued as decided offline when the server could not be reached, not when it answered an error', async () => {
    const server = fakeEntryServer();
    const store = await open();
    for (let n = 1; n <= 3; n++) await store.enqueue(entry(n));
    const outcomes: ('answer' | 'busy' | 'unreachable')[] = ['answer', 'busy', 'unreachable'];
    const send = async (entries: readonly QueuedEntry[]) => {
      const next = outcomes.shift() ?? 'answer';
      if (next === 'busy') throw new RequestError('busy', 'http', 503);
      if (next === 'unreachable') throw new RequestError('Failed to fetch', 'network');
      return server.answer(entries);
    };
    // batches of 1: the first answered, the second a server error (the server was reached)
    await syncQueue(store, send, 1);
    expect(await store.queued()).toEqual([entry(2), entry(3)]);
    // then the network is gone: what waits was decided offline as far as the server can tell
    await syncQueue(store, send, 1);
    expect(await store.queued()).toEqual([
      { ...entry(2), offline: true },
      { ...entry(3), offline: true },
    ]);
    expect((await syncQueue(store, send)).left).toBe(0);
    expect([...server.rows.values()].map((r) => r.offline ?? false)).toEqual([false, true, true]);
  });

  it('leaves an entry the server did not answer (or answered with something else) in the queue', async () => {
    const store = await open();
    await store.enqueue(entry(1));
    await store.enqueue(entry(2));
    const report = await syncQueue(store, async (e) => [
      { entry_key: e[0]!.entry_key, result: 'refused', reason_cn: '通行证已被撤销。', reason_en: 'revoked', id: null },
      { entry_key: e[1]!.entry_key, result: 'later', reason_cn: null, reason_en: null, id: null },
      { entry_key: 'not-sent', result: 'recorded', reason_cn: null, reason_en: null, id: null },
    ]);
    expect(report.results.map((r) => r.result)).toEqual(['refused']);
    expect((await store.queued()).map((e) => e.serial)).toEqual(['serial2']);
  });
});

describe('verdicts at the gate (no network)', () => {
  const key = makeKey('k1');
  const bundle = makeBundle([key]);

  async function verdict(token: string, place = AREA_EAST, at = NOW, b = bundle) {
    return verifyAtGate(b, await open(), token, place, at);
  }

  it('admits a valid pass, with its masked name, areas and window, in a few ms', async () => {
    const pass = makePass(key, NOW);
    const v = await verdict(pass.token);
    expect(v).toMatchObject({
      result: 'valid',
      admitted: true,
      serial: pass.serial,
      visitorName: '张*三',
      kind: 'visit',
    });
    expect(v.areas.map((a) => a.resources_name)).toEqual(['东门']);
    expect(v.validFrom).toBe((Math.floor(NOW / 1000) - 60) * 1000);
    expect(v.ms).toBeLessThan(200);
  });

  it('accepts a pass signed with an older key the bundle still publishes (rotation)', async () => {
    const old = makeKey('k0');
    const pass = makePass(old, NOW);
    expect((await verdict(pass.token, AREA_EAST, NOW, makeBundle([key, old]))).result).toBe('valid');
    expect((await verdict(pass.token)).result).toBe('forged');
  });

  it('refuses a forged pass, an altered one, and text that is no pass', async () => {
    const intruder = { ...makeKey('k1') };
    const forged = await verdict(makePass(intruder, NOW).token);
    // what a forged pass claims is not shown
    expect(forged).toMatchObject({ result: 'forged', serial: null, visitorName: '', areas: [], validFrom: null });
    const { token } = makePass(key, NOW);
    // one character of the signed part changed
    const i = 12;
    const altered = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
    expect(['forged', 'malformed', 'otherTenant']).toContain((await verdict(altered)).result);
    expect(['forged', 'malformed']).toContain((await verdict(token.slice(0, -3))).result);
    const junk = await verdict('https://example.com/not-a-pass');
    expect(junk).toMatchObject({ result: 'malformed', admitted: false, serial: null });
  });

  it('refuses expired, not yet valid, revoked, wrong-area and other-tenant passes, each with its reason', async () => {
    const expired = makePass(key, NOW, { validFrom: NOW / 1000 - 7200, validTo: NOW / 1000 - 60 });
    const future = makePass(key, NOW, { validFrom: NOW / 1000 + 3600, validTo: NOW / 1000 + 7200 });
    const revoked = makePass(key, NOW);
    const west = makePass(key, NOW, { areaIds: [AREA_WEST] });
    const other = makePass(key, NOW, { tenantKey: 'tenant-b' });
    const withRevoked = makeBundle([key], { revoked: [revoked.serial] });
    const results = {
      expired: (await verdict(expired.token)).result,
      notYet: (await verdict(future.token)).result,
      revoked: (await verdict(revoked.token, AREA_EAST, NOW, withRevoked)).result,
      wrongArea: (await verdict(west.token)).result,
      otherTenant: (await verdict(other.token)).result,
    };
    expect(results).toEqual({
      expired: 'expired',
      notYet: 'notYet',
      revoked: 'revoked',
      wrongArea: 'wrongArea',
      otherTenant: 'otherTenant',
    });
    const v = await verdict(revoked.token, AREA_EAST, NOW, withRevoked);
    expect(v).toMatchObject({
      admitted: false,
      reason_cn: expect.stringContaining('撤销'),
      reason_en: expect.stringMatching(/revoked/i),
    });
  });

  it("keeps a pass's own spaces and drops the line end a hand-held scanner types", async () => {
    const pass = makePass(key, NOW);
    expect((await verdict(`${pass.token}\r\n`)).result).toBe('valid');
  });
});

describe('a gate', () => {
  const key = makeKey('k1');

  function gate(
    options: {
      online?: () => boolean;
      fetchBundle?: () => Promise<ReturnType<typeof makeBundle> | null>;
      now?: () => number;
    } = {},
  ) {
    const server = fakeEntryServer();
    const send = vi.fn(async (entries: readonly QueuedEntry[]) => server.answer(entries));
    let n = 0;
    const g = new Gate({
      openStore: open,
      fetchBundle: options.fetchBundle ?? (async () => makeBundle([key])),
      send,
      now: options.now ?? (() => NOW),
      online: options.online ?? (() => true),
      newKey: () => `entry-${dbName}-${++n}`,
    });
    return { g, server, send };
  }

  it('online: verifies, queues the entry and sends it at once; a second scan at the gate is a repeat', async () => {
    const { g, server } = gate();
    await g.refresh();
    const pass = makePass(key, NOW);
    const first = await g.scan(pass.token, AREA_EAST);
    expect(first?.verdict.result).toBe('valid');
    await waitFor(() => expect(g.getState().queued).toBe(0));
    // verified online: no offline flag
    expect([...server.rows.values()]).toEqual([
      { entry_key: first!.entryKey, serial: pass.serial, place: AREA_EAST, time: new Date(NOW).toISOString() },
    ]);
    expect(g.getState().answers[first!.entryKey!]?.result).toBe('recorded');
    expect(g.getState().lastSync).toBe(NOW);

    const second = await g.scan(pass.token, AREA_EAST);
    expect(second?.verdict.result).toBe('repeat');
    expect(second?.verdict.admitted).toBe(true);
    // another gate is no repeat
    const west = makePass(key, NOW, { areaIds: [AREA_EAST, AREA_WEST] });
    await g.scan(west.token, AREA_EAST);
    expect((await g.scan(west.token, AREA_WEST))?.verdict.result).toBe('valid');
    await waitFor(() => expect(server.rows.size).toBe(4));
  });

  it('a refused pass queues nothing', async () => {
    const { g, send } = gate();
    await g.refresh();
    const scan = await g.scan(makePass(key, NOW, { areaIds: [AREA_WEST] }).token, AREA_EAST);
    expect(scan).toMatchObject({ entryKey: null, verdict: { result: 'wrongArea' } });
    expect(g.getState().queued).toBe(0);
    expect(send).not.toHaveBeenCalled();
  });

  it('offline after a reload: verifies with the cached bundle, queues, and syncs once back online', async () => {
    const first = gate();
    await first.g.refresh();
    await waitFor(() => expect(first.g.getState().ready).toBe(true));

    let online = false;
    const { g, server, send } = gate({
      online: () => online,
      fetchBundle: () => Promise.reject(new Error('offline')),
    });
    const stop = g.start();
    await waitFor(() => expect(g.getState().bundle?.keys[0]?.kid).toBe('k1'));
    const pass = makePass(key, NOW);
    const scan = await g.scan(pass.token, AREA_EAST);
    expect(scan?.verdict.result).toBe('valid');
    expect(g.getState()).toMatchObject({ queued: 1, online: false });
    expect(send).not.toHaveBeenCalled();

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(g.getState().queued).toBe(0));
    expect(server.rows.size).toBe(1);
    // verified without the network: sent as decided offline
    expect([...server.rows.values()]).toEqual([
      {
        entry_key: scan!.entryKey,
        serial: pass.serial,
        place: AREA_EAST,
        time: new Date(NOW).toISOString(),
        offline: true,
      },
    ]);
    expect(g.getState().bundleError).toBeInstanceOf(Error);
    stop();
  });

  it('refreshes the bundle every minute (a revocation reaches the gate)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const pass = makePass(key, NOW);
    let revoked: string[] = [];
    const { g } = gate({ fetchBundle: async () => makeBundle([key], { revoked }) });
    const stop = g.start();
    await vi.waitFor(() => expect(g.getState().bundle).not.toBeNull());
    expect((await g.scan(pass.token, AREA_WEST))?.verdict.result).toBe('wrongArea');
    revoked = [pass.serial];
    vi.advanceTimersByTime(REFRESH_MS);
    await vi.waitFor(() => expect(g.getState().bundle?.revoked).toEqual([pass.serial]));
    expect((await g.scan(pass.token, AREA_EAST))?.verdict.result).toBe('revoked');
    stop();
  });

  it('without any bundle yet it cannot verify', async () => {
    const { g } = gate({ online: () => false, fetchBundle: () => Promise.reject(new Error('offline')) });
    await waitFor(() => expect(g.getState().ready).toBe(true));
    expect(await g.scan(makePass(key, NOW).token, AREA_EAST)).toBeNull();
  });

  it('without IndexedDB it still verifies and sends an admitted entry at once', async () => {
    const server = fakeEntryServer();
    const g = new Gate({
      openStore: () => Promise.reject(new Error('no IndexedDB')),
      fetchBundle: async () => makeBundle([key]),
      send: async (e) => server.answer(e),
      now: () => NOW,
      online: () => true,
      newKey: () => 'direct-1',
    });
    await waitFor(() => expect(g.getState()).toMatchObject({ ready: true, storageFailed: true }));
    await g.refresh();
    const scan = await g.scan(makePass(key, NOW).token, AREA_EAST);
    expect(scan?.verdict.result).toBe('valid');
    await waitFor(() => expect(g.getState().answers['direct-1']?.result).toBe('recorded'));
    expect(server.rows.size).toBe(1);
    await expect(g.sync()).resolves.toMatchObject({ left: 0 });
  });

  it('keeps no name or token in the browser', async () => {
    const { g } = gate({ online: () => false });
    await g.refresh();
    const pass = makePass(key, NOW);
    await g.scan(pass.token, AREA_EAST);
    const stored = await everythingStored();
    const text = JSON.stringify(stored);
    expect(text).toContain(pass.serial);
    // a queued or remembered entry is its key, serial, place, time and the offline flag: nothing else
    for (const record of stored.filter((r) => 'entry_key' in (r as object))) {
      expect(Object.keys(record as object).sort()).toEqual(['entry_key', 'offline', 'place', 'serial', 'time']);
    }
    expect(text).not.toContain('张');
    expect(text).not.toContain(pass.token.slice(4, 40));
  });
});

describe("a scan's entry as the page shows it", () => {
  const scanOf = (entryKey: string | null) =>
    ({ id: 'x', entryKey, place: AREA_EAST, at: NOW, verdict: {} }) as unknown as GateScan;
  const stateWith = (answers: GateState['answers']) => ({ answers }) as GateState;

  it('is not recorded when refused at the gate, waiting until the server answers, then its answer', () => {
    expect(entryStatus(scanOf(null), stateWith({})).status).toBe('none');
    expect(entryStatus(scanOf('k1'), stateWith({})).status).toBe('queued');
    const refused = {
      entry_key: 'k1',
      result: 'refused',
      reason_cn: '通行证已被撤销。',
      reason_en: 'The pass has been revoked.',
      id: null,
    };
    expect(entryStatus(scanOf('k1'), stateWith({ k1: refused }))).toEqual({
      status: 'refused',
      reason: '通行证已被撤销。',
      reasonEn: 'The pass has been revoked.',
    });
    const repeat = { ...refused, result: 'repeat', reason_cn: null, reason_en: null };
    expect(entryStatus(scanOf('k1'), stateWith({ k1: repeat })).status).toBe('repeat');
  });
});
