import { z } from 'zod';

/** Longest code of a code table or of an item. */
export const CODE_MAX = 64;
/** Longest name (zh or en) of a code table or an item. */
export const CODE_NAME_MAX = 100;
/** Longest description of a code table or an item. */
export const CODE_DESCRIPTION_MAX = 500;
/** Largest spreadsheet the code-item import accepts, in bytes. */
export const CODE_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** Most data rows one import handles. */
export const CODE_IMPORT_MAX_ROWS = 5000;
/** Most code tables one `findCodesAll` page returns. */
export const CODES_PAGE_MAX = 200;
/** Longest address (zh or en) of a location. */
export const LOCATION_ADDRESS_MAX = 200;

/** The columns of the import/export spreadsheet, in order; the first row holds these names. */
export const CODE_ITEM_COLUMNS = [
  'item_code',
  'item_name',
  'item_name_en',
  'item_parent',
  'item_description',
  'item_index',
] as const;
export type CodeItemColumn = (typeof CODE_ITEM_COLUMNS)[number];

/** Import modes: `all` imports nothing when a row is bad; `valid` imports the good rows only. */
export const CODE_IMPORT_MODES = ['all', 'valid'] as const;
export type CodeImportMode = (typeof CODE_IMPORT_MODES)[number];

/** A code: letters, digits and `_ - .`, no spaces (URLs and spreadsheets carry it). */
export const codePattern = /^[A-Za-z0-9_.-]+$/;

/** GraphQL passes an explicit null for a field set to null: treat it as absent. */
function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((v) => v ?? undefined);
}

const code = z.string().trim().min(1).max(CODE_MAX).regex(codePattern, 'letters, digits, "_", "-" or "." only');
const name = z.string().trim().min(1).max(CODE_NAME_MAX);
const order = z.number().int().min(-1_000_000).max(1_000_000);

/** `saveCodes(model)` / `updateCodes(model)` (update needs `id`). */
export const codesInput = z.object({
  id: optional(z.string().trim()),
  code,
  name,
  name_en: optional(z.string().trim().max(CODE_NAME_MAX)),
  description: optional(z.string().trim().max(CODE_DESCRIPTION_MAX)),
  order: optional(order),
});
export type CodesInput = z.output<typeof codesInput>;

/**
 * `saveCodeItems(model)` / `updateCodeItems(model)`. `item_parent` is the parent's
 * `item_code`; empty (or the item's own code or name) makes a root.
 */
export const codeItemInput = z.object({
  id: optional(z.string().trim()),
  codes_id: z.string().trim().min(1),
  item_code: code,
  item_name: name,
  item_name_en: optional(z.string().trim().max(CODE_NAME_MAX)),
  item_description: optional(z.string().trim().max(CODE_DESCRIPTION_MAX)),
  item_index: optional(order),
  item_parent: optional(z.string().trim().max(CODE_NAME_MAX)),
});
export type CodeItemInput = z.output<typeof codeItemInput>;

/** `saveLocation(model)`: coordinates (WGS-84 degrees) of a code item (a building). */
export const locationInput = z.object({
  id: optional(z.string().trim()),
  code_item_id: z.string().trim().min(1),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  address: optional(z.string().trim().max(LOCATION_ADDRESS_MAX)),
  address_en: optional(z.string().trim().max(LOCATION_ADDRESS_MAX)),
});
export type LocationInput = z.output<typeof locationInput>;
