/** A campus area that takes visitors: a gate stands at one (`arrival_place` is its id). */
export interface GateArea {
  id: string;
  resources_name: string | null;
  resources_name_en: string | null;
  campus_name?: string | null;
  building_name?: string | null;
}

/** A published pass-signing key (raw Ed25519 public key, base64url). */
export interface GateKey {
  kid: string;
  public_key: string;
}

/**
 * What a gate verifies with, without the network (findVisitorGateBundle): the tenant's keys, the
 * revoked serials still inside their window, the areas, the tenant's key and time zone.
 * `fetched_at`: when this device received it (epoch ms).
 */
export interface GateBundle {
  tenant_key: string;
  time_zone: string;
  keys: GateKey[];
  revoked: string[];
  areas: GateArea[];
  generated_at: string;
  fetched_at: number;
}

/**
 * An entry waiting to reach the server: the gate's own id for the scan, the pass's serial, the
 * place (area id) and when it was scanned (ISO 8601). Nothing else: no name, no token.
 * `offline` true: the gate decided it without the network (the browser was offline at the scan,
 * or the server could not be reached when it was first sent), so it reaches the server later
 * from the queue and is stored as synced (data_source '3'). Absent: verified online.
 */
export interface QueuedEntry {
  entry_key: string;
  serial: string;
  place: string;
  time: string;
  offline?: true;
}

/** What the server made of one sent entry (recordVisitorEntries). */
export interface EntryResult {
  entry_key: string | null;
  result: string | null;
  reason_cn: string | null;
  reason_en: string | null;
  id: string | null;
}

/** The server's answers that settle an entry: it leaves the queue (anything else stays and is sent again). */
export const SETTLED_RESULTS: ReadonlySet<string> = new Set(['recorded', 'repeat', 'alreadyRecorded', 'refused']);
