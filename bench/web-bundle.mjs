// Initial JavaScript of a page, gzip-compressed: starts the server on a fresh data dir, signs
// in, opens the page in Chromium with an empty cache and adds up the scripts it loaded
// (each gzipped at level 9 from the build). Also says whether antd (the desktop kit) is in them.
// Measures every /mobile route that has a page (read from areas/mobile/paths.ts; the ids in its
// path are a demo resource, a booking and a notice the script makes first), a few /pc pages (to
// see that splitting for the phone does not cost the desktop) and /manage/home.
// Usage: node bench/web-bundle.mjs [--detail] [--only text]   (builds the web app first when needed)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { graphql as apiCall } from '../e2e/lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const detail = process.argv.includes('--detail');
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : null;
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
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/** The sources a built file was made from (its source map's), as paths from the web app or packages. */
function sourcesOf(file) {
  const map = path.join(dist, `${file}.map`);
  if (!fs.existsSync(map)) return [];
  return (JSON.parse(fs.readFileSync(map, 'utf8')).sources ?? []).map((s) => s.replace(/^(\.\.\/)+/, ''));
}

function hasAntd(file) {
  return sourcesOf(file).some((s) => /node_modules\/antd\//.test(s));
}

/** What a file holds, for --detail (chunk names are hashes only): its packages and app modules, shortened. */
function contentsOf(file) {
  const names = new Set();
  for (const s of sourcesOf(file)) {
    const pkg = /node_modules\/((@[^/]+\/)?[^/]+)\/(es\/components\/([^/]+)\/)?/.exec(s);
    names.add(pkg ? (pkg[4] ? `${pkg[1]}:${pkg[4]}` : pkg[1]) : s.replace(/^(apps\/web\/)?src\//, ''));
  }
  const list = [...names];
  return list.length > 4 ? `${list.slice(0, 4).join(', ')} +${list.length - 4}` : list.join(', ');
}

/** The /mobile routes that have a page, as written in areas/mobile/paths.ts (`path: '…'` … `page:`). */
function mobilePagePaths() {
  const source = fs.readFileSync(path.join(root, 'apps/web/src/areas/mobile/paths.ts'), 'utf8');
  const list = source.slice(source.indexOf('mobileRoutes'), source.indexOf('mobilePaths ='));
  return list
    .split(/\{\s*path: /)
    .slice(1)
    .filter((entry) => /\bpage:/.test(entry))
    .map((entry) => /^'([^']+)'/.exec(entry)[1]);
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

/** Signs in through the login page; returns the signed-in storage state and a page to call the API from. */
async function signIn(viewport, account, password, pagePath) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${base}/yy-sys${pagePath}`);
  await page.fill('input[name=account]', account);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
  await page.waitForURL(`${base}/yy-sys${pagePath}`);
  return { context, page, state: await context.storageState() };
}

/** A GraphQL call with the signed-in page's access token (e2e/lib.mjs's); its data, or it throws. */
async function graphql(page, query, variables = {}) {
  const body = await apiCall(page, query, variables);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** "YYYY-MM-DD" of the next weekday in the demo tenant's zone (Asia/Shanghai). */
function nextWeekday() {
  for (let d = 1; d <= 7; d++) {
    const day = new Date(Date.now() + 8 * 3_600_000 + d * 86_400_000);
    if (day.getUTCDay() >= 1 && day.getUTCDay() <= 5) return day.toISOString().slice(0, 10);
  }
  throw new Error('no weekday ahead');
}

/**
 * What the pages' ids stand for: the demo meeting room (a free-time resource), a booking of it
 * by the student, a published notice. Also the time-choice draft the application form reads.
 */
async function makeData(student, admin) {
  const found = await graphql(
    student,
    '{ findResourcesAllByAccount(first: 100, offset: 0) { id resources_name need_approve time_slot_rule } }',
  );
  const room = found.findResourcesAllByAccount.find((r) => r.need_approve === '1' && r.time_slot_rule === '2');
  const date = nextWeekday();
  const saved = await graphql(
    student,
    `
      mutation ($m: InputAppointmentInformation!) {
        saveAppointmentInformationAll(model: $m) {
          code
          messages
          appointmentId
        }
      }
    `,
    {
      m: {
        resources_id: room.id,
        appointment_date: date,
        start_time: '15:00',
        end_time: '15:30',
        theme: 'bundle',
        phone: '13800000000',
        person_times: 1,
        state: 0,
      },
    },
  );
  // Without a booking the pages of one are skipped (and say so) rather than the whole run.
  const appointment = saved.saveAppointmentInformationAll.appointmentId ?? null;
  if (!appointment) console.log(`no booking for the booking pages: ${JSON.stringify(saved)}`);
  const notice = await graphql(admin, 'mutation($m: InputNotice) { saveNotice(model: $m) { errcode ids } }', {
    m: { note_category: '1', title: 'bundle', content: '<p>bundle</p>' },
  });
  const noticeId = notice.saveNotice.ids[0];
  await graphql(admin, 'mutation($id: ID, $s: Int) { updateNoticeState(id: $id, state: $s) { errcode } }', {
    id: noticeId,
    s: 1,
  });
  const draft = {
    resourceId: room.id,
    mode: 'normal',
    date,
    slots: [],
    startTime: '16:00',
    endTime: '16:30',
    series: null,
    seriesCommit: 'all',
    summary: null,
  };
  return { resource: room.id, appointment, notice: noticeId, draft };
}

/** A route's path with its ids filled in, or null when the script has nothing for a parameter. */
function fillPath(route, data) {
  const byRoute = {
    'appointmentDetail/:type/:id': { type: 'progress', id: data.appointment },
    'evaluate/:appointmentId': { appointmentId: data.appointment },
    'checkAppointment/:id': { id: data.appointment },
    'chooseAnotherTime/:id/:appId': { id: data.resource, appId: data.appointment },
    'announcementDetail/:id': { id: data.notice },
  };
  const values = byRoute[route] ?? { id: data.resource };
  let missing = false;
  const filled = route.replace(/:(\w+)/g, (_, name) => values[name] ?? ((missing = true), ''));
  return missing ? null : filled;
}

async function measure(label, viewport, state, pagePath, draft) {
  // A fresh context (empty HTTP cache) that is already signed in.
  const ctx = await browser.newContext({ viewport, storageState: state });
  if (draft)
    await ctx.addInitScript(
      ([key, value]) => globalThis.sessionStorage.setItem(key, value),
      [`yy-booking-draft:${draft.resourceId}`, JSON.stringify(draft)],
    );
  const cold = await ctx.newPage();
  const scripts = new Set();
  cold.on('request', (req) => {
    const url = new URL(req.url());
    if (req.resourceType() === 'script' && url.pathname.startsWith('/yy-sys/assets/'))
      scripts.add(url.pathname.slice('/yy-sys/'.length));
  });
  await cold.goto(`${base}/yy-sys${pagePath}`);
  await cold.waitForLoadState('networkidle');
  const landed = new URL(cold.url()).pathname.replace('/yy-sys', '');
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
    rows.push(`    ${(gz / 1024).toFixed(1).padStart(6)} kB  ${file}  ${contentsOf(file)}`);
  }
  const moved = landed !== pagePath.split('?')[0] ? ` (landed on ${landed})` : '';
  console.log(
    `${label}: ${scripts.size} scripts, ${(gzip / 1024).toFixed(1)} kB gzip (${(raw / 1024).toFixed(1)} kB raw), antd ${antd ? 'included' : 'not included'}${moved}`,
  );
  if (detail) console.log(rows.sort().reverse().join('\n'));
}

/** Desktop portal pages measured beside the phone's (the student's main ones). */
const PC_PAGES = ['home', 'appointment', 'myAppointment', 'announcements', 'helpcenter'];

const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 800 };
try {
  await waitUp();
  const student = await signIn(phone, 'student', 'Student@123456', '/mobile/home');
  const admin = await signIn(desktop, 'admin', 'Admin@123456', '/manage/home');
  const data = await makeData(student.page, admin.page);
  await student.context.close();
  await admin.context.close();
  for (const route of mobilePagePaths()) {
    const label = `/mobile/${route} (390x844, user)`;
    if (only && !label.includes(only)) continue;
    const pagePath = fillPath(route, data);
    if (!pagePath) console.log(`${label}: skipped (no value for its parameters)`);
    else
      await measure(label, phone, student.state, `/mobile/${pagePath}`, route === 'applicationForm/:id' && data.draft);
  }
  for (const route of PC_PAGES) {
    const label = `/pc/${route} (1366x800, user)`;
    if (!only || label.includes(only)) await measure(label, desktop, student.state, `/pc/${route}`);
  }
  const label = '/manage/home (1366x800, admin)';
  if (!only || label.includes(only)) await measure(label, desktop, admin.state, '/manage/home');
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
