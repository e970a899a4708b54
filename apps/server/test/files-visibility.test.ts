/**
 * Who may read an uploaded file (docs/GLOSSARY.md "File visibility"): pictures of public pages
 * (venue pictures, pictures in notices, logos) are public; every other file (attachments,
 * avatars, evaluation pictures) needs a signed-in user of the tenant or a short-lived signed
 * link. Another tenant's token never reads a file (404, so it learns nothing). Runs on PGlite,
 * and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import {
  insertDepartment,
  insertPosition,
  insertPost,
  insertUser,
} from '../src/modules/directory/directory.repository.ts';
import { fileLinkSignature } from '../src/platform/files/files.rules.ts';
import { fileLinkKey } from '../src/platform/files/files.service.ts';
import { badmintonType, makeResource } from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';

let t: TestApp;
let otherTenantKey: string;
const tokens = { anonymous: '', student: '', resourceAdmin: '', admin: '', otherTenantAdmin: '' };
type Who = keyof typeof tokens;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp();
  tokens.student = await t.tokenFor('student');
  tokens.admin = await t.tokenFor('admin');
  const tenantId = t.demoTenantId;
  const deptCode = `FV${randomUUID().slice(0, 6)}`;
  await withTenant(t.database.db, tenantId, async (tx) => {
    const dept = await insertDepartment(tx, tenantId, { name: '体育馆', code: deptCode });
    const post = await insertPost(tx, tenantId, { name: '场馆管理岗', code: `${deptCode}-P` });
    const ra = await insertUser(tx, tenantId, { account: 'venue-admin', name: '场馆管理员' });
    await insertPosition(tx, tenantId, { user_id: ra.id, dept_id: dept.id, post_id: post.id, active: true });
  });
  await makeResource(t, tokens.admin, await badmintonType(t, tokens.admin), { admin_dept: deptCode });
  tokens.resourceAdmin = await t.tokenFor('venue-admin');
  otherTenantKey = `fv${randomUUID().slice(0, 6)}`;
  const other = await t.createOtherTenant(otherTenantKey);
  tokens.otherTenantAdmin = await t.tokenFor('admin', other);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

function multipart(fileName: string, content: Buffer) {
  const boundary = `----yuyue${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(who: Who, fileName: string, content: Buffer, purpose?: string) {
  const form = multipart(fileName, content);
  const query = new URLSearchParams({ access_token: tokens[who] });
  if (purpose !== undefined) query.set('purpose', purpose);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/file/upload?${query}`,
    headers: { 'content-type': form.contentType },
    payload: form.body,
  });
  return { status: res.statusCode, body: res.json() as Record<string, string | number> };
}

/** GET of a file uri as `who`: the token as a Bearer header, or as `access_token` with `viaQuery`. */
function read(uri: string, who: Who, viaQuery = false, headers: Record<string, string> = {}) {
  const token = tokens[who];
  const url = token && viaQuery ? `${uri}${uri.includes('?') ? '&' : '?'}access_token=${token}` : uri;
  return t.app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(token && !viaQuery ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/** The rows of a query in the demo tenant (row-level security applies). */
async function rowsOf<T>(query: string): Promise<T[]> {
  const result = await withTenant(t.database.db, t.demoTenantId, (tx) => tx.execute(query));
  return (result as unknown as { rows: T[] }).rows;
}

async function fileCount(): Promise<number> {
  return Number((await rowsOf<{ n: number }>(`SELECT count(*)::int AS n FROM files`))[0]!.n);
}

const SIGN_IN = { errcode: '500', msg: '请登录后查看此文件', msg_en: 'Sign in to see this file' };
const NOT_FOUND = { errcode: '500', msg: '文件不存在', msg_en: 'The file does not exist' };
const LINK_EXPIRED = {
  errcode: '500',
  msg: '文件链接已失效，请重新打开',
  msg_en: 'The file link has expired or is not valid; open it again',
};

describe('what an upload is for decides who reads it', () => {
  it('refuses a purpose not on the list, storing nothing', async () => {
    const before = await fileCount();
    const res = await upload('student', 'a.png', PNG, 'public');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      errno: 1,
      errcode: '500',
      error_en: expect.stringMatching(/^Invalid upload purpose: public \(allowed: resource-picture, .*attachment/),
    });
    expect(await fileCount()).toBe(before);
  });

  it('lets only administrators and resource administrators upload public pictures', async () => {
    const before = await fileCount();
    for (const purpose of ['resource-picture', 'content-picture', 'branding']) {
      const res = await upload('student', 'a.png', PNG, purpose);
      expect(res.status, purpose).toBe(403);
      expect(res.body).toMatchObject({
        errno: 1,
        error: `只有管理员或资源管理员可以上传公开图片（${purpose}）`,
        error_en: `Only administrators and resource administrators may upload public pictures (${purpose})`,
      });
    }
    expect(await fileCount()).toBe(before);
    expect((await upload('resourceAdmin', 'venue.png', PNG, 'resource-picture')).body.errno).toBe(0);
    expect((await upload('admin', 'logo.png', PNG, 'Branding')).body.errno).toBe(0);
    // Private purposes are anyone's.
    for (const purpose of ['attachment', 'avatar', 'evaluation-picture', 'import', '']) {
      expect((await upload('student', 'a.png', PNG, purpose)).body.errno, purpose).toBe(0);
    }
  });
});

describe('reading files by id', () => {
  let privateUri: string;
  let publicUri: string;
  let pdfUri: string;

  beforeAll(async () => {
    privateUri = String((await upload('student', '附件.png', PNG)).body.uri);
    publicUri = String((await upload('resourceAdmin', 'venue.png', PNG, 'resource-picture')).body.uri);
    pdfUri = String((await upload('student', 'plan.pdf', PDF, 'attachment')).body.uri);
  });

  it.each<[Who, number]>([
    ['anonymous', 401],
    ['student', 200],
    ['resourceAdmin', 200],
    ['admin', 200],
    ['otherTenantAdmin', 404],
  ])('a private file read by %s: %i', async (who, status) => {
    for (const viaQuery of [false, true]) {
      const res = await read(privateUri, who, viaQuery);
      expect(res.statusCode, `${who} ${viaQuery ? 'access_token' : 'Bearer'}`).toBe(status);
      if (status === 200) expect(res.rawPayload.equals(PNG)).toBe(true);
      if (status === 401) expect(res.json()).toEqual(SIGN_IN);
      if (status === 404) expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it.each<[Who, number]>([
    ['anonymous', 200],
    ['student', 200],
    ['resourceAdmin', 200],
    ['admin', 200],
    ['otherTenantAdmin', 404],
  ])('a public file read by %s: %i', async (who, status) => {
    const res = await read(publicUri, who);
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it("never shows another tenant's file to a request naming that tenant", async () => {
    for (const uri of [privateUri, publicUri]) {
      const res = await read(uri, 'anonymous', false, { 'x-tenant': otherTenantKey });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('refuses a token that is not valid with 401 ACCESS_TOKEN_INVALID, also for a public file', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${publicUri}?access_token=${'x'.repeat(32)}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errcode: 'ACCESS_TOKEN_INVALID' });
  });

  it('serves every file sandboxed and nosniff; images inline, PDFs as downloads', async () => {
    const image = await read(privateUri, 'student');
    expect(image.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toMatch(/^inline; /);
    const pdf = await read(pdfUri, 'student');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="plan.pdf"; filename*=UTF-8''plan.pdf`);
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
  });
});

describe('signed links', () => {
  let id: string;
  let uri: string;

  beforeAll(async () => {
    const res = await upload('student', 'photo.png', PNG, 'evaluation-picture');
    id = String(res.body.id);
    uri = String(res.body.uri);
  });

  async function linkFor(who: Who, fileUri = uri) {
    const res = await read(`${fileUri}/link`, who);
    return { status: res.statusCode, body: res.json() as { uri: string; expires_at: string } };
  }

  it('are handed to a signed-in user of the tenant and open without a token for ten minutes', async () => {
    const before = Date.now();
    const link = await linkFor('admin');
    expect(link.status).toBe(200);
    expect(link.body.uri).toMatch(new RegExp(`^${uri}\\?exp=\\d+&sig=[\\w-]{43}$`));
    const expires = Date.parse(link.body.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 10 * 60_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 10 * 60_000);

    const opened = await read(link.body.uri, 'anonymous');
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(PNG)).toBe(true);

    // A clock past the expiry: the same link no longer opens.
    vi.spyOn(Date, 'now').mockReturnValue(expires + 1000);
    const late = await read(link.body.uri, 'anonymous');
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual(LINK_EXPIRED);
  });

  it('are refused when anything in them was changed', async () => {
    const { uri: signed } = (await linkFor('student')).body;
    const url = new URL(signed, 'http://x');
    const exp = url.searchParams.get('exp')!;
    const sig = url.searchParams.get('sig')!;
    const other = String((await upload('student', 'other.png', PNG)).body.uri);
    const changed = [
      `${uri}?exp=${Number(exp) + 1}&sig=${sig}`,
      `${uri}?exp=${exp}&sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      `${uri}?exp=${exp}&sig=`,
      `${uri}?exp=${exp}`,
      `${uri}?exp=-1&sig=${sig}`,
      `${other}?exp=${exp}&sig=${sig}`,
    ];
    for (const u of changed) {
      const res = await read(u, 'anonymous');
      expect(res.statusCode, u).toBe(401);
      expect(res.json(), u).toEqual(LINK_EXPIRED);
    }
  });

  it('made with the key but lasting more than a day are refused', async () => {
    const key = await fileLinkKey(t.database.db);
    const now = Math.floor(Date.now() / 1000);
    const sign = (exp: number) => `${uri}?exp=${exp}&sig=${fileLinkSignature(key, t.demoTenantId, id, exp)}`;
    expect((await read(sign(now + 3600), 'anonymous')).statusCode).toBe(200);
    expect((await read(sign(now + 2 * 24 * 3600), 'anonymous')).statusCode).toBe(401);
    expect((await read(sign(now - 1), 'anonymous')).statusCode).toBe(401);
  });

  it("of one tenant do not open another tenant's file, nor under another tenant", async () => {
    const { uri: signed } = (await linkFor('student')).body;
    const asOther = await read(signed, 'otherTenantAdmin');
    expect(asOther.statusCode).toBe(404);
    const key = await fileLinkKey(t.database.db);
    const exp = Math.floor(Date.now() / 1000) + 600;
    const forged = `${uri}?exp=${exp}&sig=${fileLinkSignature(key, randomUUID(), id, exp)}`;
    expect((await read(forged, 'anonymous')).statusCode).toBe(401);
  });

  it('need a signed-in user of the tenant to be made', async () => {
    const anonymous = await linkFor('anonymous');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ errcode: '500', msg_en: 'Not signed in, please sign in again' });
    expect((await linkFor('otherTenantAdmin')).status).toBe(404);
    expect((await linkFor('student', '/api/file/not-a-uuid')).status).toBe(404);
  });

  it('of a public file are its plain uri', async () => {
    const pub = String((await upload('admin', 'banner.png', PNG, 'branding')).body.uri);
    expect((await linkFor('student', pub)).body).toEqual({ uri: pub, expires_at: '' });
  });
});

describe('files stored before visibility was recorded (migration 0017)', () => {
  it('become private when an avatar or a QR code refers to them, else stay public', async () => {
    const sql = fs.readFileSync(path.join(import.meta.dirname, '../migrations/0017_file_visibility.sql'), 'utf8');
    const backfill = sql.split('--> statement-breakpoint').find((s) => s.includes('UPDATE "files"'))!;
    const tenantId = t.demoTenantId;
    const ids = { qr: randomUUID(), avatar: randomUUID(), logo: randomUUID() };
    const logo = `/yy-sys/api/file/${ids.logo}`;
    await withTenant(t.database.db, tenantId, async (tx) => {
      for (const [name, fileId] of Object.entries(ids)) {
        await tx.execute(
          `INSERT INTO files (id, tenant_id, original_name, mime_type, size, storage_key, public)
           VALUES ('${fileId}', '${tenantId}', '${name}.png', 'image/png', 1, '${tenantId}/${fileId}', true)`,
        );
      }
      await tx.execute(
        `INSERT INTO user_images (tenant_id, account, image) VALUES ('${tenantId}', 'fv-old', '/yy-sys/api/file/${ids.avatar.toUpperCase()}')`,
      );
      const updated = await tx.execute(
        `UPDATE resources SET qcode_image_url = 'https://campus.example/yy-sys/api/file/${ids.qr}',
         describe = '<img src="${logo}">' WHERE id = (SELECT id FROM resources LIMIT 1) RETURNING id`,
      );
      expect((updated as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      await tx.execute(backfill);
    });
    const publicOf = async (fileId: string) =>
      (await rowsOf<{ public: boolean }>(`SELECT public FROM files WHERE id = '${fileId}'`))[0]!.public;
    expect(await publicOf(ids.avatar)).toBe(false);
    expect(await publicOf(ids.qr)).toBe(false);
    expect(await publicOf(ids.logo)).toBe(true);
  });
});
