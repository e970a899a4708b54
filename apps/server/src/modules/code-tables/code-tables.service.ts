import {
  CODE_IMPORT_MODES,
  CODES_PAGE_MAX,
  codeItemInput,
  codesInput,
  errorTexts,
  formatDateTime,
  locationInput,
  RESULT_FAILED,
  RESULT_OK,
  type CodeImportMode,
} from '@yuyue/shared';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError, FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, sqlState } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseInput } from '../../platform/validation.ts';
import * as repo from './code-tables.repository.ts';
import type { CodeItemFields, CodeItemRow, CodesRow, LocationRecord } from './code-tables.repository.ts';
import { readImportSheet, writeItemsSheet } from './code-tables.excel.ts';
import {
  childrenOf,
  codeItemsQueryOf,
  failedRows,
  isRoot,
  levelsOf,
  planImport,
  storedParent,
  treeOrder,
  wouldCycle,
} from './code-tables.rules.ts';

interface Caller {
  tenant: TenantRef;
  user: AuthUser;
}

function caller(ctx: RequestContext): Caller {
  if (!ctx.tenant || !ctx.user) throw new AppError('UNAUTHENTICATED');
  return { tenant: ctx.tenant, user: ctx.user };
}

/** REST routes are not behind the GraphQL policy table: they check the role here. */
function adminCaller(ctx: RequestContext): Caller {
  const c = caller(ctx);
  if (c.user.role !== 'admin') throw new AppError('FORBIDDEN');
  return c;
}

function zoneOf(ctx: RequestContext): string {
  return ctx.tenant?.timeZone ?? ctx.config.timeZone;
}

/** An id argument: a UUID, else the thing cannot exist. */
function idOf(value: unknown, field: string, missing: () => AppError): string {
  if (value === null || value === undefined || value === '') throw new AppError('REQUIRED', { field });
  if (!isUuid(value)) throw missing();
  return value;
}

async function unique<T>(write: () => Promise<T>, refusal: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (sqlState(err) === UNIQUE_VIOLATION) throw refusal();
    throw err;
  }
}

// ---- Wire shapes ----

export interface WireCodes {
  id: string;
  code: string;
  name: string;
  name_en: string;
  description: string;
  order: number;
  create_time: string;
  items_count: number;
}

export interface WireCodeItem {
  id: string;
  codes_id: string;
  item_code: string;
  item_name: string;
  item_name_en: string;
  item_description: string;
  item_index: number;
  item_level: number;
  item_parent: string;
  create_time: string;
  code: string;
}

function toWireCodes(row: CodesRow & { items_count?: number }, zone: string): WireCodes {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    name_en: row.name_en,
    description: row.description,
    order: row.order,
    create_time: formatDateTime(row.create_time.getTime(), zone),
    items_count: row.items_count ?? 0,
  };
}

function toWireItem(row: CodeItemRow, level: number, code: string, zone: string): WireCodeItem {
  return {
    id: row.id,
    codes_id: row.codes_id,
    item_code: row.item_code,
    item_name: row.item_name,
    item_name_en: row.item_name_en,
    item_description: row.item_description,
    item_index: row.item_index,
    item_level: level,
    item_parent: row.item_parent,
    create_time: formatDateTime(row.create_time.getTime(), zone),
    code,
  };
}

// ---- Code tables ----

/** A page of the tenant's code tables (`findCodesAll`). */
export async function listCodesPage(
  ctx: RequestContext,
  args: { first?: number | null; offset?: number | null; after?: string | null; filter?: unknown },
): Promise<{ rows: WireCodes[]; total: number; offset: number }> {
  const c = caller(ctx);
  const first = args.first && args.first > 0 ? Math.min(args.first, CODES_PAGE_MAX) : 20;
  let offset = args.offset && args.offset > 0 ? args.offset : 0;
  if (!args.offset && args.after) {
    const n = Number(Buffer.from(args.after, 'base64').toString('utf8'));
    if (Number.isInteger(n) && n >= 0) offset = n;
  }
  const raw = (args.filter ?? {}) as { keyword?: unknown; code?: { eq?: unknown; in?: unknown } | null };
  const filter: repo.CodesFilter = {};
  if (typeof raw.keyword === 'string' && raw.keyword.trim()) filter.keyword = raw.keyword.trim().slice(0, 100);
  if (raw.code && typeof raw.code.eq === 'string' && raw.code.eq) filter.code = { eq: raw.code.eq };
  if (raw.code && Array.isArray(raw.code.in)) {
    filter.code = { ...filter.code, in: raw.code.in.filter((v): v is string => typeof v === 'string') };
  }
  const page = await withTenant(ctx.db, c.tenant.id, (tx) =>
    repo.listCodesPage(tx, c.tenant.id, filter, { limit: first, offset }),
  );
  return { rows: page.rows.map((r) => toWireCodes(r, zoneOf(ctx))), total: page.total, offset };
}

