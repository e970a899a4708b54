import { isoDateOf } from '@yuyue/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { operateLogs } from '../src/platform/audit/audit.tables.ts';
import { noticeReads, notices } from '../src/modules/notices/notices.tables.ts';
import { updateTenant } from '../src/modules/tenants/tenants.repository.ts';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';

let t: TestApp;
let userToken: string;
let adminToken: string;
let otherTenantId: string;
let otherAdminToken: string;

const FIELDS = `id note_category title title_en resource_type_id resource_type_name content content_en release_time
  state popup_mode popup_end_date created_user created_user_name del create_time totalReadCounts todayReadCounts
  allTotalReadCounts allTodayReadCounts readerCounts`;
const FIND_ALL = `query($first: Int, $offset: Int, $after: String, $filter: NoticeFilterMap) {
  findNoticeAll(first: $first, offset: $offset, after: $after, filter: $filter) {
    edges { node { ${FIELDS} } cursor } pageInfo { hasNextPage endCursor } totalCount } }`;
const FIND_ONE = `query($id: ID) { findNotice(id: $id) { ${FIELDS} } }`;
const FIVE = `query { findFiveNotice { id title } }`;
const READS = `query($first: Int, $offset: Int, $filter: NoticeReadEntityFilterMap) {
  findNoticeReadEntityList(first: $first, offset: $offset, filter: $filter) {
    edges { node { id notice_id read_user_id read_user_name read_date read_time tenant_id } } totalCount } }`;
const SAVE = `mutation($m: InputNotice) { saveNotice(model: $m) { errcode msg msg_en ids } }`;
const STATE = `mutation($id: ID, $s: Int) { updateNoticeState(id: $id, state: $s) { errcode msg msg_en ids } }`;
const DELETE = `mutation($id: ID) { deleteNotice(id: $id) { errcode msg msg_en ids } }`;
const READ = `mutation($m: InputNoticeReadEntity) { saveNoticeReadEntity(model: $m) { errcode msg msg_en ids } }`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = Record<string, any>;

async function call(query: string, variables: Record<string, unknown>, token?: string) {
  return t.gql('apps_yy_sys', query, { token, variables });
}

async function save(model: Record<string, unknown>, token = adminToken): Promise<string> {
  const res = await call(SAVE, { m: { note_category: '1', title: '通知', content: '<p>正文</p>', ...model } }, token);
  expect(res.body.data?.saveNotice).toMatchObject({ errcode: '0' });
  return res.body.data?.saveNotice.ids[0];
}

async function publish(id: string, token = adminToken) {
  const res = await call(STATE, { id, s: 1 }, token);
  expect(res.body.data?.updateNoticeState.errcode).toBe('0');
}

async function list(variables: Record<string, unknown>, token: string): Promise<{ nodes: Node[]; total: number }> {
  const res = await call(FIND_ALL, variables, token);
  expect(res.body.errors).toBeUndefined();
  const c = res.body.data?.findNoticeAll;
  return { nodes: c.edges.map((e: { node: Node }) => e.node), total: c.totalCount };
}

async function one(id: string, token: string): Promise<Node | null> {
  const res = await call(FIND_ONE, { id }, token);
  expect(res.body.errors).toBeUndefined();
  return res.body.data?.findNotice ?? null;
}

beforeAll(async () => {
  t = await createTestApp();
  userToken = await t.tokenFor(demoAccounts.user.account);
  adminToken = await t.tokenFor(demoAccounts.admin.account);
  otherTenantId = await t.createOtherTenant('east');
  await withTenant(t.database.db, otherTenantId, (tx) =>
    updateTenant(tx, otherTenantId, { time_zone: 'Pacific/Kiritimati' }),
  );
  otherAdminToken = await t.tokenFor('admin', otherTenantId);
});
afterAll(() => t.close());

