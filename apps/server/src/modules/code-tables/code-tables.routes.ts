import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { CODE_IMPORT_MAX_BYTES } from '@yuyue/shared';
import { AppError } from '../../platform/errors.ts';
import { sendXlsx, uploadedSpreadsheet } from '../../platform/files/spreadsheets.ts';
import { exportCodeItems, importCodeItems } from './code-tables.service.ts';

/**
 * `POST /api/code/import?codeId=<id>&mode=all|valid` (multipart, field `file`, an .xlsx of at
 * most 2 MB) answers `{errcode, msg, msg_en, total, imported, errors: [{row, column, msg,
 * msg_en}]}`; `GET /api/code/export?codeId=<id>[&template=1]` downloads the table's items as
 * .xlsx (the template, header rows only, when it is empty or `template=1`). Administrators only; Bearer token or `access_token`.
 */
export const codeTablesRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: CODE_IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.post('/api/code/import', async (request) => {
    const ctx = await app.contextFor(request);
    if (!ctx.user) throw new AppError('UNAUTHENTICATED');
    if (ctx.user.role !== 'admin') throw new AppError('FORBIDDEN');
    const query = request.query as Record<string, unknown>;
    const data = await uploadedSpreadsheet(request);
    return importCodeItems(ctx, query.codeId, query.mode, data);
  });

  app.get('/api/code/export', async (request, reply) => {
    const ctx = await app.contextFor(request);
    const query = request.query as Record<string, unknown>;
    const { name, data } = await exportCodeItems(ctx, query.codeId, query.template === '1');
    return sendXlsx(reply, name, data);
  });
};
