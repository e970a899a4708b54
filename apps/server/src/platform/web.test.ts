import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { registerWebApp, renderIndex } from './web.ts';
import { inlineScriptHashes } from './security-headers.ts';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-dist-'));
const template = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>';

beforeAll(() => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), template);
  fs.writeFileSync(path.join(dist, 'assets/main-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'silent-renew.html'), '<p>renew</p>');
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

async function appWith(env: Record<string, string>, dir = dist) {
  const app = Fastify();
  await registerWebApp(app, loadConfig(env), dir);
  return app;
}

describe('serving the web app', () => {
  it('injects the base href and runtime settings, escaping markup', () => {
    // a value no setting accepts today, so that escaping does not rest on validation elsewhere
    const html = renderIndex(template, loadConfig({ BASE_PATH: '/yy-sys' }, { oidcClientId: '</script>' }));
    expect(html).toContain('<base href="/yy-sys/" />');
    expect(html).toContain('"basePath":"/yy-sys"');
    expect(html).not.toContain('</script>"');
    expect(html).toContain('\\u003c/script>');
  });

  it('answers every app route with index.html and redirects / to the app', async () => {
    const app = await appWith({});
    const page = await app.inject('/yy-sys/pc/resources/1/list');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<base href="/yy-sys/" />');
    expect((await app.inject('/')).headers.location).toBe('/yy-sys/');
    expect((await app.inject('/yy-sys')).headers.location).toBe('/yy-sys/');
  });

  it('serves built assets with long caching and nothing outside the build', async () => {
    const app = await appWith({});
    const asset = await app.inject('/yy-sys/assets/main-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    const traversal = await app.inject('/yy-sys/assets/..%2f..%2fetc%2fpasswd');
    expect(traversal.body).not.toContain('root:');
    expect((await app.inject('/yy-sys/silent-renew.html')).body).toBe('<p>renew</p>');
    expect((await app.inject('/yy-sys/assets/missing-123.js')).statusCode).toBe(404);
  });

  it('sends a bundle compressed at build time in the encoding the browser takes, else as it is', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-precompressed-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), template);
    const code = `console.log(${JSON.stringify('x'.repeat(5000))});`;
    fs.writeFileSync(path.join(dir, 'assets/app-1.js'), code);
    fs.writeFileSync(path.join(dir, 'assets/app-1.js.br'), zlib.brotliCompressSync(code));
    fs.writeFileSync(path.join(dir, 'assets/app-1.js.gz'), zlib.gzipSync(code));
    // as app.ts: on-the-fly compression for every route, registered first
    const app = Fastify();
    await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
    await registerWebApp(app, loadConfig({}), dir);
    const get = (encoding?: string) =>
      app.inject({ url: '/yy-sys/assets/app-1.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(code);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(code);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(code);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves a new build without a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-rebuild-'));
    fs.writeFileSync(path.join(dir, 'index.html'), template.replace('<title>x</title>', '<title>old</title>'));
    const app = await appWith({}, dir);
    expect((await app.inject('/yy-sys/pc/home')).body).toContain('<title>old</title>');
    fs.writeFileSync(path.join(dir, 'index.html'), template.replace('<title>x</title>', '<title>new</title>'));
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(dir, 'index.html'), later, later);
    expect((await app.inject('/yy-sys/pc/home')).body).toContain('<title>new</title>');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('follows BASE_PATH', async () => {
    const app = await appWith({ BASE_PATH: '/booking/' });
    expect((await app.inject('/booking/mobile/home')).body).toContain('<base href="/booking/" />');
    expect((await app.inject('/')).headers.location).toBe('/booking/');
  });

  it('says how to build when there is no build', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-empty-'));
    const app = await appWith({}, empty);
    const res = await app.inject('/yy-sys/pc/home');
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    fs.rmSync(empty, { recursive: true, force: true });
  });

  it('sends a content security policy that allows its own inline scripts only, and no framing by others', async () => {
    const app = await appWith({});
    const page = await app.inject('/yy-sys/manage/home');
    const csp = String(page.headers['content-security-policy']);
    // the runtime settings script is the page's one inline script: allowed by its hash, nothing else
    const runtime = /<script>([\s\S]*?)<\/script>/.exec(page.body)![1]!;
    const hash = createHash('sha256').update(runtime).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toMatch(/frame-ancestors 'self'$/);
    expect(csp).toContain("object-src 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const asset = await app.inject('/yy-sys/assets/main-abc123.js');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('lets the host portals of FRAME_ANCESTORS frame the app', async () => {
    const app = await appWith({ FRAME_ANCESTORS: 'https://portal.example.edu, http://localhost:8080/' });
    const page = await app.inject('/yy-sys/pc/home');
    expect(page.headers['content-security-policy']).toContain(
      "frame-ancestors 'self' https://portal.example.edu http://localhost:8080",
    );
    // X-Frame-Options cannot name other origins: left out where CSP names them
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(() => loadConfig({ FRAME_ANCESTORS: 'javascript:alert(1)' })).toThrow(/FRAME_ANCESTORS/);
  });

  it('hashes every inline script and skips scripts with a source', () => {
    const html =
      '<script>a()</script><script type="module" src="./x.js"></script><script>b()</script><script>a()</script>';
    expect(inlineScriptHashes(html)).toHaveLength(2);
  });
});