/** One code table, or null. */
export async function getCodes(ctx: RequestContext, id: unknown): Promise<WireCodes | null> {
  const c = caller(ctx);
  if (!isUuid(id)) return null;
  return withTenant(ctx.db, c.tenant.id, async (tx) => {
    const row = await repo.findCodes(tx, c.tenant.id, id);
    return row ? toWireCodes({ ...row, items_count: await repo.countItems(tx, c.tenant.id, id) }, zoneOf(ctx)) : null;
  });
}

/** Creates (no id) or updates a code table; returns its id. Codes are unique per tenant. */
export async function saveCodes(ctx: RequestContext, model: unknown, mode: 'save' | 'update'): Promise<string> {
  const c = caller(ctx);
  const input = parseInput(codesInput, model ?? {});
  const fields = {
    code: input.code,
    name: input.name,
    name_en: input.name_en ?? '',
    description: input.description ?? '',
    order: input.order ?? 0,
  };
  const taken = () => new AppError('CODES_CODE_TAKEN', { code: input.code });
  return withTenant(ctx.db, c.tenant.id, async (tx) => {
    let row: CodesRow | undefined;
    if (mode === 'save') {
      row = await unique(() => repo.insertCodes(tx, c.tenant.id, fields), taken);
    } else {
      const id = idOf(input.id, 'id', () => new AppError('CODES_NOT_FOUND'));
      row = await unique(() => repo.updateCodes(tx, c.tenant.id, id, fields), taken);
      if (!row) throw new AppError('CODES_NOT_FOUND');
    }
    await audit(tx, ctx, {
      module: 'code',
      type: mode,
      content: `${mode === 'save' ? '新增' : '修改'}代码表 ${row.code} ${row.name}`,
      object: row.id,
    });
    return row.id;
  });
}

/** Deletes a code table: refused while it has items unless `cascade` is true. */
export async function deleteCodes(ctx: RequestContext, id: unknown, cascade: unknown): Promise<string> {
  const c = caller(ctx);
  const codesId = idOf(id, 'id', () => new AppError('CODES_NOT_FOUND'));
  return withTenant(ctx.db, c.tenant.id, async (tx) => {
    const row = await repo.lockCodes(tx, c.tenant.id, codesId);
    if (!row) throw new AppError('CODES_NOT_FOUND');
    const items = await repo.countItems(tx, c.tenant.id, codesId);
    if (items > 0 && cascade !== true) throw new AppError('CODES_HAS_ITEMS', { count: items });
    await repo.deleteCodes(tx, c.tenant.id, codesId);
    await audit(tx, ctx, {
      module: 'code',
      type: 'delete',
      content: `删除代码表 ${row.code} ${row.name}${items > 0 ? `（连同 ${items} 个代码项）` : ''}`,
      object: row.id,
    });
    return row.id;
  });
}

// ---- Items ----

/** Items table by table (in the tables' order), each table's tree parents first, with derived levels. */
function withLevels(rows: repo.CodeItemWithCodes[], zone: string): WireCodeItem[] {
  const byTable = new Map<string, repo.CodeItemWithCodes[]>();
  for (const r of rows) byTable.set(r.codes_id, [...(byTable.get(r.codes_id) ?? []), r]);
  return [...byTable.values()].flatMap((items) => {
    const levels = levelsOf(items);
    return treeOrder(items).map((r) => toWireItem(r, levels.get(r.item_code) ?? 1, r.codes_code, zone));
  });
}

