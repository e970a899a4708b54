// Initial JavaScript of a page, gzip-compressed: starts the server on a fresh data dir, signs
// in, opens the page in Chromium with an empty cache and adds up the scripts it loaded
// (each gzipped at level 9 from the build). Also says whether antd (the desktop kit) is in them.
// Usage: node bench/web-bundle.mjs   (builds the web app first when needed)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
spawnSync('node', ['scripts/build-web.mjs'], { cwd: root, stdio: 'inherit' });

const port = 3950 + Math.floor(Math.random() * 40);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-bundle-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: base },
  stdio: 'ignore',
});

async function waitUp() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

function hasAntd(file) {
  const map = path.join(dist, `${file}.map`);
  if (!fs.existsSync(map)) return false;
  const sources = JSON.parse(fs.readFileSync(map, 'utf8')).sources ?? [];
  return sources.some((s) => /node_modules\/antd\//.test(s));
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});

async function measure(label, viewport, account, password, pagePath) {
  const signIn = await browser.newContext({ viewport });
  const page = await signIn.newPage();
  await page.goto(`${base}/yy-sys${pagePath}`);
  await page.fill('input[name=account]', account);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
  await page.waitForURL(`${base}/yy-sys${pagePath}`);
  const state = await signIn.storageState();
  await signIn.close();

  // A fresh context (empty HTTP cache) that is already signed in.
  const ctx = await browser.newContext({ viewport, storageState: state });
  const cold = await ctx.newPage();
  const scripts = new Set();
  cold.on('request', (req) => {
    const url = new URL(req.url());
    if (req.resourceType() === 'script' && url.pathname.startsWith('/yy-sys/assets/'))
      scripts.add(url.pathname.slice('/yy-sys/'.length));
  });
  await cold.goto(`${base}/yy-sys${pagePath}`);
  await cold.waitForLoadState('networkidle');
  await ctx.close();
  let gzip = 0;
  let raw = 0;
  let antd = false;
  const rows = [];
  for (const file of scripts) {
    const bytes = fs.readFileSync(path.join(dist, file));
    const gz = zlib.gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gzip += gz;
    antd ||= hasAntd(file);
    rows.push(`    ${(gz / 1024).toFixed(1).padStart(6)} kB  ${file}`);
  }
  console.log(
    `${label}: ${scripts.size} scripts, ${(gzip / 1024).toFixed(1)} kB gzip (${(raw / 1024).toFixed(1)} kB raw), antd ${antd ? 'included' : 'not included'}`,
  );
  if (process.argv.includes('--detail')) console.log(rows.sort().reverse().join('\n'));
}

try {
  await waitUp();
  await measure(
    '/mobile/home (390x844, user)',
    { width: 390, height: 844 },
    'student',
    'Student@123456',
    '/mobile/home',
  );
  await measure(
    '/manage/home (1366x800, admin)',
    { width: 1366, height: 800 },
    'admin',
    'Admin@123456',
    '/manage/home',
  );
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
