import { ed25519 } from '@noble/curves/ed25519.js';
import { vi } from 'vitest';
import { assemblePass, base64UrlEncode, encodePass, newPassSerial, type PassFields } from '@yuyue/shared';
import type { GateBundle, EntryResult, QueuedEntry } from './types.ts';

export const TENANT = 'tenant-a';
export const AREA_EAST = '0b6f2c1e-4a5d-4e7f-9a1b-2c3d4e5f6a70';
export const AREA_WEST = '1c7a3d2f-5b6e-4f80-8b2c-3d4e5f6a7b81';

/** A tenant's pass-signing key pair, as the server keeps it (public key base64url). */
export function makeKey(kid = 'k1') {
  const secret = ed25519.utils.randomSecretKey();
  return { kid, secret, public_key: base64UrlEncode(ed25519.getPublicKey(secret)) };
}

/** A signed pass token (an hour-long visit at the east gate, from `now`, unless overridden). */
export function makePass(
  key: ReturnType<typeof makeKey>,
  now: number,
  overrides: Partial<PassFields> = {},
): { token: string; serial: string } {
  const fields: PassFields = {
    kid: key.kid,
    serial: newPassSerial(),
    tenantKey: TENANT,
    kind: 'visit',
    validFrom: Math.floor(now / 1000) - 60,
    validTo: Math.floor(now / 1000) + 3600,
    areaIds: [AREA_EAST],
    visitorName: '张*三',
    ...overrides,
  };
  const { payload, message } = encodePass(fields);
  return { token: assemblePass(payload, ed25519.sign(message, key.secret)), serial: fields.serial };
}

export function makeBundle(
  keys: { kid: string; public_key: string }[],
  overrides: Partial<GateBundle> = {},
): GateBundle {
  return {
    tenant_key: TENANT,
    time_zone: 'Asia/Shanghai',
    keys: keys.map(({ kid, public_key }) => ({ kid, public_key })),
    revoked: [],
    areas: [
      { id: AREA_EAST, resources_name: '东门', resources_name_en: 'East gate' },
      { id: AREA_WEST, resources_name: '西门', resources_name_en: 'West gate' },
    ],
    generated_at: new Date(0).toISOString(),
    fetched_at: 0,
    ...overrides,
  };
}

/**
 * The server's side of recordVisitorEntries as far as the gate can tell: each entry_key stored
 * once (a resend answers 'alreadyRecorded'). `rows`: what it stored, `calls`: the batches sent.
 */
export function fakeEntryServer() {
  const rows = new Map<string, QueuedEntry>();
  const calls: QueuedEntry[][] = [];
  const answer = (entries: readonly QueuedEntry[]): EntryResult[] => {
    calls.push([...entries]);
    return entries.map((e) => {
      const before = rows.has(e.entry_key);
      if (!before) rows.set(e.entry_key, { ...e });
      return {
        entry_key: e.entry_key,
        result: before ? 'alreadyRecorded' : 'recorded',
        reason_cn: null,
        reason_en: null,
        id: `row-${e.entry_key}`,
      };
    });
  };
  return { rows, calls, answer };
}

interface SentEntry {
  entry_key: string;
  serial?: string;
  token?: string;
  arrival_place: string;
  arrive_time: string;
  offline?: boolean;
}

/** Stubs fetch as the server of a gate page: the bundle, and entries stored once per entry_key. */
export function serveGate(gateBundle: GateBundle) {
  const { fetched_at: _fetched, ...bundle } = gateBundle;
  const stored = new Map<string, SentEntry>();
  const sent: SentEntry[][] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { operationName: string; variables: { entries?: SentEntry[] } };
      if (body.operationName === 'findVisitorGateBundle') {
        return new Response(JSON.stringify({ data: { findVisitorGateBundle: bundle } }));
      }
      if (body.operationName === 'recordVisitorEntries') {
        const entries = body.variables.entries ?? [];
        sent.push(entries);
        const answers = entries.map((e) => {
          const before = stored.has(e.entry_key);
          stored.set(e.entry_key, e);
          return {
            entry_key: e.entry_key,
            result: before ? 'alreadyRecorded' : 'recorded',
            reason_cn: null,
            reason_en: null,
            id: 'r1',
          };
        });
        return new Response(JSON.stringify({ data: { recordVisitorEntries: answers } }));
      }
      return new Response(JSON.stringify({ errors: [{ message: `no answer for ${body.operationName}` }] }));
    }),
  );
  return { stored, sent };
}
