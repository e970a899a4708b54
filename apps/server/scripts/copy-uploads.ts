/**
 * Moves a deployment from local-disk uploads to a shared store: copies every recorded file kept
 * under DATA_DIR/uploads into the store STORAGE names (database or s3), tenant by tenant. Run it
 * once on each instance that had its own uploads directory (or once on the shared volume), with
 * the same environment as the server:
 *
 *   DATABASE_URL=... STORAGE=database DATA_DIR=/srv/yuyue/data npx tsx apps/server/scripts/copy-uploads.ts
 *
 * It may run while the servers serve (they read the disk for what the store does not have yet)
 * and again safely. Exits non-zero when a recorded file was found nowhere.
 */
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { listTenants } from '../src/modules/tenants/tenants.repository.ts';
import { copyToSharedStore } from '../src/platform/files/files.copy.ts';
import { configuredStore, LocalDiskStorage, uploadsDir } from '../src/platform/files/storage.ts';

const config = loadConfig();
if (config.storage === 'local') {
  console.error(
    'STORAGE is local: set STORAGE=database or STORAGE=s3 (and its S3_* settings) to copy the files there.',
  );
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
try {
  const tenants = await listTenants(database.db);
  const from = new LocalDiskStorage(uploadsDir(config));
  const report = await copyToSharedStore(
    database.db,
    tenants.map((t) => t.id),
    from,
    configuredStore(config, database.db),
    (line) => console.log(line),
  );
  console.log(
    `${report.copied} copied, ${report.present} already in the ${config.storage} store, ${report.missing.length} missing`,
  );
  process.exitCode = report.missing.length ? 1 : 0;
} finally {
  await database.close();
}
