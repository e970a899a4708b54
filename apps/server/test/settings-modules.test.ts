import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';

/** API tests of the settings children: usage instructions, review addresses, collected information. */
let t: TestApp;
let userToken: string;
let adminToken: string;
let otherAdminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  userToken = await t.tokenFor(demoAccounts.user.account);
  adminToken = await t.tokenFor(demoAccounts.admin.account);
  const other = await t.createOtherTenant('west');
  otherAdminToken = await t.tokenFor('admin', other);
});
afterAll(() => t.close());

async function call(query: string, variables: Record<string, unknown>, token?: string) {
  const res = await t.gql('apps_yy_sys', query, { token, variables });
  return res.body;
}

async function logCount(module: string): Promise<number> {
  const body = await call(
    `query($f: OperateLogFilterMap) { findOperateLogAll(first: 1, filter: $f) { totalCount } }`,
    { f: { operate_module: { eq: module } } },
    adminToken,
  );
  return body.data?.findOperateLogAll.totalCount;
}

const I_FIELDS = 'id title title_en content content_en order state create_time update_time';
const FIND_INSTRUCTIONS = `query($f: InstructionFilterMap) { findInstructionAll(filter: $f) { ${I_FIELDS} } }`;
const FIND_INSTRUCTION = `query($id: ID) { findInstruction(id: $id) { ${I_FIELDS} } }`;
const SAVE_INSTRUCTION = `mutation($m: InputInstruction) { saveInstruction(model: $m) { errcode msg msg_en ids } }`;
const DELETE_INSTRUCTION = `mutation($id: ID) { deleteInstruction(id: $id) { errcode msg msg_en ids } }`;