describe('notices: authorization', () => {
  it('anonymous callers get nothing', async () => {
    for (const q of [FIND_ALL, FIVE, READS]) {
      const res = await call(q, {});
      expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    const res = await call(SAVE, { m: { note_category: '1', title: 'x', content: 'x' } });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('users cannot save, publish, delete or list read records', async () => {
    const id = await save({ title: '仅管理员' });
    for (const [q, v] of [
      [SAVE, { m: { note_category: '1', title: 'x', content: 'x' } }],
      [STATE, { id, s: 1 }],
      [DELETE, { id }],
      [READS, {}],
    ] as const) {
      const res = await call(q, v, userToken);
      expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect((await one(id, adminToken))?.state).toBe(0);
  });
});

describe('notices: lifecycle', () => {
  it('a draft is the admin’s only; publishing releases it to users with a release time; withdrawing hides it', async () => {
    const id = await save({ title: '草稿', title_en: 'Draft', content: '<p>内容</p>', content_en: '<p>Body</p>' });
    const draft = await one(id, adminToken);
    expect(draft).toMatchObject({
      state: 0,
      del: 0,
      release_time: '',
      created_user: demoAccounts.admin.account,
      created_user_name: demoAccounts.admin.name,
      title_en: 'Draft',
      content_en: '<p>Body</p>',
    });
    expect(draft!.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await one(id, userToken)).toBeNull();
    expect((await list({ first: 100 }, userToken)).nodes.map((n) => n.id)).not.toContain(id);
    expect((await list({ first: 100 }, adminToken)).nodes.map((n) => n.id)).toContain(id);

    await publish(id);
    const published = await one(id, userToken);
    expect(published?.state).toBe(1);
    expect(published?.release_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await list({ first: 100 }, userToken)).nodes.map((n) => n.id)).toContain(id);

    const withdrawn = await call(STATE, { id, s: 2 }, adminToken);
    expect(withdrawn.body.data?.updateNoticeState.errcode).toBe('0');
    expect(await one(id, userToken)).toBeNull();
    expect((await one(id, adminToken))?.state).toBe(2);

    const logs = await t.database.db.select().from(operateLogs).where(eq(operateLogs.operate_object, id));
    expect(logs.map((l) => `${l.operate_module}.${l.operate_type}`).sort()).toEqual([
      'notice.save',
      'notice.updateState',
      'notice.updateState',
    ]);
  });

  it('updates keep the author and the release time; a future release time hides a published notice', async () => {
    const id = await save({ title: '旧标题', release_time: '2020-01-02 08:30' });
    await publish(id);
    const res = await call(SAVE, { m: { id, note_category: '1', title: '新标题', content: '<p>新</p>' } }, adminToken);
    expect(res.body.data?.saveNotice).toMatchObject({ errcode: '0', ids: [id] });
    expect(await one(id, userToken)).toMatchObject({
      title: '新标题',
      release_time: '2020-01-02 08:30:00',
      created_user: demoAccounts.admin.account,
    });

    const future = await save({ title: '未来', release_time: '2999-01-01 00:00:00', state: 1 });
    expect(await one(future, userToken)).toBeNull();
    expect((await one(future, adminToken))?.state).toBe(1);
  });

  it('delete is soft: del is set, nobody sees it, read records stay', async () => {
    const id = await save({ title: '将删除' });
    await publish(id);
    expect((await call(READ, { m: { notice_id: id } }, userToken)).body.data?.saveNoticeReadEntity.errcode).toBe('0');
    const res = await call(DELETE, { id }, adminToken);
    expect(res.body.data?.deleteNotice).toMatchObject({ errcode: '0', ids: [id] });
    expect(await one(id, adminToken)).toBeNull();
    expect(await one(id, userToken)).toBeNull();
    const [row] = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.select().from(notices).where(eq(notices.id, id)),
    );
    expect(row?.del).toBe(1);
    const again = await call(DELETE, { id }, adminToken);
    expect(again.body.data?.deleteNotice).toMatchObject({ errcode: '500', msg: '公告不存在' });
    const reads = await call(READS, { filter: { notice_id: { eq: id } } }, adminToken);
    expect(reads.body.data?.findNoticeReadEntityList.totalCount).toBe(1);
  });

  it('findFiveNotice returns the five newest published notices', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 6; i++) {
      const id = await save({ title: `首页${i}`, release_time: `2030-01-0${i} 09:00` });
      ids.push(id);
    }
    await call(
      SAVE,
      { m: { note_category: '1', title: '草稿不显示', content: 'x', release_time: '2031-01-01' } },
      adminToken,
    );
    // released in the future: not yet shown
    for (const id of ids) await publish(id);
    const future = await call(FIVE, {}, userToken);
    expect(future.body.data?.findFiveNotice.map((n: Node) => n.title)).not.toContain('首页1');
    // bring them into the past, keeping their order
    for (const [i, id] of ids.entries()) {
      const r = await call(
        SAVE,
        { m: { id, note_category: '1', title: `首页${i + 1}`, content: 'x', release_time: `2025-01-0${i + 1} 09:00` } },
        adminToken,
      );
      expect(r.body.data?.saveNotice.errcode).toBe('0');
    }
    const res = await call(FIVE, {}, userToken);
    const titles = res.body.data?.findFiveNotice.map((n: Node) => n.title);
    expect(titles).toHaveLength(5);
    expect(titles).not.toContain('草稿不显示');
  });

  it('refuses bad input with zh/en messages and changes nothing', async () => {
    const before = (await list({ first: 999 }, adminToken)).total;
    const cases: [Record<string, unknown>, string][] = [
      [{ note_category: '1', title: ' ', content: '<p>x</p>' }, 'The notice title cannot be empty'],
      [{ note_category: '1', title: 't', content: '<script>alert(1)</script>' }, 'The notice content cannot be empty'],
      [{ note_category: '1', title: 't', content: 'x', release_time: '2026-13-01' }, 'The release time'],
      [{ note_category: '2', title: 't', content: 'x', popup_end_date: 'tomorrow' }, 'The pop-up end date'],
      [{ note_category: '9', title: 't', content: 'x' }, 'Invalid input: note_category'],
      [{ note_category: '1', title: 't', content: 'x', state: 7 }, 'Invalid input: state'],
    ];
    for (const [m, en] of cases) {
      const res = await call(SAVE, { m }, adminToken);
      expect(res.body.data?.saveNotice.errcode).toBe('500');
      expect(res.body.data?.saveNotice.msg_en).toContain(en);
      expect(res.body.data?.saveNotice.msg).not.toBe('');
    }
    const id = await save({});
    const bad = await call(STATE, { id, s: 5 }, adminToken);
    expect(bad.body.data?.updateNoticeState).toMatchObject({
      errcode: '500',
      msg_en: expect.stringContaining('state'),
    });
    expect((await one(id, adminToken))?.state).toBe(0);
    const missing = await call(STATE, { id: '00000000-0000-4000-8000-000000000000', s: 1 }, adminToken);
    expect(missing.body.data?.updateNoticeState).toMatchObject({ errcode: '500', msg_en: 'The notice does not exist' });
    expect((await list({ first: 999 }, adminToken)).total).toBe(before + 1);
  });
});

