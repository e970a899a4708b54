import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CODE_IMPORT_MAX_BYTES } from '@yuyue/shared';
import { AppError } from '../../platform/errors.ts';
import { exportCodeItems, importCodeItems } from './code-tables.service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Reads the uploaded file (field `file`, at most CODE_IMPORT_MAX_BYTES) into memory. */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  let part;
  try {
    part = await request.file();
  } catch (err) {
    const code = (err as { code?: unknown })?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('FILE_TOO_LARGE', { maxMb: CODE_IMPORT_MAX_BYTES / 1024 / 1024 });
    if (typeof code === 'string' && code.startsWith('FST_')) throw new AppError('FILE_MISSING');
    throw err;
  }
  if (!part) throw new AppError('FILE_MISSING');
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: unknown })?.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('FILE_TOO_LARGE', { maxMb: CODE_IMPORT_MAX_BYTES / 1024 / 1024 });
    }
    throw err;
  }
  if (part.file.truncated) throw new AppError('FILE_TOO_LARGE', { maxMb: CODE_IMPORT_MAX_BYTES / 1024 / 1024 });
  return data;
}

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
    const data = await uploadedFile(request);
    return importCodeItems(ctx, query.codeId, query.mode, data);
  });

  app.get('/api/code/export', async (request, reply) => {
    const ctx = await app.contextFor(request);
    const query = request.query as Record<string, unknown>;
    const { name, data } = await exportCodeItems(ctx, query.codeId, query.template === '1');
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'no-store')
      .send(data);
  });
};