describe('usage instructions', () => {
  let publishedId: string;
  let draftId: string;

  it('an administrator creates instructions; the stored HTML is sanitized (XSS stripped)', async () => {
    const before = await logCount('instruction');
    const body = await call(
      SAVE_INSTRUCTION,
      {
        m: {
          title: '如何预约',
          title_en: 'How to book',
          content:
            '<p onclick="alert(1)">步骤<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a><a href="https://example.edu/help" target="_blank">帮助</a></p><iframe src="https://evil.example"></iframe><svg onload="alert(4)"></svg><img src="/yy-sys/api/file/abc" alt="图">',
          content_en: '<p style="color:#ff0000;position:fixed">Steps</p><img src="data:image/png;base64,AAAA">',
          order: 1,
          state: 'published',
        },
      },
      adminToken,
    );
    expect(body.data?.saveInstruction).toMatchObject({ errcode: '0' });
    publishedId = body.data?.saveInstruction.ids[0];
    const found = (await call(FIND_INSTRUCTION, { id: publishedId }, adminToken)).data?.findInstruction;
    expect(found.title).toBe('如何预约');
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:', '<iframe', '<svg', 'onload', 'position']) {
      expect(found.content + found.content_en).not.toContain(bad);
    }
    expect(found.content).toContain('<p>步骤');
    expect(found.content).not.toContain('src="x"');
    expect(found.content).toContain('href="https://example.edu/help"');
    expect(found.content).toContain('rel="noopener noreferrer"');
    expect(found.content).toContain('src="/yy-sys/api/file/abc"');
    expect(found.content_en).toContain('<p style="color:#ff0000">Steps</p>');
    expect(found.content_en).not.toContain('data:');
    expect(found.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await logCount('instruction')).toBe(before + 1);

    const draft = await call(
      SAVE_INSTRUCTION,
      { m: { title: '草稿', content: '<p>未发布</p>', order: 0, state: 'draft' } },
      adminToken,
    );
    draftId = draft.data?.saveInstruction.ids[0];
    expect(draftId).toBeTruthy();
  });

  it('administrators see drafts and filter; users see published instructions only', async () => {
    const all = (await call(FIND_INSTRUCTIONS, {}, adminToken)).data?.findInstructionAll;
    expect(all.map((i: { id: string }) => i.id)).toEqual([draftId, publishedId]);
    const published = (await call(FIND_INSTRUCTIONS, { f: { state: { eq: 'published' } } }, adminToken)).data
      ?.findInstructionAll;
    expect(published.map((i: { id: string }) => i.id)).toEqual([publishedId]);
    const byTitle = (await call(FIND_INSTRUCTIONS, { f: { title: { like: 'how to' } } }, adminToken)).data
      ?.findInstructionAll;
    expect(byTitle.map((i: { id: string }) => i.id)).toEqual([publishedId]);

    const forUser = (await call(FIND_INSTRUCTIONS, { f: { state: { eq: 'draft' } } }, userToken)).data
      ?.findInstructionAll;
    expect(forUser.map((i: { id: string }) => i.id)).toEqual([publishedId]);
    expect((await call(FIND_INSTRUCTION, { id: draftId }, userToken)).data?.findInstruction).toBeNull();
    expect((await call(FIND_INSTRUCTION, { id: publishedId }, userToken)).data?.findInstruction.title).toBe('如何预约');
  });

  it('refuses anonymous callers, users who manage, and other tenants', async () => {
    const anon = await call(FIND_INSTRUCTIONS, {});
    expect(anon.errors?.[0]?.message).toBeTruthy();
    const byUser = await call(SAVE_INSTRUCTION, { m: { title: 'x', content: '<p>x</p>' } }, userToken);
    expect(byUser.data?.saveInstruction?.errcode ?? byUser.errors?.[0]?.message).not.toBe('0');
    const del = await call(DELETE_INSTRUCTION, { id: publishedId }, userToken);
    expect(del.data?.deleteInstruction?.errcode ?? 'refused').not.toBe('0');

    expect((await call(FIND_INSTRUCTIONS, {}, otherAdminToken)).data?.findInstructionAll).toEqual([]);
    expect((await call(FIND_INSTRUCTION, { id: publishedId }, otherAdminToken)).data?.findInstruction).toBeNull();
    const foreignEdit = await call(
      SAVE_INSTRUCTION,
      { m: { id: publishedId, title: '篡改', content: '<p>x</p>', state: 'published' } },
      otherAdminToken,
    );
    expect(foreignEdit.data?.saveInstruction).toMatchObject({ errcode: '500', msg: '使用说明不存在' });
    const foreignDelete = await call(DELETE_INSTRUCTION, { id: publishedId }, otherAdminToken);
    expect(foreignDelete.data?.deleteInstruction.errcode).toBe('500');
    expect((await call(FIND_INSTRUCTION, { id: publishedId }, adminToken)).data?.findInstruction.title).toBe(
      '如何预约',
    );
  });

  it.each([
    [{ title: '', content: '<p>x</p>' }, '使用说明标题不能为空', 'The instruction title cannot be empty'],
    [
      { title: 'x', content: '<script>alert(1)</script>' },
      '使用说明内容不能为空',
      'The instruction content cannot be empty',
    ],
    [{ title: 'x', content: '<p>x</p>', state: 'live' }, '使用说明状态无效', 'Invalid instruction state'],
    [{ title: 'x'.repeat(201), content: '<p>x</p>' }, '参数错误', 'Invalid input'],
  ])('refuses %j with zh/en texts and changes nothing', async (model, zh, en) => {
    const before = (await call(FIND_INSTRUCTIONS, {}, adminToken)).data?.findInstructionAll.length;
    const logsBefore = await logCount('instruction');
    const body = await call(SAVE_INSTRUCTION, { m: model }, adminToken);
    expect(body.data?.saveInstruction.errcode).toBe('500');
    expect(body.data?.saveInstruction.msg).toContain(zh);
    expect(body.data?.saveInstruction.msg_en).toContain(en);
    expect((await call(FIND_INSTRUCTIONS, {}, adminToken)).data?.findInstructionAll.length).toBe(before);
    expect(await logCount('instruction')).toBe(logsBefore);
  });

  it('updates and deletes (logged)', async () => {
    const updated = await call(
      SAVE_INSTRUCTION,
      { m: { id: draftId, title: '草稿二', content: '<p>改</p>', order: 5, state: 'published' } },
      adminToken,
    );
    expect(updated.data?.saveInstruction.errcode).toBe('0');
    const forUser = (await call(FIND_INSTRUCTIONS, {}, userToken)).data?.findInstructionAll;
    expect(forUser.map((i: { title: string }) => i.title)).toEqual(['如何预约', '草稿二']);
    const before = await logCount('instruction');
    expect((await call(DELETE_INSTRUCTION, { id: draftId }, adminToken)).data?.deleteInstruction.errcode).toBe('0');
    expect(await logCount('instruction')).toBe(before + 1);
    const again = await call(DELETE_INSTRUCTION, { id: draftId }, adminToken);
    expect(again.data?.deleteInstruction).toMatchObject({
      errcode: '500',
      msg: '使用说明不存在',
      msg_en: 'The usage instruction does not exist',
    });
  });
});