/** `findCodeItemsAll(code_id, code, item_parent)`: items of the selected tables, optionally one parent's children. */
export async function listCodeItems(
  ctx: RequestContext,
  args: { code_id?: string | null; code?: string | null; item_parent?: string | null },
): Promise<WireCodeItem[]> {
  const c = caller(ctx);
  const query = codeItemsQueryOf(args);
  if (query.codeId && !isUuid(query.codeId)) return [];
  const rows = await withTenant(ctx.db, c.tenant.id, (tx) => repo.listItems(tx, c.tenant.id, query));
  const items = withLevels(rows, zoneOf(ctx));
  return query.parent === undefined ? items : childrenOf(items, query.parent);
}

/** The fields of an item as stored: a root keeps its own name as parent. */
function itemFields(input: ReturnType<typeof codeItemInput.parse>): CodeItemFields {
  return {
    item_code: input.item_code,
    item_name: input.item_name,
    item_name_en: input.item_name_en ?? '',
    item_description: input.item_description ?? '',
    item_index: input.item_index ?? 0,
    item_parent: storedParent(input),
  };
}

/** Creates (no id) or updates an item; returns its id. The parent must be in the same table; no cycles. */
export async function saveCodeItem(ctx: RequestContext, model: unknown, mode: 'save' | 'update'): Promise<string> {
  const c = caller(ctx);
  const input = parseInput(codeItemInput, model ?? {});
  const codesId = idOf(input.codes_id, 'codes_id', () => new AppError('CODES_NOT_FOUND'));
  const fields = itemFields(input);
  const taken = () => new AppError('CODE_ITEM_CODE_TAKEN', { code: input.item_code });
  return withTenant(ctx.db, c.tenant.id, async (tx) => {
    const table = await repo.lockCodes(tx, c.tenant.id, codesId);
    if (!table) throw new AppError('CODES_NOT_FOUND');
    const items = await repo.listItemsOf(tx, c.tenant.id, codesId);
    const current =
      mode === 'update'
        ? items.find((i) => i.id === idOf(input.id, 'id', () => new AppError('CODE_ITEM_NOT_FOUND')))
        : undefined;
    if (mode === 'update' && !current) throw new AppError('CODE_ITEM_NOT_FOUND');
    if (!isRoot(fields)) {
      if (!items.some((i) => i.item_code === fields.item_parent && i.id !== current?.id)) {
        throw new AppError('CODE_ITEM_PARENT_NOT_FOUND', { code: fields.item_parent });
      }
      // With the item's new code in the tree, its parent must not be below it.
      const others = items.filter((i) => i.id !== current?.id);
      const below = current
        ? others.map((i) =>
            !isRoot(i) && i.item_parent === current.item_code ? { ...i, item_parent: fields.item_code } : i,
          )
        : others;
      if (wouldCycle([...below, fields], fields.item_code, fields.item_parent)) throw new AppError('CODE_ITEM_CYCLE');
    }
    let row: CodeItemRow | undefined;
    if (mode === 'save') {
      [row] = await unique(() => repo.insertItems(tx, c.tenant.id, codesId, [fields]), taken);
    } else {
      row = await unique(() => repo.updateItem(tx, c.tenant.id, current!.id, fields), taken);
      if (current!.item_code !== fields.item_code) {
        await repo.reparentChildren(tx, c.tenant.id, codesId, current!.item_code, fields.item_code);
      }
    }
    await audit(tx, ctx, {
      module: 'code',
      type: mode === 'save' ? 'saveItem' : 'updateItem',
      content: `${mode === 'save' ? '新增' : '修改'}代码项 ${table.code}/${fields.item_code} ${fields.item_name}`,
      object: row!.id,
    });
    return row!.id;
  });
}

/** Deletes an item: refused while it has children. Its location goes with it. */
export async function deleteCodeItem(ctx: RequestContext, id: unknown): Promise<string> {
  const c = caller(ctx);
  const itemId = idOf(id, 'id', () => new AppError('CODE_ITEM_NOT_FOUND'));
  return withTenant(ctx.db, c.tenant.id, async (tx) => {
    const item = await repo.findItem(tx, c.tenant.id, itemId);
    if (!item) throw new AppError('CODE_ITEM_NOT_FOUND');
    const table = await repo.lockCodes(tx, c.tenant.id, item.codes_id);
    const items = await repo.listItemsOf(tx, c.tenant.id, item.codes_id);
    if (childrenOf(items, item.item_code).some((i) => i.id !== item.id)) throw new AppError('CODE_ITEM_HAS_CHILDREN');
    await repo.deleteItem(tx, c.tenant.id, itemId);
    await audit(tx, ctx, {
      module: 'code',
      type: 'deleteItem',
      content: `删除代码项 ${table?.code ?? ''}/${item.item_code} ${item.item_name}`,
      object: item.id,
    });
    return item.id;
  });
}

