import { gql } from '../../../../lib/graphql.ts';
import type { EntryResult, QueuedEntry } from '../types.ts';

export const recordVisitorEntriesDocument = /* GraphQL */ `
  mutation recordVisitorEntries($entries: [VisitorEntryInput!]!) {
    recordVisitorEntries(entries: $entries) {
      entry_key
      result
      reason_cn
      reason_en
      id
    }
  }
`;

/**
 * Sends queued entries in their serial form (no token, nothing personal); each is stored once per
 * entry_key, so a resend answers 'alreadyRecorded'. An entry decided offline says so
 * (`offline: true`: the server stores it as synced, data_source '3'); one decided online carries
 * no flag.
 */
export async function recordVisitorEntries(entries: readonly QueuedEntry[]): Promise<EntryResult[]> {
  const data = await gql<{ recordVisitorEntries: (EntryResult | null)[] | null }>(
    'apps_yy_sys',
    recordVisitorEntriesDocument,
    {
      entries: entries.map((e) => ({
        entry_key: e.entry_key,
        serial: e.serial,
        arrival_place: e.place,
        arrive_time: e.time,
        ...(e.offline === true ? { offline: true } : {}),
      })),
    },
  );
  return (data.recordVisitorEntries ?? []).filter((r): r is EntryResult => !!r);
}