const R_FIELDS = 'id name name_en url resource_type_id description enabled create_time';
const FIND_REVIEW = `query($f: ReviewAddressFilterMap) { findReviewAddressAll(filter: $f) { ${R_FIELDS} } }`;
const SAVE_REVIEW = `mutation($m: InputReviewAddress) { saveReviewAddress(model: $m) { errcode msg msg_en ids } }`;
const DELETE_REVIEW = `mutation($id: ID) { deleteReviewAddress(id: $id) { errcode msg msg_en ids } }`;

describe('review addresses', () => {
  let id: string;

  it('administrators create, list, filter, update and delete (logged)', async () => {
    const before = await logCount('reviewAddress');
    const saved = await call(
      SAVE_REVIEW,
      {
        m: {
          name: '场馆审批',
          name_en: 'Venue approval',
          url: 'https://flow.example.edu/approve',
          resource_type_id: 'venue',
          description: '外部审批页',
        },
      },
      adminToken,
    );
    expect(saved.data?.saveReviewAddress.errcode).toBe('0');
    id = saved.data?.saveReviewAddress.ids[0];
    await call(
      SAVE_REVIEW,
      { m: { name: '会议室审批', url: 'http://a.example/x', resource_type_id: 'room' } },
      adminToken,
    );
    const list = (await call(FIND_REVIEW, {}, adminToken)).data?.findReviewAddressAll;
    expect(list.map((r: { name: string }) => r.name)).toEqual(['会议室审批', '场馆审批']);
    expect(list[1]).toMatchObject({ enabled: true, name_en: 'Venue approval', resource_type_id: 'venue' });
    const filtered = (await call(FIND_REVIEW, { f: { resource_type_id: { eq: 'venue' } } }, adminToken)).data
      ?.findReviewAddressAll;
    expect(filtered).toHaveLength(1);
    const byName = (await call(FIND_REVIEW, { f: { name: { like: 'venue' } } }, adminToken)).data?.findReviewAddressAll;
    expect(byName.map((r: { id: string }) => r.id)).toEqual([id]);

    const updated = await call(
      SAVE_REVIEW,
      { m: { id, name: '场馆审批', url: 'https://flow.example.edu/v2', resource_type_id: 'venue', enabled: false } },
      adminToken,
    );
    expect(updated.data?.saveReviewAddress.errcode).toBe('0');
    const after = (await call(FIND_REVIEW, { f: { resource_type_id: { eq: 'venue' } } }, adminToken)).data
      ?.findReviewAddressAll[0];
    expect(after).toMatchObject({ url: 'https://flow.example.edu/v2', enabled: false });
    expect(await logCount('reviewAddress')).toBe(before + 3);
  });

  it.each([
    [{ name: '', url: 'https://a.example' }, '审核地址名称不能为空', 'The review address name cannot be empty'],
    [{ name: 'x', url: 'javascript:alert(1)' }, '审核地址必须是', 'must be a full URL'],
    [{ name: 'x', url: 'ftp://a.example/x' }, '审核地址必须是', 'must be a full URL'],
    [{ name: 'x', url: '/relative/path' }, '审核地址必须是', 'must be a full URL'],
    [{ name: '场馆审批', url: 'https://b.example', resource_type_id: 'venue' }, '已有同名', 'already exists'],
  ])('refuses %j with zh/en texts and changes nothing', async (model, zh, en) => {
    const before = (await call(FIND_REVIEW, {}, adminToken)).data?.findReviewAddressAll;
    const logsBefore = await logCount('reviewAddress');
    const body = await call(SAVE_REVIEW, { m: model }, adminToken);
    expect(body.data?.saveReviewAddress.errcode).toBe('500');
    expect(body.data?.saveReviewAddress.msg).toContain(zh);
    expect(body.data?.saveReviewAddress.msg_en).toContain(en);
    expect((await call(FIND_REVIEW, {}, adminToken)).data?.findReviewAddressAll).toEqual(before);
    expect(await logCount('reviewAddress')).toBe(logsBefore);
  });

  it('users and other tenants cannot read or change them', async () => {
    expect((await call(FIND_REVIEW, {}, userToken)).errors?.[0]).toBeTruthy();
    expect((await call(FIND_REVIEW, {})).errors?.[0]).toBeTruthy();
    const byUser = await call(SAVE_REVIEW, { m: { name: 'x', url: 'https://x.example' } }, userToken);
    expect(byUser.data?.saveReviewAddress?.errcode ?? 'refused').not.toBe('0');
    expect((await call(FIND_REVIEW, {}, otherAdminToken)).data?.findReviewAddressAll).toEqual([]);
    const foreign = await call(DELETE_REVIEW, { id }, otherAdminToken);
    expect(foreign.data?.deleteReviewAddress).toMatchObject({ errcode: '500', msg: '审核地址不存在' });
    expect(await call(DELETE_REVIEW, { id }, adminToken)).toMatchObject({
      data: { deleteReviewAddress: { errcode: '0', ids: [id] } },
    });
  });
});