// ---- Import and export ----

export interface ImportReport {
  errcode: string;
  msg: string;
  msg_en: string;
  total: number;
  imported: number;
  errors: { row: number; column: string; msg: string; msg_en: string }[];
}

/** The import mode argument: `all` or `valid`. */
export function importModeOf(value: unknown): CodeImportMode {
  const mode = value === undefined || value === '' ? 'all' : value;
  if (!(CODE_IMPORT_MODES as readonly unknown[]).includes(mode)) throw new AppError('CODE_IMPORT_MODE_INVALID');
  return mode as CodeImportMode;
}

/**
 * Imports items from an .xlsx into a code table, in one transaction: every row is checked
 * (see `planImport`); mode `all` writes nothing when a row is bad, mode `valid` writes the
 * good rows. Rows whose code exists update that item. Answers a per-row report.
 */
export async function importCodeItems(
  ctx: RequestContext,
  codeId: unknown,
  modeArg: unknown,
  data: Buffer,
): Promise<ImportReport> {
  const c = adminCaller(ctx);
  const mode = importModeOf(modeArg);
  const codesId = idOf(codeId, 'codeId', () => new AppError('CODES_NOT_FOUND'));
  const rows = await readImportSheet(data);
  return withTenant(ctx.db, c.tenant.id, async (tx) => {
    const table = await repo.lockCodes(tx, c.tenant.id, codesId);
    if (!table) throw new AppError('CODES_NOT_FOUND');
    const existing = await repo.listItemsOf(tx, c.tenant.id, codesId);
    const plan = planImport(rows, existing, mode);
    const errors = plan.errors.map((e) => {
      const texts = errorTexts(e.code, e.params);
      return { row: e.row, column: e.column, msg: texts.zh, msg_en: texts.en };
    });
    const failed = failedRows(plan.errors);
    if (rows.length === 0) return report('CODE_IMPORT_EMPTY', RESULT_FAILED, plan.total, 0, errors);
    if (plan.valid.length === 0) {
      return report('CODE_IMPORT_FAILED', RESULT_FAILED, plan.total, 0, errors, { failed });
    }
    const imported = await writeImport(tx, c.tenant.id, codesId, existing, plan.valid);
    await audit(tx, ctx, {
      module: 'code',
      type: 'import',
      content: `导入代码表 ${table.code}（${mode}）：共 ${plan.total} 行，导入 ${imported} 行，${failed} 行有错误`,
      object: table.id,
    });
    return failed > 0
      ? report('CODE_IMPORT_PARTIAL', RESULT_OK, plan.total, imported, errors, { imported, failed })
      : report('CODE_IMPORT_DONE', RESULT_OK, plan.total, imported, errors, { imported });
  });
}

function report(
  code: 'CODE_IMPORT_DONE' | 'CODE_IMPORT_PARTIAL' | 'CODE_IMPORT_FAILED' | 'CODE_IMPORT_EMPTY',
  errcode: string,
  total: number,
  imported: number,
  errors: ImportReport['errors'],
  params: Record<string, number> = {},
): ImportReport {
  const texts = errorTexts(code, params);
  return { errcode, msg: texts.zh, msg_en: texts.en, total, imported, errors };
}

/** Writes planned rows: new codes are inserted, known ones updated. Returns how many rows were written. */
async function writeImport(
  tx: Tx,
  tenantId: string,
  codesId: string,
  existing: CodeItemRow[],
  valid: ReturnType<typeof planImport>['valid'],
): Promise<number> {
  const byCode = new Map(existing.map((e) => [e.item_code, e]));
  const inserts: CodeItemFields[] = [];
  for (const { row: _row, ...fields } of valid) {
    const current = byCode.get(fields.item_code);
    if (current) await repo.updateItem(tx, tenantId, current.id, fields);
    else inserts.push(fields);
  }
  for (let i = 0; i < inserts.length; i += 500)
    await repo.insertItems(tx, tenantId, codesId, inserts.slice(i, i + 500));
  return valid.length;
}

/**
 * The items of a code table as an .xlsx (parents first); an empty table, or `template`, gives
 * the template (header rows only).
 */