describe('notices: filters and paging', () => {
  it('the pop-up call (first 999, offset -1, category 2) and filters by category, title and state', async () => {
    const popup = await save({ note_category: '2', title: '弹窗筛选', popup_mode: '1' });
    await publish(popup);
    const { nodes } = await list({ first: 999, offset: -1, filter: { note_category: { eq: '2' } } }, userToken);
    expect(nodes.length).toBeGreaterThan(0);
    expect(nodes.every((n) => n.note_category === '2' && n.state === 1)).toBe(true);
    expect(nodes.find((n) => n.id === popup)).toMatchObject({ popup_mode: '1', popup_end_date: '' });

    const byTitle = await list({ first: 10, filter: { title: { like: '筛选' } } }, adminToken);
    expect(byTitle.nodes.map((n) => n.id)).toEqual([popup]);
    const drafts = await list({ first: 999, filter: { state: { eq: '0' } } }, adminToken);
    expect(drafts.nodes.every((n) => n.state === 0)).toBe(true);
    const nothing = await list({ first: 10, filter: { state: { eq: 'x' } } }, adminToken);
    expect(nothing.total).toBe(0);
    const empty = await list({ first: 10, filter: { note_category: { eq: '' } } }, adminToken);
    expect(empty.total).toBeGreaterThan(1);
  });

  it('pages with totalCount and hasNextPage; the after cursor continues', async () => {
    const first = await call(FIND_ALL, { first: 2, offset: 0 }, adminToken);
    const c = first.body.data?.findNoticeAll;
    expect(c.edges).toHaveLength(2);
    expect(c.pageInfo.hasNextPage).toBe(c.totalCount > 2);
    const next = await call(FIND_ALL, { first: 2, after: c.pageInfo.endCursor }, adminToken);
    const ids = next.body.data?.findNoticeAll.edges.map((e: { node: Node }) => e.node.id);
    expect(ids).not.toContain(c.edges[0].node.id);
    expect(ids).not.toContain(c.edges[1].node.id);
  });

  it('a pop-up notice keeps its mode and end date; an ordinary notice has none', async () => {
    const id = await save({ note_category: '2', title: '每日', popup_mode: '2', popup_end_date: '2030-05-06' });
    expect(await one(id, adminToken)).toMatchObject({ popup_mode: '2', popup_end_date: '2030-05-06' });
    const plain = await save({ note_category: '1', popup_mode: '2', popup_end_date: '2030-05-06' });
    expect(await one(plain, adminToken)).toMatchObject({ popup_mode: '', popup_end_date: '' });
  });
});