const C_FIELDS =
  'id resource_type_id field_name label_zh label_en field_type options { value label_zh label_en } required order_num enabled create_time';
const FIND_COLLECTION = `query($f: CollectionConfigFilterMap) { findCollectionConfigAll(filter: $f) { ${C_FIELDS} } }`;
const SAVE_COLLECTION = `mutation($m: InputCollectionConfig) { saveCollectionConfig(model: $m) { errcode msg msg_en ids } }`;
const DELETE_COLLECTION = `mutation($id: ID) { deleteCollectionConfig(id: $id) { errcode msg msg_en ids } }`;
const SORT_COLLECTION = `mutation($ids: [ID]) { sortCollectionConfig(ids: $ids) { errcode msg msg_en ids } }`;

describe('collected information', () => {
  const ids: Record<string, string> = {};
  const venue = { f: { resource_type_id: { eq: 'venue' } } };

  async function save(model: Record<string, unknown>, token = adminToken) {
    return (await call(SAVE_COLLECTION, { m: model }, token)).data?.saveCollectionConfig;
  }

  it('administrators add fields, appended in order; select options default their value', async () => {
    const before = await logCount('collectionConfig');
    for (const [field_name, field_type] of [
      ['purpose', 'textarea'],
      ['phone', 'phone'],
      ['size', 'select'],
    ] as const) {
      const saved = await save({
        resource_type_id: 'venue',
        field_name,
        label_zh: `字段${field_name}`,
        label_en: field_name,
        field_type,
        required: field_name === 'phone',
        options:
          field_type === 'select'
            ? [
                { label_zh: '小', label_en: 'Small' },
                { value: 'L', label_zh: '大', label_en: 'Large' },
              ]
            : [{ label_zh: '被忽略' }],
      });
      expect(saved.errcode).toBe('0');
      ids[field_name] = saved.ids[0];
    }
    const list = (await call(FIND_COLLECTION, venue, adminToken)).data?.findCollectionConfigAll;
    expect(list.map((c: { field_name: string; order_num: number }) => [c.field_name, c.order_num])).toEqual([
      ['purpose', 1],
      ['phone', 2],
      ['size', 3],
    ]);
    expect(list[0].options).toEqual([]);
    expect(list[1].required).toBe(true);
    expect(list[2].options).toEqual([
      { value: '小', label_zh: '小', label_en: 'Small' },
      { value: 'L', label_zh: '大', label_en: 'Large' },
    ]);
    expect(await logCount('collectionConfig')).toBe(before + 3);
  });

  it('sorts the fields of a type; refuses mixed or unknown ids', async () => {
    const sorted = await call(SORT_COLLECTION, { ids: [ids.size, ids.purpose, ids.phone] }, adminToken);
    expect(sorted.data?.sortCollectionConfig.errcode).toBe('0');
    const list = (await call(FIND_COLLECTION, venue, adminToken)).data?.findCollectionConfigAll;
    expect(list.map((c: { field_name: string }) => c.field_name)).toEqual(['size', 'purpose', 'phone']);

    const other = await save({ resource_type_id: 'room', field_name: 'topic', label_zh: '主题', field_type: 'text' });
    const mixed = await call(SORT_COLLECTION, { ids: [ids.purpose, other.ids[0]] }, adminToken);
    expect(mixed.data?.sortCollectionConfig).toMatchObject({ errcode: '500', msg_en: expect.stringContaining('sort') });
    const unknown = await call(
      SORT_COLLECTION,
      { ids: [ids.purpose, '00000000-0000-4000-8000-000000000000'] },
      adminToken,
    );
    expect(unknown.data?.sortCollectionConfig.errcode).toBe('500');
    const after = (await call(FIND_COLLECTION, venue, adminToken)).data?.findCollectionConfigAll;
    expect(after.map((c: { field_name: string }) => c.field_name)).toEqual(['size', 'purpose', 'phone']);
  });

  it.each([
    [{ field_name: 'a', label_zh: 'x', field_type: 'text' }, '资源类型不能为空', 'The resource type cannot be empty'],
    [
      { resource_type_id: 'venue', field_name: '1abc', label_zh: 'x', field_type: 'text' },
      '字段标识',
      'field identifier',
    ],
    [
      { resource_type_id: 'venue', field_name: 'a b', label_zh: 'x', field_type: 'text' },
      '字段标识',
      'field identifier',
    ],
    [
      { resource_type_id: 'venue', field_name: 'abc', label_zh: ' ', field_type: 'text' },
      '中文名称不能为空',
      'Chinese label',
    ],
    [
      { resource_type_id: 'venue', field_name: 'abc', label_zh: 'x', field_type: 'file' },
      '字段类型无效：file',
      'Invalid field type: file',
    ],
    [
      { resource_type_id: 'venue', field_name: 'abc', label_zh: 'x', field_type: 'select', options: [] },
      '至少需要一个选项',
      'at least one option',
    ],
    [
      {
        resource_type_id: 'venue',
        field_name: 'abc',
        label_zh: 'x',
        field_type: 'select',
        options: [{ label_zh: 'a' }, { label_zh: 'a' }],
      },
      '不能重复',
      'distinct',
    ],
    [
      { resource_type_id: 'venue', field_name: 'phone', label_zh: 'x', field_type: 'text' },
      '已有字段标识“phone”',
      'already has a field "phone"',
    ],
  ])('refuses %j with zh/en texts and changes nothing', async (model, zh, en) => {
    const before = (await call(FIND_COLLECTION, {}, adminToken)).data?.findCollectionConfigAll;
    const logsBefore = await logCount('collectionConfig');
    const body = await save(model);
    expect(body.errcode).toBe('500');
    expect(body.msg).toContain(zh);
    expect(body.msg_en).toContain(en);
    expect((await call(FIND_COLLECTION, {}, adminToken)).data?.findCollectionConfigAll).toEqual(before);
    expect(await logCount('collectionConfig')).toBe(logsBefore);
  });

  it('users read enabled fields only and cannot change them; other tenants see nothing', async () => {
    const disabled = await save({
      id: ids.purpose,
      resource_type_id: 'venue',
      field_name: 'purpose',
      label_zh: '用途',
      field_type: 'textarea',
      enabled: false,
    });
    expect(disabled.errcode).toBe('0');
    const forUser = (await call(FIND_COLLECTION, venue, userToken)).data?.findCollectionConfigAll;
    expect(forUser.map((c: { field_name: string }) => c.field_name)).toEqual(['size', 'phone']);
    const forAdmin = (await call(FIND_COLLECTION, venue, adminToken)).data?.findCollectionConfigAll;
    expect(forAdmin.map((c: { field_name: string }) => c.field_name)).toEqual(['size', 'purpose', 'phone']);

    const byUser = await save(
      { resource_type_id: 'venue', field_name: 'x', label_zh: 'x', field_type: 'text' },
      userToken,
    );
    expect(byUser?.errcode ?? 'refused').not.toBe('0');
    const sortByUser = await call(SORT_COLLECTION, { ids: [ids.phone, ids.size] }, userToken);
    expect(sortByUser.data?.sortCollectionConfig?.errcode ?? 'refused').not.toBe('0');
    expect((await call(FIND_COLLECTION, {}, otherAdminToken)).data?.findCollectionConfigAll).toEqual([]);
    const foreignSort = await call(SORT_COLLECTION, { ids: [ids.phone, ids.size] }, otherAdminToken);
    expect(foreignSort.data?.sortCollectionConfig.errcode).toBe('500');
    const foreignDelete = await call(DELETE_COLLECTION, { id: ids.phone }, otherAdminToken);
    expect(foreignDelete.data?.deleteCollectionConfig).toMatchObject({ errcode: '500', msg: '采集字段不存在' });

    const before = await logCount('collectionConfig');
    expect((await call(DELETE_COLLECTION, { id: ids.phone }, adminToken)).data?.deleteCollectionConfig.errcode).toBe(
      '0',
    );
    expect(await logCount('collectionConfig')).toBe(before + 1);
  });
});

