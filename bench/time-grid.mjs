// Time grid render time: starts the server on a fresh data dir, creates (as the administrator,
// through GraphQL) a resource type with 100 resources of 12 one-hour slots, opens its resource
// query page (/pc/resources/:id/list) in Chromium at 1366x900 and reads the grid's own marks:
// from the render that received the availability of all 100 resources to the next paint
// (React render + commit + layout + paint of 1200 cells). Each run switches the date, so the
// grid gets new data and renders it again. Goal: at most 300 ms.
// Usage: node bench/time-grid.mjs [runs=7]   (builds the web app first when needed)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { BASE, CHROMIUM, freePort, graphql, root, startServer, stopServer, submitLogin } from '../e2e/lib.mjs';

const runs = Number(process.argv[2] ?? 7);
const RESOURCES = 100;
const SLOTS = 12;
spawnSync('node', ['scripts/build-web.mjs'], { cwd: root, stdio: 'inherit' });

const port = await freePort();
const base = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-time-grid-'));
const server = await startServer({ port, dataDir, logFile: path.join(dataDir, 'server.log') });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(`${base}${BASE}/pc/home`);
  await submitLogin(page, { account: 'admin', password: 'Admin@123456' });
  await page.waitForURL((u) => u.pathname === `${BASE}/pc/home`);

  const type = await graphql(
    page,
    'mutation($m: InputResourcesType!) { saveResourcesType(model: $m) { errcode msg ids } }',
    { m: { resources_name: '压测场馆', resources_name_en: 'Bench venues', resources_tag: '压测', order: 99 } },
  );
  const typeId = type.data?.saveResourcesType?.ids?.[0];
  if (!typeId) throw new Error(`saveResourcesType: ${JSON.stringify(type)}`);
  const slots = Array.from({ length: SLOTS }, (_, i) => ({
    kssj: `${String(9 + i).padStart(2, '0')}:00`,
    jssj: `${String(10 + i).padStart(2, '0')}:00`,
  }));
  const t0 = Date.now();
  for (let i = 0; i < RESOURCES; i++) {
    const saved = await graphql(page, 'mutation($m: InputResources!) { saveResources(model: $m) { errcode msg } }', {
      m: {
        resources_name: `压测场地${String(i + 1).padStart(3, '0')}`,
        resources_type_id: typeId,
        available_number: 1,
        capacity: 4,
        campus_code: 'main',
        campus_name: '主校区',
        building_code: 'gym',
        building_name: '体育馆',
        appointment_date_days: 30,
        order: i,
        resourcesTimeSlot: slots,
      },
    });
    if (saved.data?.saveResources?.errcode !== '0') throw new Error(`saveResources: ${JSON.stringify(saved)}`);
  }
  console.log(`created ${RESOURCES} resources of ${SLOTS} slots in ${Date.now() - t0} ms`);

  const cells = RESOURCES * SLOTS;
  /** Waits until the grid shows every cell with its data (no row still loading). */
  const fullGrid = () =>
    page.waitForFunction(
      (n) =>
        globalThis.document.querySelectorAll('.yy-tg td.yy-tg-cell[role=gridcell]').length === n &&
        !globalThis.document.querySelector('.yy-tg-row-loading'),
      cells,
      { timeout: 60_000 },
    );
  const navStart = Date.now();
  await page.goto(`${base}${BASE}/pc/resources/${typeId}/list`);
  await fullGrid();
  console.log(
    `first full grid ${Date.now() - navStart} ms after navigation (sign-in done; includes loading the page, the resource list and the availability of all of them)`,
  );

  /** Render of the latest data to its paint, as the grid marked it. */
  const measure = () =>
    page.waitForFunction(
      () => {
        const [render] = performance.getEntriesByName('yy-time-grid:render');
        const [commit] = performance.getEntriesByName('yy-time-grid:commit');
        const [paint] = performance.getEntriesByName('yy-time-grid:paint');
        if (!render || !commit || !paint || paint.startTime < render.startTime) return null;
        return { commit: commit.startTime - render.startTime, paint: paint.startTime - render.startTime };
      },
      null,
      { timeout: 60_000 },
    );
  const first = await (await measure()).jsonValue();
  const results = [];
  const buttons = ['明天', '后天', '今天'];
  for (let i = 0; i < runs; i++) {
    await page.evaluate(() => performance.clearMarks());
    await page.getByText(buttons[i % buttons.length], { exact: true }).click();
    // the new date's rows render once as loading, then once with all the availability
    await fullGrid();
    results.push(await (await measure()).jsonValue());
  }
  const paints = results.map((r) => r.paint);
  const commits = results.map((r) => r.commit);
  console.log(`first load: render->commit ${first.commit.toFixed(1)} ms, render->paint ${first.paint.toFixed(1)} ms`);
  console.log(
    `date switches (${runs}): render->commit median ${median(commits).toFixed(1)} ms, max ${Math.max(...commits).toFixed(1)} ms`,
  );
  console.log(
    `date switches (${runs}): render->paint  median ${median(paints).toFixed(1)} ms, max ${Math.max(...paints).toFixed(1)} ms`,
  );
  console.log(
    `goal <= 300 ms: ${Math.max(first.paint, ...paints) <= 300 ? 'met' : 'NOT met'} (${RESOURCES} x ${SLOTS} cells)`,
  );
  await context.close();
} finally {
  await browser.close();
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