describe('notices: sanitizing on the server', () => {
  it('strips XSS payloads and keeps formatting, links, images and tables', async () => {
    const payload = [
      '<p>safe <strong>bold</strong> <em>it</em></p>',
      '<script>alert("s")</script>',
      '<img src="/yy-sys/api/file/abc" alt="pic" onerror="alert(1)">',
      '<a href="javascript:alert(2)">bad link</a>',
      '<a href="https://example.edu/x" target="_blank">good link</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<svg onload="alert(3)"><circle r="1"/></svg>',
      '<img src="data:image/svg+xml;base64,PHN2Zy8+">',
      '<div style="background:url(javascript:alert(4))" onclick="alert(5)">div</div>',
      '<style>p{color:red}</style>',
      '<table><tbody><tr><td colspan="2">cell</td></tr></tbody></table>',
    ].join('');
    const id = await save({ title: 'XSS', content: payload, content_en: '<p onmouseover="alert(6)">en</p>' });
    const n = (await one(id, adminToken))!;
    for (const bad of [
      '<script',
      'onerror',
      'onload',
      'onclick',
      'onmouseover',
      'javascript:',
      '<iframe',
      '<svg',
      'data:',
      '<style',
      'alert',
    ]) {
      expect(n.content.toLowerCase()).not.toContain(bad);
      expect(n.content_en.toLowerCase()).not.toContain(bad);
    }
    expect(n.content).toContain('<strong>bold</strong>');
    expect(n.content).toContain('<img src="/yy-sys/api/file/abc" alt="pic" />');
    expect(n.content).toContain('href="https://example.edu/x"');
    expect(n.content).toContain('rel="noopener noreferrer"');
    expect(n.content).toContain('<td colspan="2">cell</td>');
    expect(n.content_en).toBe('<p>en</p>');
  });
});

