import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';

/** Uploaded files; the bytes live in the storage backend under `storage_key`. */
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
    create_time: createTime(),
  },
  () => [tenantIsolation('files')],
).enableRLS();
