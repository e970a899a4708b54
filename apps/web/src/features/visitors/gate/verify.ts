import { decodePass, passVerdict, verifyPassSignature, type PassKind, type PassVerdictResult } from '@yuyue/shared';
import type { GateStore } from './store.ts';
import type { GateArea, GateBundle } from './types.ts';

/** A gate's verdict on one scan, with what the guard is shown of the pass. */
export interface GateVerdict {
  result: PassVerdictResult;
  reason_cn: string;
  reason_en: string;
  /** Whether the visitor may go in ('valid' or 'repeat'). */
  admitted: boolean;
  /** Read from the pass when it could be read (a malformed one has none). */
  serial: string | null;
  kind: PassKind | null;
  /** Already masked in the pass. */
  visitorName: string;
  /** The pass's areas as this gate knows them (an id it does not know stays an id); empty: every area. */
  areas: GateArea[];
  /** The window, epoch ms (valid_to exclusive). */
  validFrom: number | null;
  validTo: number | null;
  /** Long-term passes: ISO weekdays and daily minutes. */
  weekdays: number[] | null;
  startMinute: number | null;
  endMinute: number | null;
  /** How long the verification took, ms. */
  ms: number;
}

/** Text a hand-held scanner or a paste adds around a code (line ends, tabs); a pass's own spaces stay. */
export function cleanScannedText(text: string): string {
  return text.replace(/^[\r\n\t]+|[\r\n\t]+$/g, '');
}

/** Verdicts on passes whose contents cannot be trusted. */
const UNTRUSTED: ReadonlySet<PassVerdictResult> = new Set(['forged', 'malformed', 'otherTenant']);

const clock = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/**
 * Verifies a scanned pass at `place` and instant `now` with the gate's bundle alone (no network):
 * the signature with the tenant's published keys, the revocation list, the area, the window and
 * hours (the shared rule, `passVerdict`), and a repeat entry from this device's own entries of the
 * pass at this place inside its window.
 */
export async function verifyAtGate(
  bundle: GateBundle,
  store: Pick<GateStore, 'entriesOf'>,
  token: string,
  place: string,
  now: number,
): Promise<GateVerdict> {
  const started = clock();
  const decoded = decodePass(cleanScannedText(token));
  const signatureOk = decoded.ok && verifyPassSignature(decoded, bundle.keys);
  let priorEntry = false;
  if (decoded.ok && signatureOk) {
    const { serial, validFrom, validTo } = decoded.pass;
    const entries = await store.entriesOf(serial, place);
    priorEntry = entries.some((e) => {
      const t = Date.parse(e.time);
      return t >= validFrom * 1000 && t < validTo * 1000 && t <= now;
    });
  }
  const verdict = passVerdict({
    decoded,
    signatureOk,
    tenantKey: bundle.tenant_key,
    place,
    at: now,
    timeZone: bundle.time_zone,
    revoked: new Set(bundle.revoked),
    priorEntry,
  });
  const ms = clock() - started;
  // What an unsigned (or another tenant's) pass claims is not shown: only a signed pass is believed.
  const pass = UNTRUSTED.has(verdict.result) ? undefined : verdict.pass;
  const known = new Map(bundle.areas.map((a) => [a.id.toLowerCase(), a]));
  return {
    result: verdict.result,
    reason_cn: verdict.reason_cn,
    reason_en: verdict.reason_en,
    admitted: verdict.result === 'valid' || verdict.result === 'repeat',
    serial: pass?.serial ?? null,
    kind: pass?.kind ?? null,
    visitorName: pass?.visitorName ?? '',
    areas: (pass?.areaIds ?? []).map((id) => known.get(id) ?? { id, resources_name: id, resources_name_en: id }),
    validFrom: pass ? pass.validFrom * 1000 : null,
    validTo: pass ? pass.validTo * 1000 : null,
    weekdays: pass?.weekdays ?? null,
    startMinute: pass?.startMinute ?? null,
    endMinute: pass?.endMinute ?? null,
    ms,
  };
}