describe('notices: reads', () => {
  it('records one read per user per day, taking the reader from the token; counts are the caller’s and everyone’s', async () => {
    const id = await save({ note_category: '2', title: '阅读计数', popup_mode: '1' });
    await publish(id);
    const today = isoDateOf(Date.now(), 'Asia/Shanghai');

    const r1 = await call(READ, { m: { notice_id: id, read_user_id: 'admin', read_user_name: '冒充' } }, userToken);
    expect(r1.body.data?.saveNoticeReadEntity).toMatchObject({ errcode: '0', msg: '操作成功', msg_en: 'Success' });
    const readId = r1.body.data?.saveNoticeReadEntity.ids[0];
    const r2 = await call(READ, { m: { notice_id: id } }, userToken);
    expect(r2.body.data?.saveNoticeReadEntity.ids).toEqual([readId]);

    // a read of yesterday (tenant's zone) counts in the total, not today
    const yesterday = isoDateOf(Date.now() - 86_400_000, 'Asia/Shanghai');
    await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.insert(noticeReads).values({
        tenant_id: t.demoTenantId,
        notice_id: id,
        read_user_id: demoAccounts.user.account,
        read_user_name: demoAccounts.user.name,
        read_date: yesterday,
        read_time: new Date(Date.now() - 86_400_000),
      }),
    );

    expect(await one(id, userToken)).toMatchObject({
      totalReadCounts: 2,
      todayReadCounts: 1,
      allTotalReadCounts: 2,
      allTodayReadCounts: 1,
      readerCounts: 1,
    });
    // the admin has not read it: their own counts are 0, everyone's are shown
    expect(await one(id, adminToken)).toMatchObject({
      totalReadCounts: 0,
      todayReadCounts: 0,
      allTotalReadCounts: 2,
      allTodayReadCounts: 1,
      readerCounts: 1,
    });

    const reads = await call(READS, { first: 10, offset: 0, filter: { notice_id: { eq: id } } }, adminToken);
    const rows = reads.body.data?.findNoticeReadEntityList;
    expect(rows.totalCount).toBe(2);
    expect(rows.edges[0].node).toMatchObject({
      id: readId,
      notice_id: id,
      read_user_id: demoAccounts.user.account,
      read_user_name: demoAccounts.user.name,
      read_date: today,
      tenant_id: t.demoTenantId,
    });
    expect(rows.edges[0].node.read_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows.edges[1].node.read_date).toBe(yesterday);
    const byName = await call(
      READS,
      { filter: { read_user_name: { like: demoAccounts.user.name.slice(0, 1) } } },
      adminToken,
    );
    expect(byName.body.data?.findNoticeReadEntityList.totalCount).toBeGreaterThanOrEqual(2);
    const badId = await call(READS, { filter: { notice_id: { eq: 'not-a-uuid' } } }, adminToken);
    expect(badId.body.data?.findNoticeReadEntityList.totalCount).toBe(0);
  });

  it('users cannot read drafts or unknown notices', async () => {
    const draft = await save({ title: '草稿不可读' });
    for (const notice_id of [draft, '00000000-0000-4000-8000-000000000000', 'x']) {
      const res = await call(READ, { m: { notice_id } }, userToken);
      expect(res.body.data?.saveNoticeReadEntity).toMatchObject({
        errcode: '500',
        msg_en: 'The notice does not exist',
      });
    }
  });

  it('"today" is the date in the tenant’s time zone', async () => {
    const id = await save({ note_category: '2', title: '时区', popup_mode: '2' }, otherAdminToken);
    await publish(id, otherAdminToken);
    const res = await call(READ, { m: { notice_id: id } }, otherAdminToken);
    expect(res.body.data?.saveNoticeReadEntity.errcode).toBe('0');
    const reads = await call(READS, { filter: { notice_id: { eq: id } } }, otherAdminToken);
    expect(reads.body.data?.findNoticeReadEntityList.edges[0].node.read_date).toBe(
      isoDateOf(Date.now(), 'Pacific/Kiritimati'),
    );
    expect(await one(id, otherAdminToken)).toMatchObject({ totalReadCounts: 1, todayReadCounts: 1 });
  });
});

describe('notices: tenant isolation', () => {
  it('another tenant sees, changes and reads none of this tenant’s notices', async () => {
    const id = await save({ title: '本租户' });
    await publish(id);
    expect(await one(id, otherAdminToken)).toBeNull();
    const theirs = await list({ first: 999 }, otherAdminToken);
    expect(theirs.nodes.map((n) => n.id)).not.toContain(id);
    expect(theirs.nodes.every((n) => n.title !== '本租户')).toBe(true);
    const five = await call(FIVE, {}, otherAdminToken);
    expect(five.body.data?.findFiveNotice.map((n: Node) => n.id)).not.toContain(id);
    for (const [q, v] of [
      [STATE, { id, s: 2 }],
      [DELETE, { id }],
      [SAVE, { m: { id, note_category: '1', title: '篡改', content: 'x' } }],
      [READ, { m: { notice_id: id } }],
    ] as const) {
      const res = await call(q, v, otherAdminToken);
      const result = Object.values(res.body.data ?? {})[0] as Node;
      expect(result).toMatchObject({ errcode: '500', msg_en: 'The notice does not exist' });
    }
    expect(await one(id, userToken)).toMatchObject({ title: '本租户', state: 1 });
    const reads = await call(READS, { filter: { notice_id: { eq: id } } }, otherAdminToken);
    expect(reads.body.data?.findNoticeReadEntityList.totalCount).toBe(0);
  });
});
