// axe-core on the main pages of each area, on the viewport each is made for: no serious or
// critical violation (WCAG 2 A and AA rules).
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { BASE, accounts, openPage, signInAt } from '../lib.mjs';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** The main pages, by who opens them and on which viewport; each waits for its content. */
const pages = [
  { who: accounts.student, viewport: PHONE, paths: [['/mobile/home', '.yy-mobile']] },
  { who: accounts.student, viewport: DESKTOP, paths: [['/pc/home', '.yy-pc-header']] },
  { who: accounts.admin, viewport: DESKTOP, paths: [['/manage/home', 'aside']] },
];

/**
 * axe-core's serious or critical findings (WCAG 2 A and AA) on the page as it is (`within`: that
 * part only); every journey that checks its pages uses this one. antd's hidden measuring row of a
 * scrolling table holds nothing a user reaches and is left out.
 */
export async function seriousViolations(page, within) {
  // Let finite CSS transitions and animations end first: a button fading in from disabled
  // (antd-mobile's opacity transition) is measured half transparent and fails contrast.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).exclude('.ant-table-measure-row');
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export const journeys = [
  {
    name: '(ax) axe finds no serious violations on the main pages',
    async run({ browser, app, track }) {
      const found = [];
      for (const { who, viewport, paths } of pages) {
        const { page } = track(await openPage(browser, viewport));
        const [first] = paths;
        await signInAt(page, app, first[0], who);
        for (const [pathname, ready] of paths) {
          if (pathname !== first[0]) await page.goto(`${app}${BASE}${pathname}`);
          await page.locator(ready).first().waitFor();
          await page.waitForLoadState('networkidle');
          for (const v of await seriousViolations(page)) found.push(`${pathname}: ${v}`);
        }
      }
      assert.deepEqual(found, [], `axe violations:\n${found.join('\n')}`);
    },
  },
];
