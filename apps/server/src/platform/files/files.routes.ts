import { Readable } from 'node:stream';
import multipart, { type Multipart, type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { RESULT_FAILED } from '@yuyue/shared';
import { AppError } from '../errors.ts';
import type { RequestContext } from '../context.ts';
import {
  checkPurpose,
  fileLink,
  openFile,
  tooLarge,
  uploadFile,
  type IncomingFile,
  type MayPublish,
} from './files.service.ts';
import { contentDisposition, filePurposes, parseFilePurpose } from './files.rules.ts';
import type { FileStorage } from './storage.ts';

export interface FileRoutesOptions {
  storage: FileStorage;
  /** Whether the signed-in user may upload public files (see `MayPublish`). */
  mayPublish: MayPublish;
}

const authCodes = new Set(['ACCESS_TOKEN_INVALID', 'UNAUTHENTICATED', 'FILE_SIGN_IN_REQUIRED', 'FILE_LINK_EXPIRED']);

/**
 * HTTP status of a refusal of the file routes: 401 sign-in (or a link that no longer opens),
 * 403 a purpose the user may not upload for, 404 no such file, 503 the store failed, else 400.
 */
function statusOf(error: AppError): number {
  if (authCodes.has(error.code)) return 401;
  if (error.code === 'FILE_PURPOSE_NOT_ALLOWED') return 403;
  if (error.code === 'FILE_NOT_FOUND') return 404;
  if (error.code === 'FILE_STORAGE_UNAVAILABLE') return 503;
  return 400;
}

/**
 * The upload response of a refusal: the original's `{id, uri, errno, error}` (what existing
 * clients read) with `error_en`, and the contract's `errcode/msg/msg_en`, which every other
 * refusal of the API carries.
 */
function uploadRefused(reply: FastifyReply, error: AppError) {
  const { zh, en } = error.texts;
  return reply.code(statusOf(error)).send({
    id: '',
    uri: '',
    errno: 1,
    error: zh,
    error_en: en,
    errcode: error.code === 'ACCESS_TOKEN_INVALID' ? 'ACCESS_TOKEN_INVALID' : RESULT_FAILED,
    msg: zh,
    msg_en: en,
  });
}

/**
 * An error of the multipart parser as a refusal. Every one is the body's fault: not multipart
 * at all, no boundary, cut short, a malformed part header, a second file, too many parts.
 */
function multipartRefusal(ctx: RequestContext, err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(ctx);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('FILE_MISSING');
  if (code === 'FST_FILES_LIMIT') return new AppError('UPLOAD_ONE_FILE');
  ctx.log.info({ reason: (err as Error)?.message ?? String(err) }, 'malformed upload refused');
  return new AppError('UPLOAD_MALFORMED');
}

/**
 * The one file of an upload form, or null when the form has none. Its stream ends only once the
 * whole form is read, so a second file or a body cut short after the file fails the upload
 * before anything is recorded; fields are ignored.
 */
async function uploadedFile(ctx: RequestContext, request: FastifyRequest): Promise<IncomingFile | null> {
  const parts = request.parts()[Symbol.asyncIterator]();
  const next = async (): Promise<Multipart | null> => {
    try {
      const r = await parts.next();
      return r.done ? null : r.value;
    } catch (err) {
      throw multipartRefusal(ctx, err);
    }
  };
  let part: Multipart | null;
  while ((part = await next()) && part.type !== 'file');
  if (!part) return null;
  const file = (part as MultipartFile).file;
  async function* content(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of file) yield chunk as Buffer;
    } catch (err) {
      throw multipartRefusal(ctx, err);
    }
    for (let rest = await next(); rest; rest = await next()) {
      if (rest.type === 'file') throw new AppError('UPLOAD_ONE_FILE');
    }
  }
  return { fileName: part.filename, stream: content(), truncated: () => file.truncated };
}

/** A refusal of a read route in the contract's shape, `{errcode, msg, msg_en}`. */
function readRefused(reply: FastifyReply, error: AppError) {
  const { zh, en } = error.texts;
  const errcode = error.code === 'ACCESS_TOKEN_INVALID' ? 'ACCESS_TOKEN_INVALID' : RESULT_FAILED;
  return reply.code(statusOf(error)).send({ errcode, msg: zh, msg_en: en });
}

const readRefusals = new Set([...authCodes, 'FILE_NOT_FOUND', 'FILE_STORAGE_UNAVAILABLE']);

/**
 * `POST /api/file/upload?purpose=` (multipart, field `file`; token as `access_token` or Bearer),
 * `GET /api/file/:id` (a public file to anyone of the tenant; a private one with a token of the
 * tenant, header or `access_token`, or a signed link `?exp=&sig=`) and `GET /api/file/:id/link`
 * (a signed link for a signed-in user). Served files carry their recorded type, `nosniff` and a
 * sandboxing CSP; only images are shown inline.
 */
export const fileRoutes: FastifyPluginAsync<FileRoutesOptions> = async (app, { storage, mayPublish }) => {
  await app.register(multipart, {
    limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 10, parts: 11, fieldSize: 4096 },
  });

  app.post<{ Querystring: { purpose?: unknown } }>('/api/file/upload', async (request, reply) => {
    try {
      const ctx = await app.contextFor(request);
      if (!ctx.user) throw new AppError('UNAUTHENTICATED');
      const purpose = parseFilePurpose(request.query.purpose);
      if (!purpose) {
        const given = Array.isArray(request.query.purpose) ? request.query.purpose.join(',') : request.query.purpose;
        throw new AppError('FILE_PURPOSE_INVALID', {
          purpose: String(given).slice(0, 40),
          allowed: Object.keys(filePurposes).join(', '),
        });
      }
      await checkPurpose(ctx, purpose, mayPublish);
      const file = await uploadedFile(ctx, request);
      if (!file) throw new AppError('FILE_MISSING');
      const stored = await uploadFile(ctx, storage, file, purpose);
      return { id: stored.id, uri: stored.uri, errno: 0, error: '' };
    } catch (err) {
      if (err instanceof AppError) return uploadRefused(reply, err);
      throw err;
    }
  });

  app.get<{ Params: { id: string } }>('/api/file/:id/link', async (request, reply) => {
    try {
      const ctx = await app.contextFor(request);
      return await fileLink(ctx, request.params.id);
    } catch (err) {
      if (err instanceof AppError && readRefusals.has(err.code)) return readRefused(reply, err);
      throw err;
    }
  });

  app.get<{ Params: { id: string }; Querystring: { exp?: unknown; sig?: unknown } }>(
    '/api/file/:id',
    async (request, reply) => {
      try {
        const ctx = await app.contextFor(request);
        const file = await openFile(ctx, storage, request.params.id, request.query);
        reply
          .header('content-type', file.row.mime_type)
          .header('content-length', String(file.row.size))
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', contentDisposition(file.row.original_name, file.inline))
          // A private file is reached through links that expire: the browser keeps it no longer.
          .header('cache-control', file.row.public ? 'private, max-age=86400' : 'private, max-age=600')
          // Every file, PDFs too: nothing served here runs script or loads anything in our origin.
          .header('content-security-policy', "default-src 'none'; sandbox");
        if (request.method === 'HEAD') {
          // Fastify would read the whole file to discard it (a full S3 download): stop it here.
          file.stream.destroy();
          return reply.send(Readable.from([]));
        }
        return reply.send(file.stream);
      } catch (err) {
        if (err instanceof AppError && readRefusals.has(err.code)) return readRefused(reply, err);
        throw err;
      }
    },
  );
};
