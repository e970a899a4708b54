// Lighthouse mobile performance score of a signed-in page (default /mobile/home): starts the
// server on a fresh data dir, signs in as the demo student in Debian's Chromium, then runs
// Lighthouse's default mobile audit (emulated phone, simulated slow 4G and 4x CPU slowdown)
// on the same browser profile, so the page opens signed in. Prints the score and the metrics.
// Usage: node bench/lighthouse-mobile.mjs [path] [--runs N]   (builds the web app when needed)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { BASE, CHROMIUM, accounts, freePort, root, startServer, stopServer, submitLogin } from '../e2e/lib.mjs';

const args = process.argv.slice(2);
const pagePath = args.find((a) => a.startsWith('/')) ?? '/mobile/home';
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;

spawnSync(process.execPath, ['scripts/build-web.mjs'], { cwd: root, stdio: 'inherit' });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-lighthouse-'));
const port = await freePort();
const debugPort = await freePort();
const app = `http://localhost:${port}`;
const server = await startServer({ port, dataDir: path.join(work, 'data'), logFile: path.join(work, 'server.log') });
const browser = await chromium.launchPersistentContext(path.join(work, 'profile'), {
  executablePath: CHROMIUM,
  headless: true,
  viewport: { width: 390, height: 844 },
  args: [
    `--remote-debugging-port=${debugPort}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});

try {
  const page = await browser.newPage();
  await page.goto(`${app}${BASE}${pagePath}`);
  await submitLogin(page, accounts.student);
  await page.waitForURL((url) => url.pathname === `${BASE}${pagePath}`);
  await page.close();

  const scores = [];
  for (let i = 0; i < runs; i++) {
    const result = await lighthouse(`${app}${BASE}${pagePath}`, {
      port: debugPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Keep the signed-in user (local storage); the HTTP cache is still cleared.
      disableStorageReset: true,
    });
    const { categories, audits } = result.lhr;
    const ms = (id) => Math.round(audits[id].numericValue);
    scores.push(Math.round(categories.performance.score * 100));
    console.log(
      `run ${i + 1}: performance ${scores.at(-1)}  FCP ${ms('first-contentful-paint')} ms  LCP ${ms('largest-contentful-paint')} ms  TBT ${ms('total-blocking-time')} ms  CLS ${audits['cumulative-layout-shift'].numericValue.toFixed(3)}  SI ${ms('speed-index')} ms`,
    );
  }
  scores.sort((a, b) => a - b);
  console.log(`${pagePath}: Lighthouse mobile performance, median of ${runs}: ${scores[Math.floor(runs / 2)]}`);
} finally {
  await browser.close();
  await stopServer(server);
  fs.rmSync(work, { recursive: true, force: true });
}
