// The slider captcha on the desktop booking dialog (1366x900): the seeded badminton courts' rule
// template asks for it. The journey solves it as a bot would: it compares the piece with the
// picture in the page (canvas pixels) to find the gap, then drags the handle there with the mouse.
import assert from 'node:assert/strict';
import { accounts, assertNoPageErrors, expectText, graphql, openPage, signInAt } from '../lib.mjs';

const button = (scope, text) =>
  scope
    .getByRole('button', { name: new RegExp(`^${[...text].join('\\s?')}$`) })
    .filter({ visible: true })
    .first();

/**
 * Opens the booking dialog for a free slot of a seeded court on `day` (明天 or 后天: a booking
 * per person and day), fills in the form and submits; returns the dialog and the cell's court
 * name and time.
 */
async function submitSeededCourt(page, app, day, theme) {
  await signInAt(page, app, '/pc/home', accounts.student);
  const types = await graphql(page, '{ findResourcesTypeAllByAccount { id resources_name } }');
  const type = types.data.findResourcesTypeAllByAccount.find((t) => t.resources_name === '羽毛球场');
  assert.ok(type, JSON.stringify(types));
  await page.goto(`${app}/yy-sys/pc/resources/${type.id}/list`);
  await page.getByText(day, { exact: true }).click();
  const cell = page.getByRole('gridcell', { name: /^羽毛球场\d号 \d\d:00–\d\d:00 · 可预约$/ }).first();
  const label = await cell.getAttribute('aria-label');
  const [, court, time] = /^(羽毛球场\d号) (\S+) ·/.exec(label ?? (await cell.innerText())) ?? [];
  assert.ok(court, `no free cell: ${label}`);
  await cell.click();
  await button(page, '预约所选时段').click();
  const dialog = page.getByRole('dialog', { name: `预约 ${court}` });
  await dialog.waitFor();
  await button(dialog, '下一步').click();
  await dialog.getByLabel('预约主题').fill(theme);
  await button(dialog, '下一步').click();
  await dialog.getByRole('checkbox', { name: '我已阅读并同意预约须知' }).check();
  await button(dialog, '提交预约').click();
  return { dialog, court, time };
}

/** The open captcha, once its picture is there to slide on. */
async function readyCaptcha(page) {
  const captcha = page.locator('.ant-modal', { has: page.locator('.yy-captcha') }).filter({ visible: true });
  await captcha.getByText('安全验证', { exact: true }).waitFor();
  const handle = captcha.getByRole('slider', { name: '拼图滑块' });
  await page.waitForFunction(() => {
    const slider = document.querySelector('.yy-captcha [role=slider]');
    const imgs = [...document.querySelectorAll('.yy-captcha-stage img')];
    return (
      slider &&
      !slider.hasAttribute('aria-disabled') &&
      imgs.length === 2 &&
      imgs.every((i) => i.complete && i.naturalWidth)
    );
  });
  // The dialog opens with a zoom animation: measure only once the picture's size holds still.
  await page.waitForFunction(
    () =>
      new Promise((resolve) => {
        const img = document.querySelector('.yy-captcha-stage img');
        const before = img.getBoundingClientRect().width;
        setTimeout(() => resolve(before > 0 && img.getBoundingClientRect().width === before), 150);
      }),
  );
  return { captcha, handle };
}

/**
 * Where the gap is, in shown px from the left of the picture: every place the piece could sit
 * is compared with the picture (the gap is the picture darkened by half, the piece the picture
 * lightened by 12 %, so the gap should read 0.5 * (piece - 0.12 * 255) / 0.88 under the
 * piece's inner pixels); the place that differs least wins (its mean difference per channel
 * is a few levels of 255, JPEG noise; elsewhere it is tens).
 */
function findGap(page) {
  return page.evaluate(() => {
    const [bg, piece] = [...document.querySelectorAll('.yy-captcha-stage img')];
    const pixels = (img) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d', { willReadFrequently: true });
      ctx.drawImage(img, 0, 0);
      return ctx.getImageData(0, 0, canvas.width, canvas.height);
    };
    const b = pixels(bg);
    const p = pixels(piece);
    const opaque = (x, y) =>
      x >= 0 && y >= 0 && x < p.width && y < p.height && p.data[(y * p.width + x) * 4 + 3] === 255;
    // inner pixels only: the outline is drawn over on both images
    const inner = [];
    for (let y = 0; y < p.height; y += 2)
      for (let x = 0; x < p.width; x += 2)
        if (opaque(x, y) && opaque(x - 4, y) && opaque(x + 4, y) && opaque(x, y - 4) && opaque(x, y + 4))
          inner.push([x, y]);
    const scores = [];
    for (let at = 0; at + p.width <= b.width; at++) {
      let sum = 0;
      for (const [x, y] of inner) {
        const i = (y * p.width + x) * 4;
        const j = (y * b.width + at + x) * 4;
        for (let c = 0; c < 3; c++) sum += Math.abs(b.data[j + c] - (0.5 * (p.data[i + c] - 30.6)) / 0.88);
      }
      scores.push(sum / inner.length / 3);
    }
    const best = scores.indexOf(Math.min(...scores));
    const shown = bg.getBoundingClientRect().width / b.width;
    return { x: best * shown, score: scores[best], points: inner.length, natural: best, scale: shown };
  });
}

