import { bigint, boolean, customType, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';

/**
 * Uploaded files; the bytes live in the storage backend under `storage_key`. `purpose` is what
 * the upload was for (files.rules.ts `filePurposes`; '' for files stored before it was kept);
 * `public` files are served to anyone of the tenant, the others only with a token of the tenant
 * or a signed link.
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    tenant_id: tenantId(),
    original_name: text('original_name').notNull(),
    mime_type: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storage_key: text('storage_key').notNull(),
    created_user: text('created_user').notNull().default(''),
    purpose: text('purpose').notNull().default(''),
    public: boolean('public').notNull().default(false),
    create_time: createTime(),
  },
  () => [tenantIsolation('files')],
).enableRLS();

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

/**
 * The bytes of uploaded files when `STORAGE=database`, one row per file (written before its
 * `files` row, so no foreign key). The migration sets `data` to STORAGE EXTERNAL: stored out of
 * line, uncompressed, so a slice is read without reading the whole value.
 */
export const fileBlobs = pgTable(
  'file_blobs',
  {
    tenant_id: tenantId(),
    file_id: uuid('file_id').notNull(),
    data: bytea('data').notNull(),
    create_time: createTime(),
  },
  (t) => [primaryKey({ columns: [t.tenant_id, t.file_id] }), tenantIsolation('file_blobs')],
).enableRLS();