export async function exportCodeItems(
  ctx: RequestContext,
  codeId: unknown,
  template = false,
): Promise<{ name: string; data: Buffer }> {
  const c = adminCaller(ctx);
  const codesId = idOf(codeId, 'codeId', () => new AppError('CODES_NOT_FOUND'));
  const { table, items } = await withTenant(ctx.db, c.tenant.id, async (tx) => {
    const table = await repo.findCodes(tx, c.tenant.id, codesId);
    if (!table) throw new AppError('CODES_NOT_FOUND');
    return { table, items: await repo.listItemsOf(tx, c.tenant.id, codesId) };
  });
  const rows = (template ? [] : treeOrder(items)).map((i) => ({
    item_code: i.item_code,
    item_name: i.item_name,
    item_name_en: i.item_name_en,
    item_parent: isRoot(i) ? '' : i.item_parent,
    item_description: i.item_description,
    item_index: i.item_index,
  }));
  const name = template ? `${table.code}-template.xlsx` : `${table.code}.xlsx`;
  return { name, data: await writeItemsSheet(table.code, rows) };
}

// ---- Locations ----

export interface WireLocation {
  id: string;
  code_item_id: string;
  latitude: number;
  longitude: number;
  address: string;
  address_en: string;
  create_time: string;
  item_code: string;
  item_name: string;
  item_name_en: string;
  item_parent: string;
  codes_id: string;
  code: string;
}

function toWireLocation(row: LocationRecord, zone: string): WireLocation {
  return {
    id: row.id,
    code_item_id: row.code_item_id,
    latitude: row.latitude,
    longitude: row.longitude,
    address: row.address,
    address_en: row.address_en,
    create_time: formatDateTime(row.create_time.getTime(), zone),
    item_code: row.item.item_code,
    item_name: row.item.item_name,
    item_name_en: row.item.item_name_en,
    item_parent: row.item.item_parent,
    codes_id: row.item.codes_id,
    code: row.codes_code,
  };
}

/** Locations of the tenant's code items, optionally of the tables whose code starts with `code`. */
export async function listLocations(ctx: RequestContext, code: string | null | undefined): Promise<WireLocation[]> {
  const c = caller(ctx);
  const codePrefix = code && code.trim() ? code.trim() : undefined;
  const rows = await withTenant(ctx.db, c.tenant.id, (tx) => repo.listLocations(tx, c.tenant.id, { codePrefix }));
  return rows.map((r) => toWireLocation(r, zoneOf(ctx)));
}

/** Creates or replaces the location of a code item; returns the location's id. */
export async function saveLocation(ctx: RequestContext, model: unknown): Promise<string> {
  const c = caller(ctx);
  const input = parseInput(locationInput, model ?? {});
  const itemId = idOf(input.code_item_id, 'code_item_id', () => new AppError('CODE_ITEM_NOT_FOUND'));
  return withTenant(ctx.db, c.tenant.id, async (tx) => {
    const item = await repo.findItem(tx, c.tenant.id, itemId);
    if (!item) throw new AppError('CODE_ITEM_NOT_FOUND');
    let row;
    try {
      row = await repo.upsertLocation(tx, c.tenant.id, itemId, {
        latitude: input.latitude,
        longitude: input.longitude,
        address: input.address ?? '',
        address_en: input.address_en ?? '',
      });
    } catch (err) {
      if (sqlState(err) === FOREIGN_KEY_VIOLATION) throw new AppError('CODE_ITEM_NOT_FOUND');
      throw err;
    }
    await audit(tx, ctx, {
      module: 'location',
      type: 'save',
      content: `设置 ${item.item_code} ${item.item_name} 的位置：${input.latitude}, ${input.longitude}`,
      object: row.id,
    });
    return row.id;
  });
}

export async function deleteLocation(ctx: RequestContext, id: unknown): Promise<string> {
  const c = caller(ctx);
  const locationId = idOf(id, 'id', () => new AppError('LOCATION_NOT_FOUND'));
  return withTenant(ctx.db, c.tenant.id, async (tx) => {
    const row = await repo.deleteLocation(tx, c.tenant.id, locationId);
    if (!row) throw new AppError('LOCATION_NOT_FOUND');
    await audit(tx, ctx, {
      module: 'location',
      type: 'delete',
      content: `删除位置 ${row.latitude}, ${row.longitude}`,
      object: row.id,
    });
    return row.id;
  });
}
