// Shared helpers of the browser journeys: the server, the host portal and the browser.
// Journeys live in run.mjs and in e2e/journeys/*.mjs (each exports `journeys`, an array of
// { name, run({ browser, app, portal, track }) }).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const BASE = '/yy-sys';
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The whole run stops here, inside CI's limit (E2E_TIMEOUT, 1140 s). */
export const RUN_DEADLINE_MS = 1_020_000;
export const SERVER_START_MS = 180_000;
/**
 * A journey that takes longer has hung (its steps wait for states, each within STEP_MS or
 * NAVIGATION_MS). The longest (several people, both languages: the ballot's) take about 40 s
 * on a quiet 2-core machine, and up to 2.3 times as long when two shards share a slow one.
 */
export const JOURNEY_MS = 120_000;
export const STEP_MS = 10_000;
/** A request slower than this is named in a failed journey's report. */
const SLOW_REQUEST_MS = 2_000;
const STATIC = /\.(js|css|png|svg|woff2?|ico)$/;

/** What a page still waits for and what was slow, for a failed journey's report. */
export function requestReport(page) {
  const now = Date.now();
  const waiting = [...(page.inFlight?.values() ?? [])]
    .filter((r) => !STATIC.test(r.label))
    .map((r) => `${r.label} for ${now - r.at} ms`);
  return { waiting, slow: page.slowRequests ?? [] };
}
export const NAVIGATION_MS = 20_000;
/** A change's outcome: the mutation, then the list fetched again. */
export const OUTCOME_MS = 20_000;

/** Shards of a full run (run.mjs): each a server, an embedded database and a browser of its own. */
export const DEFAULT_SHARDS = 2;
/**
 * Seconds each journey file took in a full run (2 shards on a busy 2-core machine: 514 s of
 * journeys in all), to balance the shards; a file missing here counts its journeys at the
 * average. Only the balance depends on them: refresh them from a report's `ms` when files grow.
 */
export const JOURNEY_FILE_SECONDS = {
  'accessibility.mjs': 16,
  'ballot-admin.mjs': 43,
  'ballot.mjs': 40,
  'booking-limits.mjs': 36,
  'calendar.mjs': 19,
  'captcha.mjs': 20,
  'catalogue.mjs': 10,
  'checkin.mjs': 9,
  'console-grants.mjs': 24,
  'directory-import.mjs': 6,
  'evaluations.mjs': 6,
  'manage-booking.mjs': 14,
  'manage-checkin.mjs': 15,
  'manage-filters.mjs': 10,
  'manage-home.mjs': 14,
  'manage-resource-admin.mjs': 9,
  'meetings.mjs': 15,
  'mobile-booking.mjs': 13,
  'mobile-register.mjs': 7,
  'pc-booking.mjs': 31,
  'pc-venue.mjs': 8,
  'public-booking.mjs': 6,
  'resource-admins.mjs': 8,
  'run.mjs': 114,
  'sign-out.mjs': 17,
  'visitor-admin-import.mjs': 13,
  'visitor-admin-settings.mjs': 4,
  'visitor-admin-visits.mjs': 13,
  'visitor-apply.mjs': 39,
  'visitor-gate.mjs': 18,
};

export const accounts = {
  student: { account: 'student', password: 'Student@123456', name: '张同学' },
  admin: { account: 'admin', password: 'Admin@123456', name: '系统管理员' },
};

/**
 * The built script holding a source file (`sourceSuffix`, e.g. `areas/public/pages/Error404.tsx`):
 * chunks are named by their hash only, so it is found through the build's source maps.
 */
export function builtChunkOf(sourceSuffix) {
  const dir = path.join(root, 'apps/web/dist/assets');
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.js.map'))) {
    const { sources = [] } = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    if (sources.some((s) => s.endsWith(sourceSuffix))) return file.slice(0, -'.map'.length);
  }
  throw new Error(`no built script holds ${sourceSuffix}`);
}

// --- server and host portal ------------------------------------------------------------------

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The demo tenant's time zone: journeys that book around "now" read the clock there. */
export const TENANT_ZONE = 'Asia/Shanghai';

/** The tenant's wall clock at `ms` (default now): date "YYYY-MM-DD" and minutes since midnight. */
export function wallClock(ms = Date.now()) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: TENANT_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** The date `days` from today as the pages count them (every page's clock reads the tenant's zone), "YYYY-MM-DD". */
export const dateFromToday = (days, ms = Date.now()) => wallClock(ms + days * 86_400_000).date;

/** The first date after today (tenant's zone) that is a Monday to Friday, "YYYY-MM-DD". */
export function nextWorkday(ms = Date.now()) {
  for (let days = 1; ; days++) {
    const { date } = wallClock(ms + days * 86_400_000);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5) return date;
  }
}

