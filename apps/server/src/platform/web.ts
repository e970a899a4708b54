import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { repoRoot, type Config } from '../config.ts';
import { securityHeaders } from './security-headers.ts';

/** The web app's build output (`npm run build`). */
export const webDist = path.join(repoRoot, 'apps/web/dist');

/** Files of the build served as they are; everything else under the base path is the app. */
const STATIC_FILE = /^(assets\/[\w.-]+|favicon\.svg|silent-renew\.html)$/;

/**
 * index.html with what one build needs to run under this deployment: a <base href> for its
 * relative asset URLs, and the runtime settings (base path, sign-in provider).
 */
export function renderIndex(template: string, config: Config): string {
  const runtime = {
    basePath: config.basePath,
    oidc: {
      clientId: config.oidcClientId,
      ...(config.oidcIssuer ? { authority: config.oidcIssuer } : {}),
    },
  };
  const json = JSON.stringify(runtime).replace(/</g, '\\u003c');
  const head = `<base href="${config.basePath}/" />\n    <script>window.__YUYUE__ = ${json};</script>`;
  return template.replace('<head>', `<head>\n    ${head}`);
}

/**
 * Serves the web app under BASE_PATH: built files with long caching, every other path the
 * app's index.html (client-side routes), `/` redirected to the app.
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: Config,
  dist = webDist,
  /** The origins the app's pages may frame (the settings' external pages); none when omitted. */
  frameOrigins: () => Promise<string[]> = async () => [],
): Promise<void> {
  const base = config.basePath;
  if (base) {
    app.get('/', (_request, reply) => reply.redirect(`${base}/`));
    app.get(base, (_request, reply) => reply.redirect(`${base}/`));
  }
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.get(`${base}/*`, (_request, reply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built: run `npm run build` (npm start does it for you).'),
    );
    return;
  }
  // Re-read when the build changes (`npm run build` while the server runs), else cached.
  let cached = { mtimeMs: -1, html: '', headers: {} as Record<string, string> };
  const index = () => {
    const { mtimeMs } = fs.statSync(indexFile);
    if (mtimeMs !== cached.mtimeMs) {
      const html = renderIndex(fs.readFileSync(indexFile, 'utf8'), config);
      cached = { mtimeMs, html, headers: securityHeaders(config, html) };
    }
    return cached;
  };
  const fileHeaders = securityHeaders(config);
  // The build's bundles come compressed (apps/web/scripts/precompress.mjs): sent as they are, in
  // the best encoding the browser takes; the on-the-fly compression leaves them alone.
  await app.register(fastifyStatic, { root: dist, serve: false, preCompressed: true });
  const serve = async (request: { params: unknown }, reply: import('fastify').FastifyReply) => {
    const rest = ((request.params as Record<string, string>)['*'] ?? '').replace(/^\/+/, '');
    if (STATIC_FILE.test(rest) && fs.existsSync(path.join(dist, rest))) {
      reply.headers(fileHeaders);
      const immutable = rest.startsWith('assets/');
      return reply.sendFile(rest, { maxAge: immutable ? '365d' : 0, immutable });
    }
    // A missing build file is a 404, not the app's page (a script must not get HTML).
    if (rest.startsWith('assets/')) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const page = index();
    const origins = await frameOrigins();
    return reply
      .headers(origins.length ? securityHeaders(config, page.html, origins) : page.headers)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page.html);
  };
  app.get(`${base}/*`, serve);
}