/**
 * Drags the handle `dx` px to the right with the mouse as a person does (the server refuses a
 * straight, evenly paced track): the hand speeds up and slows down (minimum-jerk reach) over
 * about 0.7 s, overshoots by 2 px and comes back, wobbles a pixel or two vertically, and rests
 * a moment before letting go.
 */
async function dragHandle(page, handle, dx) {
  const box = await handle.boundingBox();
  const x0 = box.x + box.width / 2;
  const y0 = box.y + box.height / 2;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  const reach = (u) => u ** 3 * (10 - 15 * u + 6 * u * u);
  const steps = 28;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(x0 + (dx + 2) * reach(i / steps), y0 + Math.sin(i / 3) * 1.5);
    await page.waitForTimeout(16);
  }
  for (let i = 1; i <= 6; i++) {
    await page.mouse.move(x0 + dx + 2 - 2 * reach(i / 6), y0 + 1);
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(120);
  await page.mouse.up();
}

export const journeys = [
  {
    name: '(cp1) a user books a seeded court through the desktop dialog, solving the slider captcha',
    async run({ browser, app, track }) {
      const page = track(await openPage(browser, { width: 1366, height: 900 })).page;
      const submits = [];
      page.on('request', (req) => {
        const body = req.postData() ?? '';
        if (body.includes('"operationName":"saveAppointmentInformationAll"')) submits.push(JSON.parse(body).variables);
      });
      const theme = `滑块验证${Date.now().toString(36)}`;
      const { dialog, court, time } = await submitSeededCourt(page, app, '后天', theme);
      const { captcha, handle } = await readyCaptcha(page);
      assert.equal(submits.length, 0, 'submitted before the slide');
      const gap = await findGap(page);
      assert.ok(gap.points > 500 && gap.score < 20, `no clear gap: ${JSON.stringify(gap)}`);
      await dragHandle(page, handle, gap.x);
      await expectText(page, '验证成功', { within: '.yy-captcha' });
      await captcha.waitFor({ state: 'hidden' });
      await expectText(page, '预约成功', { within: '.ant-modal' });
      // the credential went with the submit, its code encrypted (api-contract 3)
      assert.equal(submits.length, 1);
      assert.match(submits[0].captchaId, /^[0-9a-f]{32}$/);
      assert.match(submits[0].captchaCode, /^[A-Za-z0-9+/]{64}$/);
      await button(dialog, '完成').click();
      await page.getByRole('gridcell', { name: `${court} ${time} · 我的预约` }).waitFor();
      const mine = await graphql(
        page,
        'query { findAppointmentInformationAllForAccount(first: 20, offset: 0, filter: {}) { edges { node { theme resources_name state } } } }',
      );
      const booked = mine.data.findAppointmentInformationAllForAccount.edges.map((e) => e.node);
      assert.ok(
        booked.some((b) => b.theme === theme && b.resources_name === court && b.state === '0'),
        JSON.stringify(booked),
      );
      assertNoPageErrors(page);
    },
  },
  {
    name: '(cp2) a wrong slide shows the failure message and a new picture; nothing is submitted',
    async run({ browser, app, track }) {
      const page = track(await openPage(browser, { width: 1366, height: 900 })).page;
      const submits = [];
      page.on('request', (req) => {
        if ((req.postData() ?? '').includes('"operationName":"saveAppointmentInformationAll"')) submits.push(req);
      });
      await submitSeededCourt(page, app, '明天', '滑错一次');
      const { captcha, handle } = await readyCaptcha(page);
      const before = await captcha.locator('.yy-captcha-bg').getAttribute('src');
      const gap = await findGap(page);
      const range = (await handle.boundingBox()).width * 5; // the track is six pieces wide
      // well away from the gap (8 px of 600 would still pass)
      const wrong = gap.x > range / 2 ? gap.x - range * 0.3 : gap.x + range * 0.3;
      await dragHandle(page, handle, wrong);
      await expectText(page, '验证失败，请重新滑动', { within: '.yy-captcha [role=status]' });
      // a new picture replaces the spent one, the handle back at the start
      await page.waitForFunction(
        (src) => {
          const img = document.querySelector('.yy-captcha-bg');
          const slider = document.querySelector('.yy-captcha [role=slider]');
          return img && img.getAttribute('src') !== src && slider?.getAttribute('aria-valuenow') === '0';
        },
        before,
        { timeout: 10_000 },
      );
      await expectText(page, '验证失败，请重新滑动', { within: '.yy-captcha [role=status]' });
      // closing the captcha submits nothing
      await captcha.locator('.ant-modal-close').click();
      await captcha.waitFor({ state: 'hidden' });
      await page.waitForTimeout(300);
      assert.equal(submits.length, 0);
      assertNoPageErrors(page);
    },
  },
];