/** Minutes since midnight as "HH:mm". */
export const hhmm = (minutes) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Starts `apps/server` on its own port and data directory; resolves once /healthz answers. */
export async function startServer({ port, dataDir, logFile }) {
  const log = fs.openSync(logFile, 'a');
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('OIDC_') || key === 'DATABASE_URL') delete env[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: 'localhost',
      PUBLIC_URL: `http://localhost:${port}`,
      BASE_PATH: BASE,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  let exited = null;
  child.once('exit', (code, signal) => (exited = { code, signal }));
  const deadline = Date.now() + SERVER_START_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server exited (${exited.code ?? exited.signal}) before it was ready`);
    try {
      const res = await fetch(`http://localhost:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /healthz within ${SERVER_START_MS / 1000} s`);
}

export async function stopServer(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  if (await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)])) return;
  child.kill('SIGKILL');
  await exited;
}

/**
 * The host portal of journey (j), as a portal's web server would be: its own pages under
 * /portal/, qiankun from node_modules, and a reverse proxy to Yuyue for everything else, so
 * that portal and sub-application share one origin.
 */
export function startHostPortal(appPort) {
  const files = {
    '/portal/host.js': path.join(root, 'e2e/host/host.js'),
    '/portal/qiankun.js': path.join(root, 'node_modules/qiankun/dist/index.umd.js'),
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://portal');
    if (url.pathname === '/portal' || url.pathname.startsWith('/portal/')) {
      const file = files[url.pathname] ?? path.join(root, 'e2e/host/index.html');
      const type = file.endsWith('.js') ? 'text/javascript' : 'text/html';
      res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
      fs.createReadStream(file).pipe(res);
      return;
    }
    const upstream = http.request(
      { host: 'localhost', port: appPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy error: ${err.message}`);
    });
    req.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

// --- browser helpers -----------------------------------------------------------------------

/**
 * A new browser context with a page that records uncaught errors. Its clock reads the tenant's
 * zone, as a campus machine's would: the pages take "today" from the browser, so elsewhere a
 * booking made for the tenant's today would sit on another day for 8 hours of every day.
 */
export async function openPage(browser, { width = 1366, height = 900 } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'zh-CN', timezoneId: TENANT_ZONE });
  const page = await context.newPage();
  watch(page);
  return { context, page };
}

export function watch(page) {
  page.setDefaultTimeout(STEP_MS);
  page.setDefaultNavigationTimeout(NAVIGATION_MS);
  page.pageErrors = [];
  page.consoleErrors = [];
  page.failedRequests = [];
  page.on('pageerror', (err) => page.pageErrors.push(err.message));
  page.on('console', (msg) => msg.type() === 'error' && page.consoleErrors.push(msg.text()));
  page.on('response', (res) => res.status() >= 400 && page.failedRequests.push(`${res.status()} ${res.url()}`));
  // For a failed journey's report: the requests still waiting for an answer, and the slow ones.
  page.inFlight = new Map();
  page.slowRequests = [];
  const label = (req) => {
    const url = new URL(req.url());
    let op = '';
    try {
      op = req.postDataJSON()?.operationName ?? '';
    } catch {
      // not JSON
    }
    if (!op) op = url.searchParams.get('operationName') ?? '';
    return `${req.method()} ${url.pathname}${op ? ` (${op})` : ''}`;
  };
  page.on('request', (req) => page.inFlight.set(req, { label: label(req), at: Date.now() }));
  const settled = (req) => {
    const started = page.inFlight.get(req);
    page.inFlight.delete(req);
    if (started && Date.now() - started.at >= SLOW_REQUEST_MS && !STATIC.test(started.label))
      page.slowRequests.push(`${started.label} ${Date.now() - started.at} ms`);
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  return page;
}

/** Waits until the page's path is `pathname` (page loads and in-app navigation alike). */
export async function expectPath(page, pathname, timeout = NAVIGATION_MS) {
  try {
    await page.waitForURL((url) => url.pathname === pathname, { timeout, waitUntil: 'commit' });
  } catch {
    throw new Error(`expected to be on ${pathname}, but the page is at ${new URL(page.url()).pathname}`);
  }
}

/** Waits for visible text, with a message that says what was missing and where. */
export async function expectText(page, text, { within = 'body', timeout = STEP_MS } = {}) {
  try {
    await page.locator(within).getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout });
  } catch {
    throw new Error(`"${text}" did not show in ${within} on ${new URL(page.url()).pathname}`);
  }
}

/**
 * Waits for what a change leaves behind (a row's new state, a new row): the mutation and the list
 * fetched again after it, so longer than a step. A refusal shown as an alert in `refusalIn` (the
 * dialog that stays open) is named in the failure. Toasts are no state to wait for: they last 3 s
 * and a busy machine may pass them by.
 */
export async function expectOutcome(page, text, { within = 'body', refusalIn = null } = {}) {
  try {
    await expectText(page, text, { within, timeout: OUTCOME_MS });
  } catch (err) {
    const refusal = refusalIn
      ? await refusalIn
          .getByRole('alert')
          .first()
          .textContent({ timeout: 1000 })
          .catch(() => null)
      : null;
    throw refusal ? new Error(`${err.message}; the dialog says: ${refusal}`) : err;
  }
}

/**
 * A dropdown menu's item, once the menu has finished opening: a click while antd's opening motion
 * has not yet begun (a busy machine) is aimed where the item stands still and then misses it as the
 * motion moves it (a sign-out whose menu stayed open, seen in CI).
 */
export async function menuItem(page, name) {
  await page
    .locator('.ant-dropdown:not(.ant-dropdown-hidden):not([class*="-appear"]):not([class*="-enter"])')
    .getByRole('menuitem', { name })
    .waitFor();
  return page.getByRole('menuitem', { name });
}

/** Fills our login form (built-in provider at /sso); picks the tenant when the page asks. */
export async function submitLogin(page, { account, password, tenant = 'demo' }) {
  await page.waitForURL((url) => url.pathname.startsWith('/sso/interaction/'), { waitUntil: 'domcontentloaded' });
  const select = page.locator('select[name=tenant]');
  if (await select.count()) await select.selectOption(tenant);
  await page.fill('input[name=account]', account);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
}

/** Opens a signed-in page of the app: sent to the login page, signs in, comes back to `path`. */
export async function signInAt(page, app, pathname, who, tenant) {
  await page.goto(`${app}${BASE}${pathname}`);
  await submitLogin(page, { ...who, tenant });
  await expectPath(page, `${BASE}${pathname}`);
}

export function assertNoPageErrors(page) {
  assert.deepEqual(page.pageErrors, [], `uncaught errors in the page: ${page.pageErrors.join('; ')}`);
}

/** Runs a GraphQL operation on /bus/graphql/apps_yy_sys with the signed-in page's access token. */
export async function graphql(page, query, variables = {}) {
  return page.evaluate(
    async ([q, v]) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
      const token = JSON.parse(localStorage.getItem(key)).access_token;
      const res = await fetch('/bus/graphql/apps_yy_sys', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: q, variables: v }),
      });
      return res.json();
    },
    [query, variables],
  );
}

/** Saves and publishes a notice as the signed-in administrator; returns its id. */
export async function publishNotice(page, model) {
  const saved = await graphql(page, 'mutation($m: InputNotice) { saveNotice(model: $m) { errcode msg ids } }', {
    m: model,
  });
  assert.equal(saved.data?.saveNotice?.errcode, '0', JSON.stringify(saved));
  const id = saved.data.saveNotice.ids[0];
  const state = await graphql(
    page,
    'mutation($id: ID, $s: Int) { updateNoticeState(id: $id, state: $s) { errcode } }',
    { id, s: 1 },
  );
  assert.equal(state.data?.updateNoticeState?.errcode, '0', JSON.stringify(state));
  return id;
}

/** The id of the seeded badminton court type (羽毛球场). */
export async function badmintonTypeId(admin) {
  const types = await graphql(admin, '{ findResourcesTypeAllByAccount { id resources_name } }');
  const type = types.data.findResourcesTypeAllByAccount.find((t) => t.resources_name === '羽毛球场');
  assert.ok(type, JSON.stringify(types));
  return type.id;
}

/**
 * A court made by the administrator through the API, with its own rules: twelve one-hour slots
 * 09:00-21:00, bookable `days` days ahead from midnight, no captcha; `extra` adds or overrides
 * fields of the model. Returns its id, name and slot ids by start ("09:00").
 */
export async function makeHourlyCourt(admin, { typeId, name, days = 7, extra = {} }) {
  const pad = (n) => String(n).padStart(2, '0');
  const saved = await graphql(admin, 'mutation($m: InputResources!) { saveResources(model: $m) { errcode msg ids } }', {
    m: {
      resources_name: name,
      resources_name_en: name,
      resources_type_id: typeId,
      available_number: 1,
      capacity: 4,
      rule_source: '0',
      appointment_date_days: days,
      days_rule_refresh_time: '00:00',
      resourcesTimeSlot: Array.from({ length: 12 }, (_, i) => ({
        kssj: `${pad(9 + i)}:00`,
        jssj: `${pad(10 + i)}:00`,
        order: i,
      })),
      ...extra,
    },
  });
  assert.equal(saved.data?.saveResources?.errcode, '0', JSON.stringify(saved));
  const id = saved.data.saveResources.ids[0];
  const found = await graphql(admin, 'query($id: ID!) { findResources(id: $id) { resourcesTimeSlot { id kssj } } }', {
    id,
  });
  const slots = Object.fromEntries(found.data.findResources.resourcesTimeSlot.map((s) => [s.kssj, s.id]));
  return { id, name, slots };
}