describe('theme page settings (manage_setting theme_* keys)', () => {
  const SAVE = `mutation($m: InputSysSettings!) { saveSysSettings(model: $m) { errcode msg msg_en } }`;
  const READ = `query { findSysSettings { manage_setting } }`;

  it('stores banner, welcome texts and colour; refuses unsafe banners and bad colours, changing nothing', async () => {
    const good = {
      theme_banner: '/yy-sys/api/file/6f1c2a2e-9a57-4b7e-8f43-0a1b2c3d4e5f',
      theme_welcome: '欢迎',
      theme_welcome_en: 'Welcome',
      theme_page_color: '#72122d',
    };
    const saved = await call(SAVE, { m: { manage_setting: JSON.stringify(good) } }, adminToken);
    expect(saved.data?.saveSysSettings.errcode).toBe('0');
    const read = () => call(READ, {}, userToken).then((b) => JSON.parse(b.data?.findSysSettings.manage_setting));
    expect(await read()).toMatchObject(good);
    for (const bad of [
      { theme_banner: 'javascript:alert(1)' },
      { theme_page_color: 'red' },
      { theme_welcome: 'x'.repeat(501) },
    ]) {
      const body = await call(SAVE, { m: { manage_setting: JSON.stringify(bad) } }, adminToken);
      expect(body.data?.saveSysSettings).toMatchObject({ errcode: '500', msg: expect.stringContaining('参数错误') });
      expect(body.data?.saveSysSettings.msg_en).toContain('Invalid input');
    }
    expect(await read()).toMatchObject(good);
  });
});
