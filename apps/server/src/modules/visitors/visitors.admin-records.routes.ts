import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { CODE_IMPORT_MAX_BYTES } from '@yuyue/shared';
import { AppError } from '../../platform/errors.ts';
import { sendXlsx, uploadedSpreadsheet } from '../../platform/files/spreadsheets.ts';
import { readVisitorSheet, visitorTemplate, writeSheet, type SheetColumn } from './visitors.admin-records.excel.ts';
import { VISITOR_IMPORT_LABELS } from './visitors.admin-records.rules.ts';
import * as entries from './visitors.admin-entries.service.ts';
import * as records from './visitors.admin-records.service.ts';

const EXPORT_MAX = 10_000;

/** The filter map of an export from its query string: `<column>=<value>` (eq) and `<column>_like`, `_gte`, `_lte`. */
function filterOf(query: Record<string, unknown>, columns: readonly string[]) {
  const filter: Record<string, Record<string, string>> = {};
  for (const column of columns) {
    for (const [suffix, op] of [
      ['', 'eq'],
      ['_like', 'like'],
      ['_gte', 'gte'],
      ['_lte', 'lte'],
    ] as const) {
      const value = query[`${column}${suffix}`];
      if (typeof value === 'string' && value !== '') (filter[column] ??= {})[op] = value;
    }
  }
  return filter;
}

const RECORD_COLUMNS: SheetColumn[] = [
  { key: 'visitor_name', ...VISITOR_IMPORT_LABELS.visitor_name, en: 'Name' },
  { key: 'phone', ...VISITOR_IMPORT_LABELS.phone, en: 'Mobile phone' },
  { key: 'card_type', ...VISITOR_IMPORT_LABELS.card_type, en: 'ID type' },
  { key: 'card_number', ...VISITOR_IMPORT_LABELS.card_number, width: 24 },
  { key: 'gender', ...VISITOR_IMPORT_LABELS.gender },
  { key: 'email', ...VISITOR_IMPORT_LABELS.email },
  { key: 'unit', ...VISITOR_IMPORT_LABELS.unit, width: 24 },
  { key: 'post', ...VISITOR_IMPORT_LABELS.post },
  { key: 'person_type', ...VISITOR_IMPORT_LABELS.person_type },
  { key: 'is_car', ...VISITOR_IMPORT_LABELS.is_car },
  { key: 'car_product', ...VISITOR_IMPORT_LABELS.car_product },
  { key: 'car_card_number', ...VISITOR_IMPORT_LABELS.car_card_number },
  { key: 'is_valid', zh: '有效(1/0)', en: 'Valid (1/0)' },
  { key: 'data_source', zh: '来源', en: 'Source' },
  { key: 'create_time', zh: '登记时间', en: 'Registered', width: 20 },
  { key: 'remark', ...VISITOR_IMPORT_LABELS.remark, width: 30 },
];

const CAR_COLUMNS: SheetColumn[] = [
  { key: 'in_school_date', zh: '来访日期', en: 'Date', width: 12 },
  { key: 'car_card_number', zh: '车牌号', en: 'Plate number' },
  { key: 'car_product', zh: '车辆品牌', en: 'Car make' },
  { key: 'visitor_name', zh: '访客', en: 'Visitor' },
  { key: 'phone', zh: '手机号', en: 'Mobile phone' },
  { key: 'in_school_area_name', zh: '来访区域', en: 'Areas', width: 30 },
  { key: 'accept_visit_name', zh: '被访人', en: 'Host' },
  { key: 'state_name', zh: '状态', en: 'State' },
];

const ENTRY_COLUMNS: SheetColumn[] = [
  { key: 'arrive_time', zh: '进入时间', en: 'Arrived', width: 20 },
  { key: 'visitor_name', zh: '访客', en: 'Visitor' },
  { key: 'arrival_place_name', zh: '进入地点', en: 'Gate', width: 24 },
  { key: 'data_source_name', zh: '来源', en: 'Source' },
  { key: 'repeat', zh: '重复进入', en: 'Repeat entry' },
  { key: 'recorded_by', zh: '记录人', en: 'Recorded by' },
];

/**
 * REST routes of the visitor records (visitor 'admin' right; gate staff may export cars and
 * entries): `GET /api/visitors/records/template` the import sheet; `POST
 * /api/visitors/records/import` (multipart, field `file`, an .xlsx of at most 2 MB) answers the
 * import report `{errcode, msg, msg_en, total, imported, errors: [{row, field, msg, msg_en}]}`;
 * `GET /api/visitors/records/export[?whole=1&<filter>]`, `/api/visitors/cars/export`,
 * `/api/visitors/entries/export` download .xlsx files (numbers masked unless whole=1, which is
 * written to the operate log). Bearer token or `access_token`.
 */
export const visitorRecordsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: CODE_IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.get('/api/visitors/records/template', async (request, reply) => {
    const ctx = await app.contextFor(request);
    // the same right as the import itself: an empty listing proves it
    await records.listRecords(ctx, { first: 1 });
    return sendXlsx(reply, '访客导入模板 visitor-import-template.xlsx', await visitorTemplate());
  });

  app.post('/api/visitors/records/import', async (request) => {
    const ctx = await app.contextFor(request);
    if (!ctx.user) throw new AppError('UNAUTHENTICATED');
    await records.listRecords(ctx, { first: 1 });
    const { models, rows } = await readVisitorSheet(await uploadedSpreadsheet(request));
    return records.importRecords(ctx, models, rows);
  });

  app.get('/api/visitors/records/export', async (request, reply) => {
    const ctx = await app.contextFor(request);
    const query = request.query as Record<string, unknown>;
    const whole = query.whole === '1';
    const filter = filterOf(query, [
      'visitor_name',
      'phone',
      'card_number',
      'unit',
      'person_type',
      'data_source',
      'is_valid',
      'create_time',
    ]);
    const page = await records.listRecords(ctx, { filter, whole }, EXPORT_MAX);
    if (!whole) await records.auditExport(ctx, '访客记录', page.rows.length, false);
    return sendXlsx(reply, '访客记录 visitors.xlsx', await writeSheet('visitors', RECORD_COLUMNS, page.rows));
  });

  app.get('/api/visitors/cars/export', async (request, reply) => {
    const ctx = await app.contextFor(request);
    const filter = filterOf(request.query as Record<string, unknown>, [
      'in_school_date',
      'in_school_area',
      'car_card_number',
      'state',
    ]);
    const page = await entries.listCars(ctx, { filter }, EXPORT_MAX);
    await records.auditExport(ctx, '访客车辆', page.rows.length, false);
    return sendXlsx(reply, '访客车辆 visitor-cars.xlsx', await writeSheet('cars', CAR_COLUMNS, page.rows));
  });

  app.get('/api/visitors/entries/export', async (request, reply) => {
    const ctx = await app.contextFor(request);
    const filter = filterOf(request.query as Record<string, unknown>, [
      'arrive_time',
      'arrival_place',
      'data_source',
      'visitor_name',
    ]);
    const page = await entries.listEntries(ctx, { filter }, EXPORT_MAX);
    await records.auditExport(ctx, '进校记录', page.rows.length, false);
    const rows = page.rows.map((r) => ({ ...r, repeat: r.repeat ? '是 Yes' : '' }));
    return sendXlsx(reply, '进校记录 visitor-entries.xlsx', await writeSheet('entries', ENTRY_COLUMNS, rows));
  });
};
