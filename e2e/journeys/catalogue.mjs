// Back-office catalogue: a resource's extended property values and custom attributes.
import assert from 'node:assert/strict';
import { BASE, accounts, assertNoPageErrors, expectPath, expectText, graphql, openPage, signInAt } from '../lib.mjs';

/**
 * A code table with two items and a resource type whose extended property is that table,
 * made through the API by the signed-in administrator. Returns the names to pick.
 */
export async function prepareTypeWithProperty(page, stamp) {
  const code = `e2e_facility_${stamp}`;
  const table = await graphql(page, 'mutation($m: InputCodes) { saveCodes(model: $m) { errcode msg ids } }', {
    m: { code, name: '设施', name_en: 'Facilities' },
  });
  assert.equal(table.data?.saveCodes?.errcode, '0', JSON.stringify(table));
  for (const [i, [item_code, item_name, item_name_en]] of [
    ['projector', '投影仪', 'Projector'],
    ['board', '白板', 'Whiteboard'],
  ].entries()) {
    const saved = await graphql(page, 'mutation($m: InputCodeItems) { saveCodeItems(model: $m) { errcode msg ids } }', {
      m: { codes_id: table.data.saveCodes.ids[0], item_code, item_name, item_name_en, item_index: i + 1 },
    });
    assert.equal(saved.data?.saveCodeItems?.errcode, '0', JSON.stringify(saved));
  }
  const typeName = `端到端研讨室${stamp}`;
  const type = await graphql(
    page,
    'mutation($m: InputResourcesType!) { saveResourcesType(model: $m) { errcode msg ids } }',
    {
      m: {
        resources_name: typeName,
        resources_name_en: `E2E seminar room ${stamp}`,
        extendedProperties: [
          { extended_properties_code: code, extended_properties_name: '设施', code_description: '房间里的设施' },
        ],
      },
    },
  );
  assert.equal(type.data?.saveResourcesType?.errcode, '0', JSON.stringify(type));
  return { code, typeName };
}

export const journeys = [
  {
    name: "(z1) an administrator sets a resource's extended property value and a custom attribute; both stay after a reload",
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser));
      const stamp = Date.now().toString(36);
      await signInAt(page, app, '/manage/home', accounts.admin);
      const { typeName } = await prepareTypeWithProperty(page, stamp);
      const resourceName = `端到端研讨室${stamp}-1`;

      await page.goto(`${app}${BASE}/manage/resources/resources-list-add`);
      await page.locator('#resources_name').fill(resourceName);
      await page.locator('#resources_type_id').click();
      await page.locator('.ant-select-dropdown:visible').getByText(typeName, { exact: true }).click();
      await page.getByRole('tab', { name: '预约规则' }).click();
      await page.getByRole('button', { name: '添加时段' }).click();

      await page.getByRole('tab', { name: '属性' }).click();
      await page.getByLabel('设施', { exact: true }).click();
      await page.locator('.ant-select-dropdown:visible').getByText('白板', { exact: true }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: '添加属性' }).click();
      // Checked before anything is sent: an attribute needs its key and Chinese label.
      await page.getByRole('button', { name: /^保\s?存$/ }).click();
      await expectText(page, '字段标识不能为空');
      await page.getByLabel('字段标识 1').fill('seats');
      await page.locator('#attributes_0_field_desc_cn').fill('座位数');
      await page.getByLabel('内容 1').fill('24');
      await page.getByRole('button', { name: /^保\s?存$/ }).click();
      await page.waitForURL((url) => /\/manage\/resources\/resources-list\/[0-9a-f-]{36}$/.test(url.pathname));
      const id = new URL(page.url()).pathname.split('/').pop();

      await page.reload();
      await expectPath(page, `${BASE}/manage/resources/resources-list/${id}`);
      await page.getByRole('tab', { name: '属性' }).click();
      await expectText(page, '白板', { within: '[data-testid=extended-properties]' });
      assert.equal(await page.getByLabel('内容 1').inputValue(), '24');
      assert.equal(await page.getByLabel('字段标识 1').inputValue(), 'seats');

      const stored = await graphql(
        page,
        `
          query ($id: ID!) {
            findResources(id: $id) {
              resourcesExtendedPropertiesList {
                item_code
                item_name
              }
              resourcesCustomAttributeContentList {
                field_name
                field_desc_cn
                attribute_content
              }
            }
          }
        `,
        { id },
      );
      assert.deepEqual(stored.data?.findResources?.resourcesExtendedPropertiesList, [
        { item_code: 'board', item_name: '白板' },
      ]);
      assert.deepEqual(stored.data.findResources.resourcesCustomAttributeContentList, [
        { field_name: 'seats', field_desc_cn: '座位数', attribute_content: '24' },
      ]);
      assertNoPageErrors(page);
    },
  },
];
