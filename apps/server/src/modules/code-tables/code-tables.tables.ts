import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';

/** A code table (代码表): `yy_campus`, `yy_building`, `yy_floor`... `code` is unique per tenant. */
export const codes = pgTable(
  'codes',
  {
    id: id(),
    tenant_id: tenantId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    name_en: text('name_en').notNull().default(''),
    description: text('description').notNull().default(''),
    order: integer('order').notNull().default(0),
    create_time: createTime(),
  },
  (t) => [uniqueIndex('codes_tenant_code_uq').on(t.tenant_id, t.code), tenantIsolation('codes')],
).enableRLS();

/**
 * An item of a code table. Items form trees inside their table: `item_parent` is the parent's
 * `item_code`; a root stores its own name there (spec 3 "Tree items"). `item_level` is
 * derived from the tree when read, never stored.
 */
export const codeItems = pgTable(
  'code_items',
  {
    id: id(),
    tenant_id: tenantId(),
    codes_id: uuid('codes_id')
      .notNull()
      .references(() => codes.id, { onDelete: 'cascade' }),
    item_code: text('item_code').notNull(),
    item_name: text('item_name').notNull(),
    item_name_en: text('item_name_en').notNull().default(''),
    item_description: text('item_description').notNull().default(''),
    item_index: integer('item_index').notNull().default(0),
    item_parent: text('item_parent').notNull().default(''),
    create_time: createTime(),
  },
  (t) => [
    uniqueIndex('code_items_codes_code_uq').on(t.codes_id, t.item_code),
    index('code_items_tenant_idx').on(t.tenant_id),
    tenantIsolation('code_items'),
  ],
).enableRLS();

/** Geographic location of a code item (a building): one per item. */
export const codeItemLocations = pgTable(
  'code_item_locations',
  {
    id: id(),
    tenant_id: tenantId(),
    code_item_id: uuid('code_item_id')
      .notNull()
      .references(() => codeItems.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    address: text('address').notNull().default(''),
    address_en: text('address_en').notNull().default(''),
    create_time: createTime(),
  },
  (t) => [
    uniqueIndex('code_item_locations_item_uq').on(t.code_item_id),
    check('code_item_locations_lat_ck', sql`${t.latitude} between -90 and 90`),
    check('code_item_locations_lng_ck', sql`${t.longitude} between -180 and 180`),
    tenantIsolation('code_item_locations'),
  ],
).enableRLS();
