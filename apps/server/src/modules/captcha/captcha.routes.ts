import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
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
 * unknown or already checked) or 400 (unreadable body).
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
  const gen = async (request: FastifyRequest) => {
    const { ctx, token } = await signedIn(app, request);
    return genCaptcha(ctx, token);
  };
  app.get('/captcha/genCaptcha', gen);
  app.post('/captcha/genCaptcha', gen);
  app.post('/captcha/checkCaptcha', async (request) => {
    const { ctx, token } = await signedIn(app, request);
    return checkCaptcha(ctx, token, request.body);
  });
  // records of refused submits are written after their transaction: let them land before the database closes
  app.addHook('onClose', async () => submitRecordsWritten());
};
