// The desktop booking centre and venue page, on a 1366x900 viewport.
import assert from 'node:assert/strict';
import { BASE, accounts, assertNoPageErrors, expectPath, graphql, openPage, signInAt } from '../lib.mjs';

const ROOM = '行政楼305会议室';

export const journeys = [
  {
    name: '(pcv1) a user finds a venue from the booking centre, reads its instructions and opens the booking dialog',
    async run({ browser, app, track }) {
      const stamp = Date.now().toString(36);
      // a published booking instruction, with markup the server strips on save
      const admin = track(await openPage(browser)).page;
      await signInAt(admin, app, '/pc/home', accounts.admin);
      const title = `场馆须知${stamp}`;
      const saved = await graphql(
        admin,
        'mutation($m: InputInstruction) { saveInstruction(model: $m) { errcode msg ids } }',
        {
          m: {
            title,
            title_en: `Rules ${stamp}`,
            content: `<p>请提前十分钟到场 ${stamp}</p><img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script>`,
            content_en: '',
            order: 0,
            state: 'published',
          },
        },
      );
      assert.equal(saved.data?.saveInstruction?.errcode, '0', JSON.stringify(saved));

      const page = track(await openPage(browser, { width: 1366, height: 900 })).page;
      await signInAt(page, app, '/pc/appointment', accounts.student);
      await page.getByRole('heading', { level: 1, name: '预约中心' }).waitFor();
      // the categories lead to their resource queries
      const category = page
        .getByRole('region', { name: '会议空间' })
        .getByRole('link', { name: '会议室', exact: true });
      assert.match((await category.getAttribute('href')) ?? '', /\/pc\/resources\/[0-9a-f-]{36}\/list$/);
      // the search leads to the venue page
      const box = page.getByRole('searchbox', { name: '搜索资源名称' });
      await box.fill('305');
      await box.press('Enter');
      await page.getByRole('region', { name: '搜索结果' }).getByRole('link', { name: ROOM }).click();
      await expectPath(page, `${BASE}/pc/venueDetail`);
      assert.match(new URL(page.url()).search, /^\?id=[0-9a-f-]{36}$/);
      await page.getByRole('heading', { level: 1, name: ROOM }).waitFor();
      await page.getByText('主校区 · 行政楼 · 三层').first().waitFor();
      // the instruction, sanitized: its text shows, its script and handler never ran
      const panel = page.getByRole('button', { name: title });
      if ((await panel.getAttribute('aria-expanded')) !== 'true') await panel.click();
      await page.getByText(`请提前十分钟到场 ${stamp}`).waitFor();
      assert.equal(await page.evaluate(() => window.__pwned), undefined);
      // book: the multi-step dialog for this room
      await page.getByRole('button', { name: '立即预约' }).click();
      const dialog = page.getByRole('dialog', { name: `预约 ${ROOM}` });
      await dialog.waitFor();
      await dialog.getByText('选择时间', { exact: true }).waitFor();
      assertNoPageErrors(page);
    },
  },
];
