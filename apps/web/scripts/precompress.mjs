// Writes a brotli (.br) and a gzip (.gz) copy next to each compressible file of the build, so
// the server sends them as they are (@fastify/static `preCompressed`) instead of compressing
// the same bundles again for every browser that loads the app (which held the server's event
// loop for hundreds of milliseconds a page load). Run after `vite build`.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
/** What is worth compressing: text; below this size the headers cost more than they save. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function filesOf(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const p = path.join(dir, entry.name);
    return entry.isDirectory() ? filesOf(p) : [p];
  });
}

async function compress(file) {
  const data = fs.readFileSync(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: 9 }),
  ]);
  // a copy no smaller than the file is not worth sending
  if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
  return { before: data.length, after: Math.min(br.length, data.length) };
}

const started = performance.now();
const files = filesOf(dist).filter((f) => COMPRESSIBLE.test(f) && fs.statSync(f).size >= MIN_BYTES);
let before = 0;
let after = 0;
// a few at a time: zlib runs them on the thread pool
for (let i = 0; i < files.length; i += 4) {
  for (const r of await Promise.all(files.slice(i, i + 4).map(compress))) {
    before += r.before;
    after += r.after;
  }
}
const mb = (n) => (n / 1024 / 1024).toFixed(1);
console.log(
  `precompressed ${files.length} files: ${mb(before)} MB, ${mb(after)} MB as brotli (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
