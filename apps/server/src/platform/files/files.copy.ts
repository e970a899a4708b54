import { withTenant, type Db } from '../../db/client.ts';
import { storageKeysOf } from './files.repository.ts';
import type { FileStorage } from './storage.ts';

/** What `copyToSharedStore` did, file by file. */
export interface CopyReport {
  /** Copied from the disk to the shared store. */
  copied: number;
  /** Already in the shared store (copied by an earlier run, or stored there). */
  present: number;
  /** Recorded but on neither: their bytes were lost before (listed by key). */
  missing: string[];
}

/**
 * Copies the files a deployment kept on the local disk into the shared store it switched to
 * (STORAGE=database or s3), for every file recorded for the given tenants. Runs again safely:
 * what the store already has is left alone. The disk copies are not removed; once `missing`
 * is empty and `copied` is 0 on a second run, the uploads directory can go.
 */
export async function copyToSharedStore(
  db: Db,
  tenantIds: string[],
  from: FileStorage,
  to: FileStorage,
  log: (line: string) => void = () => {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, present: 0, missing: [] };
  for (const tenantId of tenantIds) {
    const keys = await withTenant(db, tenantId, (tx) => storageKeysOf(tx, tenantId));
    for (const key of keys) {
      const existing = await to.get(key);
      if (existing) {
        existing.destroy();
        report.present++;
        continue;
      }
      const source = await from.get(key);
      if (!source) {
        report.missing.push(key);
        log(`missing: ${key} is recorded but has no bytes on the disk`);
        continue;
      }
      const { size } = await to.put(key, source);
      report.copied++;
      log(`copied: ${key} (${size} B)`);
    }
  }
  return report;
}
