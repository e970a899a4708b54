import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { RESULT_FAILED } from '@yuyue/shared';
import { AppError } from '../errors.ts';
import type { RequestContext } from '../context.ts';
import { openFile, tooLarge, uploadFile } from './files.service.ts';
import { contentDisposition } from './files.rules.ts';
import type { FileStorage } from './storage.ts';

export interface FileRoutesOptions {
  storage: FileStorage;
}

const authCodes = new Set(['ACCESS_TOKEN_INVALID', 'UNAUTHENTICATED']);

/** The upload response of a refusal: the original's `{id, uri, errno, error}`, plus `error_en`. */
function uploadRefused(reply: FastifyReply, error: AppError) {
  const { zh, en } = error.texts;
  return reply.code(authCodes.has(error.code) ? 401 : 400).send({ id: '', uri: '', errno: 1, error: zh, error_en: en });
}

/** Errors of the multipart parser as catalogue refusals; null for anything else. */
function multipartError(ctx: RequestContext, err: unknown): AppError | null {
  const code = (err as { code?: unknown })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(ctx);
  if (
    typeof code === 'string' &&
    /^FST_(INVALID_MULTIPART_CONTENT_TYPE|FILES_LIMIT|PARTS_LIMIT|FIELDS_LIMIT)$/.test(code)
  ) {
    return new AppError('FILE_MISSING');
  }
  return null;
}

/**
 * `POST /api/file/upload` (multipart, field `file`; token as `access_token` or Bearer) and
 * `GET /api/file/:id`. Served files carry their recorded type and `nosniff`; only images and
 * PDF are shown inline.
 */
export const fileRoutes: FastifyPluginAsync<FileRoutesOptions> = async (app, { storage }) => {
  await app.register(multipart, {
    limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 10, parts: 11, fieldSize: 4096 },
  });

  app.post('/api/file/upload', async (request, reply) => {
    try {
      const ctx = await app.contextFor(request);
      if (!ctx.user) throw new AppError('UNAUTHENTICATED');
      let part;
      try {
        part = await request.file();
      } catch (err) {
        throw multipartError(ctx, err) ?? err;
      }
      if (!part) throw new AppError('FILE_MISSING');
      const source = part.file;
      const stored = await uploadFile(ctx, storage, {
        fileName: part.filename,
        stream: source,
        truncated: () => source.truncated,
      });
      return { id: stored.id, uri: stored.uri, errno: 0, error: '' };
    } catch (err) {
      if (err instanceof AppError) return uploadRefused(reply, err);
      throw err;
    }
  });

  app.get<{ Params: { id: string } }>('/api/file/:id', async (request, reply) => {
    try {
      const ctx = await app.contextFor(request);
      const file = await openFile(ctx, storage, request.params.id);
      reply
        .header('content-type', file.row.mime_type)
        .header('content-length', String(file.row.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition(file.row.original_name, file.inline))
        .header('cache-control', 'private, max-age=86400');
      if (file.row.mime_type !== 'application/pdf')
        reply.header('content-security-policy', "default-src 'none'; sandbox");
      return reply.send(file.stream);
    } catch (err) {
      if (err instanceof AppError && err.code === 'FILE_NOT_FOUND') {
        const { zh, en } = err.texts;
        return reply.code(404).send({ errcode: RESULT_FAILED, msg: zh, msg_en: en });
      }
      throw err;
    }
  });
};
