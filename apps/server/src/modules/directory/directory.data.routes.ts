import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CODE_IMPORT_MAX_BYTES } from '@yuyue/shared';
import { AppError } from '../../platform/errors.ts';
import { sendXlsx, uploadedSpreadsheet } from '../../platform/files/spreadsheets.ts';
import { directoryTemplate, readDirectorySheet, writeDirectorySheet } from './directory.data.excel.ts';
import { exportDepartments, exportPosts, exportUsers, userExportFilter } from './directory.data.export.ts';
import { importers } from './directory.data.import.ts';
import { DIRECTORY_KINDS, KIND_WORDS, type DirectoryKind } from './directory.data.rules.ts';
import { tenantAdmin } from './directory.data.service.ts';

function kindOf(request: FastifyRequest): DirectoryKind {
  const kind = (request.params as { kind?: string }).kind ?? '';
  if (!(DIRECTORY_KINDS as readonly string[]).includes(kind)) {
    throw new AppError('DIRECTORY_IMPORT_KIND_INVALID', { kind: kind.slice(0, 40) });
  }
  return kind as DirectoryKind;
}

/**
 * REST routes of the directory's sheets (tenant administrators), `<kind>` one of departments,
 * posts, users: `GET /api/directory/<kind>/template` the import sheet; `POST
 * /api/directory/<kind>/import` (multipart, field `file`, an .xlsx of at most 2 MB) answers
 * the report `{errcode, msg, msg_en, total, imported, created, updated, errors: [{row, field,
 * msg, msg_en}]}`; `GET /api/directory/<kind>/export` an .xlsx in the import's columns (users:
 * `?account=&name=&dept=` narrow it). Bearer token or `access_token`.
 */
export const directoryDataRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: CODE_IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.get('/api/directory/:kind/template', async (request, reply) => {
    const ctx = await app.contextFor(request);
    tenantAdmin(ctx);
    const kind = kindOf(request);
    const words = KIND_WORDS[kind];
    return sendXlsx(reply, `${words.zh}导入模板 ${words.en}-template.xlsx`, await directoryTemplate(kind));
  });

  app.post('/api/directory/:kind/import', async (request) => {
    const ctx = await app.contextFor(request);
    tenantAdmin(ctx);
    const kind = kindOf(request);
    const rows = await readDirectorySheet(kind, await uploadedSpreadsheet(request));
    return importers[kind](ctx, rows);
  });

  app.get('/api/directory/:kind/export', async (request, reply) => {
    const ctx = await app.contextFor(request);
    tenantAdmin(ctx);
    const kind = kindOf(request);
    const rows =
      kind === 'departments'
        ? await exportDepartments(ctx)
        : kind === 'posts'
          ? await exportPosts(ctx)
          : await exportUsers(ctx, userExportFilter(request.query as Record<string, unknown>));
    const words = KIND_WORDS[kind];
    return sendXlsx(reply, `${words.zh} ${words.en}.xlsx`, await writeDirectorySheet(kind, rows));
  });
};
