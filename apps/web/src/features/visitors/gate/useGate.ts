import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { RequestError } from '../../../lib/graphql.ts';
import { findVisitorGateBundle } from './api/findVisitorGateBundle.ts';
import { recordVisitorEntries } from './api/recordVisitorEntries.ts';
import { Gate, type GateScan, type GateState } from './gate.ts';
import { openGateStore } from './store.ts';

/** The most scans a page lists (newest first). */
const SESSION_SCANS = 50;

/**
 * The gate of a page: its state (bundle, online, queue, last sync), a scan that verifies and
 * records, and the session's scans. The gate starts refreshing when the page shows and stops
 * when it goes.
 */
export function useGate() {
  const [gate] = useState(
    () =>
      new Gate({
        openStore: () => openGateStore(),
        fetchBundle: () => findVisitorGateBundle(),
        send: recordVisitorEntries,
      }),
  );
  useEffect(() => gate.start(), [gate]);
  const state = useSyncExternalStore(gate.subscribe, gate.getState);
  const [scans, setScans] = useState<GateScan[]>([]);
  const [busy, setBusy] = useState(false);
  const [scanError, setScanError] = useState<unknown>(null);

  const scan = useCallback(
    async (text: string, place: string): Promise<GateScan | null> => {
      setBusy(true);
      setScanError(null);
      try {
        const done = await gate.scan(text, place);
        if (done) setScans((list) => [done, ...list].slice(0, SESSION_SCANS));
        return done;
      } catch (err) {
        // the browser's storage failed mid-scan: said on the page, never an unhandled error
        setScanError(err);
        return null;
      } finally {
        setBusy(false);
      }
    },
    [gate],
  );

  return { gate, state, scan, scans, busy, scanError, forbidden: isForbidden(state) };
}

/** Whether the server refused this user the gate's data (no gate right): scanning is then pointless. */
export function isForbidden(state: GateState): boolean {
  return state.bundleError instanceof RequestError && state.bundleError.code === 'FORBIDDEN';
}

/** The message of a failure, in the page's language. */
export function failureText(err: unknown, en: boolean): string {
  if (err instanceof RequestError) return (en ? err.messageEn : err.message) || err.message;
  const message = (err as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : String(err);
}

export type EntryStatus = 'none' | 'queued' | 'recorded' | 'repeat' | 'alreadyRecorded' | 'refused';

/** What became of a scan's entry: not recorded (refused at the gate), waiting, or the server's answer. */
export function entryStatus(
  scan: GateScan,
  state: GateState,
): { status: EntryStatus; reason: string; reasonEn: string } {
  if (!scan.entryKey) return { status: 'none', reason: '', reasonEn: '' };
  const answer = state.answers[scan.entryKey];
  const result = answer?.result;
  if (result === 'recorded' || result === 'repeat' || result === 'alreadyRecorded' || result === 'refused') {
    return { status: result, reason: answer?.reason_cn ?? '', reasonEn: answer?.reason_en ?? '' };
  }
  return { status: 'queued', reason: '', reasonEn: '' };
}
