import type { FastifyReply, FastifyRequest } from 'fastify';
import { CODE_IMPORT_MAX_BYTES } from '@yuyue/shared';
import { AppError } from '../errors.ts';

/*
 * The HTTP side of spreadsheet import and export (code tables, visitor records, the directory):
 * one uploaded .xlsx read into memory, one .xlsx sent as a download. The routes register
 * @fastify/multipart with `fileSize: CODE_IMPORT_MAX_BYTES`.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Reads the uploaded file (field `file`, at most CODE_IMPORT_MAX_BYTES) into memory; FILE_MISSING or FILE_TOO_LARGE. */
export async function uploadedSpreadsheet(request: FastifyRequest): Promise<Buffer> {
  const tooLarge = () => new AppError('FILE_TOO_LARGE', { maxMb: CODE_IMPORT_MAX_BYTES / 1024 / 1024 });
  let part;
  try {
    part = await request.file();
  } catch (err) {
    const code = (err as { code?: unknown })?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (typeof code === 'string' && code.startsWith('FST_')) throw new AppError('FILE_MISSING');
    throw err;
  }
  if (!part) throw new AppError('FILE_MISSING');
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: unknown })?.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  if (part.file.truncated) throw tooLarge();
  return data;
}

/** Sends `data` as an .xlsx download named `name` (UTF-8 file name, never cached). */
export function sendXlsx(reply: FastifyReply, name: string, data: Buffer) {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store')
    .send(data);
}
