import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';

const MAX = 64 * 1024;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-files-'));
const uploads = path.join(dataDir, 'uploads');

let t: TestApp;
let userToken: string;
let adminToken: string;
let otherTenantId: string;
let otherToken: string;

beforeAll(async () => {
  t = await createTestApp({ dataDir, uploadMaxBytes: MAX });
  userToken = await t.tokenFor(demoAccounts.user.account);
  adminToken = await t.tokenFor(demoAccounts.admin.account);
  otherTenantId = await t.createOtherTenant('east');
  otherToken = await t.tokenFor('admin', otherTenantId);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001', 'hex'),
  Buffer.from([0, 1, 2, 3, 250, 251, 252, 253, 254, 255]),
]);

/** A multipart/form-data body with one file part. */
function multipart(fileName: string, content: Buffer, field = 'file', contentType = 'application/octet-stream') {
  const boundary = `----yuyue${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const body = Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  fileName: string,
  content: Buffer,
  opts: { token?: string; bearer?: string; prefix?: string; contentType?: string } = {},
) {
  const form = multipart(fileName, content, 'file', opts.contentType);
  const query = opts.token ? `?access_token=${encodeURIComponent(opts.token)}` : '';
  const res = await t.app.inject({
    method: 'POST',
    url: `${opts.prefix ?? ''}/api/file/upload${query}`,
    headers: { 'content-type': form.contentType, ...(opts.bearer ? { authorization: `Bearer ${opts.bearer}` } : {}) },
    payload: form.body,
  });
  return { status: res.statusCode, body: res.json() };
}

/** Every stored file (not temporary ones) under the uploads directory. */
function storedFiles(): string[] {
  if (!fs.existsSync(uploads)) return [];
  return fs
    .readdirSync(uploads, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(uploads, path.join(e.parentPath, e.name)));
}

async function fileRows(): Promise<number> {
  const logs = await t.gql(
    'apps_yy_sys',
    '{ findOperateLogAll(first: 200, filter: { operate_module: { eq: "file" } }) { totalCount } }',
    {
      token: adminToken,
    },
  );
  return logs.body.data?.findOperateLogAll.totalCount;
}

describe('file upload', () => {
  let uploaded: { id: string; uri: string };

  it('stores a PNG and answers {id, uri, errno, error}', async () => {
    const res = await upload('校徽.png', PNG, { token: userToken, contentType: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      uri: expect.any(String),
      errno: 0,
      error: '',
    });
    expect(res.body.uri).toBe(`${t.config.basePath}/api/file/${res.body.id}`);
    uploaded = res.body;
    expect(storedFiles()).toEqual([path.join(t.demoTenantId, res.body.id)]);
  });

  it('serves the same bytes with the recorded type, nosniff and inline disposition', async () => {
    for (const url of [uploaded.uri, `/api/file/${uploaded.id}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${userToken}` } });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PNG)).toBe(true);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="__.png"; filename*=UTF-8''%E6%A0%A1%E5%BE%BD.png`,
      );
    }
    // An upload that names no purpose is private (test/files-visibility.test.ts has the rest).
    const anonymous = await t.app.inject({ method: 'GET', url: uploaded.uri });
    expect(anonymous.statusCode).toBe(401);
  });

  it('accepts the token as a Bearer header and under the base path, serving documents as attachments', async () => {
    const text = Buffer.from('会议纪要\n第二行\n');
    const res = await upload('纪要.txt', text, { bearer: adminToken, prefix: t.config.basePath });
    expect(res.body.errno).toBe(0);
    const got = await t.app.inject({ method: 'GET', url: `${res.body.uri}?access_token=${adminToken}` });
    expect(got.rawPayload.equals(text)).toBe(true);
    expect(got.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(got.headers['content-disposition']).toMatch(
      /^attachment; filename="__.txt"; filename\*=UTF-8''%E7%BA%AA%E8%A6%81\.txt$/,
    );
  });

  it('refuses HTML named .png, and SVG, with zh and en messages', async () => {
    const before = storedFiles().length;
    const html = await upload(
      'evil.png',
      Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
      {
        token: userToken,
        contentType: 'image/png',
      },
    );
    expect(html.status).toBe(400);
    expect(html.body).toEqual({
      id: '',
      uri: '',
      errno: 1,
      error: '不支持的文件类型：.png',
      error_en: 'File type not allowed: .png',
      errcode: '500',
      msg: '不支持的文件类型：.png',
      msg_en: 'File type not allowed: .png',
    });
    const svg = await upload(
      'logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      {
        token: userToken,
        contentType: 'image/svg+xml',
      },
    );
    expect(svg.status).toBe(400);
    expect(svg.body.errno).toBe(1);
    expect(storedFiles().length).toBe(before);
  });

  it('refuses a file over the limit, leaving no bytes and no row behind', async () => {
    const filesBefore = storedFiles();
    const rowsBefore = await fileRows();
    const big = Buffer.concat([PNG, Buffer.alloc(MAX + 10, 7)]);
    const res = await upload('big.png', big, { token: userToken });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      id: '',
      uri: '',
      errno: 1,
      error: '文件过大，最大允许0.1MB',
      error_en: 'The file is too large; the limit is 0.1 MB',
    });
    expect(storedFiles()).toEqual(filesBefore);
    expect(fs.readdirSync(path.join(uploads, '.tmp'))).toEqual([]);
    expect(await fileRows()).toBe(rowsBefore);
  });

  it('requires sign-in: no token or a bad one is 401', async () => {
    const none = await upload('a.png', PNG);
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ errno: 1, error: '未授权，请重新登录' });
    const bad = await upload('a.png', PNG, { token: 'not-a-real-token-000000' });
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ errno: 1, error_en: 'ACCESS_TOKEN_INVALID' });
  });

  it('refuses a request without a file', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/file/upload?access_token=${userToken}`,
      headers: { 'content-type': 'application/json' },
      payload: { file: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errno: 1, error: '未收到文件', error_en: 'No file was received' });
    const empty = await upload('empty.txt', Buffer.alloc(0), { token: userToken });
    expect(empty.body).toMatchObject({ errno: 1, error: '未收到文件' });
  });

  it('logs each upload', async () => {
    const logs = await t.gql(
      'apps_yy_sys',
      '{ findOperateLogAll(filter: { operate_module: { eq: "file" } }) { totalCount edges { node { operate_type operate_object operate_user_id } } } }',
      { token: adminToken },
    );
    const nodes = logs.body.data?.findOperateLogAll.edges.map((e: { node: unknown }) => e.node);
    expect(nodes).toContainEqual({
      operate_type: 'upload',
      operate_object: uploaded.id,
      operate_user_id: demoAccounts.user.account,
    });
    expect(logs.body.data?.findOperateLogAll.totalCount).toBe(2);
  });

  it("answers 404 JSON for an unknown id, a malformed id, and another tenant's file", async () => {
    for (const url of [
      '/api/file/2b1f7c55-8c1e-4b8e-9a51-7d4c1f0e9a00',
      '/api/file/not-a-uuid',
      `${t.config.basePath}/api/file/..%2F..%2Fetc`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ errcode: '500', msg: '文件不存在', msg_en: 'The file does not exist' });
    }
    const foreign = await t.app.inject({
      method: 'GET',
      url: uploaded.uri,
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(foreign.statusCode).toBe(404);
    const byHeader = await t.app.inject({ method: 'GET', url: uploaded.uri, headers: { 'x-tenant': 'east' } });
    expect(byHeader.statusCode).toBe(404);
  });
});

/** A raw POST to the upload endpoint as the demo user. */
async function post(payload: Buffer | string, contentType: string | undefined) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/file/upload?access_token=${userToken}`,
    headers: contentType === undefined ? {} : { 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('malformed upload requests', () => {
  const boundary = 'yuyueBoundary7MA4YWxkTrZu0gW';
  const mp = `multipart/form-data; boundary=${boundary}`;
  const filePart = (name: string, fileName: string, content: Buffer | string) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from('\r\n'),
    ]);
  const fieldPart = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const end = Buffer.from(`--${boundary}--\r\n`);

  const cases: [string, Buffer | string, string | undefined, RegExp][] = [
    [
      'multipart without a boundary',
      Buffer.concat([filePart('file', 'a.png', PNG), end]),
      'multipart/form-data',
      /^UPLOAD_MALFORMED$/,
    ],
    [
      'an empty boundary',
      Buffer.concat([filePart('file', 'a.png', PNG), end]),
      'multipart/form-data; boundary=',
      /^UPLOAD_MALFORMED$/,
    ],
    ['a body cut inside the file', filePart('file', 'a.png', PNG).subarray(0, 150), mp, /^UPLOAD_MALFORMED$/],
    ['a body cut before the closing boundary', filePart('file', 'a.png', PNG), mp, /^UPLOAD_MALFORMED$/],
    [
      'a body cut inside the part header',
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-da`),
      mp,
      /^UPLOAD_MALFORMED$/,
    ],
    ['bytes that are not multipart', Buffer.from('\u0000\u0001garbage'.repeat(100)), mp, /^UPLOAD_MALFORMED$/],
    ['a field instead of a file', Buffer.concat([fieldPart('file', 'iVBORw0KGgo='), end]), mp, /^FILE_MISSING$/],
    ['plain text', 'file=a.png', 'text/plain', /^FILE_MISSING$/],
    ['a form', 'file=a.png', 'application/x-www-form-urlencoded', /^FILE_MISSING$/],
    ['an empty multipart body', '', mp, /^FILE_MISSING$/],
    [
      'two files',
      Buffer.concat([filePart('file', 'a.png', PNG), filePart('file', 'b.png', PNG), end]),
      mp,
      /^UPLOAD_ONE_FILE$/,
    ],
    [
      'a file then a second one under another name',
      Buffer.concat([filePart('file', 'a.png', PNG), fieldPart('x', '1'), filePart('other', 'b.png', PNG), end]),
      mp,
      /^UPLOAD_ONE_FILE$/,
    ],
  ];
  const codeOf: Record<string, string> = {
    '上传请求格式错误，不是完整的 multipart/form-data 内容': 'UPLOAD_MALFORMED',
    未收到文件: 'FILE_MISSING',
    一次只能上传一个文件: 'UPLOAD_ONE_FILE',
  };

  it.each(cases)(
    'refuses %s with a 400 in the contract shape, storing nothing',
    async (_label, payload, type, code) => {
      const filesBefore = storedFiles();
      const rowsBefore = await fileRows();
      const res = await post(payload, type);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errno: 1, errcode: '500', id: '', uri: '' });
      expect(res.body.msg).toBe(res.body.error);
      expect(res.body.msg_en).toBe(res.body.error_en);
      expect(codeOf[res.body.msg]).toMatch(code);
      expect(storedFiles()).toEqual(filesBefore);
      expect(await fileRows()).toBe(rowsBefore);
    },
  );

  it('refuses a body of a type it has no parser for, or of no type, with a 415 in the contract shape', async () => {
    for (const [payload, type] of [
      ['<file/>', 'application/xml'],
      [Buffer.from('x'), undefined],
    ] as const) {
      const res = await post(payload, type);
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ errcode: '415', msg: expect.any(String), msg_en: expect.any(String) });
    }
  });

  it('refuses a file over the limit followed by more parts', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(MAX + 10, 7)]);
    const res = await post(Buffer.concat([filePart('file', 'big.png', big), fieldPart('x', '1'), end]), mp);
    expect(res.status).toBe(400);
    expect(res.body.error_en).toBe('The file is too large; the limit is 0.1 MB');
  });

  it('takes the file among fields, and still serves after every malformed request', async () => {
    const res = await post(
      Buffer.concat([fieldPart('note', '1'), filePart('file', 'ok.png', PNG), fieldPart('after', '2'), end]),
      mp,
    );
    expect(res.status).toBe(200);
    expect(res.body.errno).toBe(0);
    const got = await t.app.inject({
      method: 'GET',
      url: res.body.uri,
      headers: { authorization: `Bearer ${userToken}` },
    });
    expect(got.rawPayload.equals(PNG)).toBe(true);
  });
});
