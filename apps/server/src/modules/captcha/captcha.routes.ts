import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { checkCaptcha, genCaptcha, submitRecordsWritten } from './captcha.service.ts';

/** The caller's context and token; refused (HTTP 401) without a valid token. */
async function signedIn(app: Parameters<FastifyPluginAsync>[0], request: FastifyRequest) {
  const ctx = await app.contextFor(request);
  const token = bearerToken(request);
  if (!ctx.user || !token) throw new AppError('UNAUTHENTICATED');
  return { ctx, token };
}

/**
 * The slider captcha (api-contract 3), token as `?token=` (or Bearer):
 * `GET|POST /captcha/genCaptcha` -> `{id: "SLIDER_<32 hex>", captcha: {type, backgroundImage
 * (JPEG data URI), templateImage (PNG data URI with alpha), backgroundImageWidth 600,
 * backgroundImageHeight 360, templateImageWidth, templateImageHeight}}`;
 * `POST /captcha/checkCaptcha` with `{id, data: {bgImageWidth, bgImageHeight, startTime,
 * stopTime, trackList: [{x, y, type, t}]}}` -> `{code: 200, msg, msg_en, success: true, data:
 * {captchaId, captchaCode}}`, or `success: false` with code 4001 (wrong slide), 4000 (expired,
 * unknown or already checked), 429 (cool-down, with `retryAfterSeconds` and a Retry-After
 * header) or 400 (unreadable body). genCaptcha during a cool-down answers HTTP 429 with
 * Retry-After and `{errcode: "429", msg, msg_en}` naming when to try again.
 */
export const captchaRoutes: FastifyPluginAsync = async (app) => {
  // Clients post genCaptcha with an empty JSON body too; an unreadable body is answered by checkCaptcha (code 400).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_request, body, done) => {
    const text = String(body).trim();
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(null, null);
    }
  });
  const gen = async (request: FastifyRequest, reply: FastifyReply) => {
    const { ctx, token } = await signedIn(app, request);
    try {
      return await genCaptcha(ctx, token);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'CAPTCHA_COOLING') throw err;
      const { zh, en } = err.texts;
      return reply
        .code(429)
        .header('retry-after', String(err.params.retryAfterSeconds))
        .send({ errcode: '429', msg: zh, msg_en: en });
    }
  };
  app.get('/captcha/genCaptcha', gen);
  app.post('/captcha/genCaptcha', gen);
  app.post('/captcha/checkCaptcha', async (request, reply) => {
    const { ctx, token } = await signedIn(app, request);
    const result = await checkCaptcha(ctx, token, request.body);
    // a cool-down is a refused check like a wrong slide (HTTP 200, clients read `success` and `msg`), with the wait as a header too
    if (result.retryAfterSeconds) reply.header('retry-after', String(result.retryAfterSeconds));
    return result;
  });
  // records of refused submits are written after their transaction: let them land before the database closes
  app.addHook('onClose', async () => submitRecordsWritten());
};
