import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { findSysSettings } from './settings.service.ts';

/** The only `api_type` the settings GET answers (product spec 7). */
const GET_SYS_SETTINGS = 'get_sys_settings';

/**
 * `GET /api/sys/settings?api_type=get_sys_settings` -> `{entities: [{id, manage_setting}]}`.
 * Anonymous callers get their tenant's settings too: the web app needs the name, logo and
 * theme before sign-in.
 */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/sys/settings', async (request) => {
    const apiType = (request.query as Record<string, unknown>).api_type;
    if (apiType !== GET_SYS_SETTINGS) {
      throw new AppError('UNSUPPORTED_API_TYPE', { value: typeof apiType === 'string' ? apiType.slice(0, 50) : '' });
    }
    const ctx = await app.contextFor(request);
    return { entities: [await findSysSettings(ctx)] };
  });
};
