/**
 * The back office's external pages (`outside_pages` in the settings, /manage/iframe/outside):
 * only absolute http(s) URLs of a sane length are kept, others refused with a clear message and
 * nothing changed; the web app may frame exactly their origins (frame-src).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outsideOrigins, outsideOriginsSource } from '../src/modules/manage-home/manage-home.outside.ts';
import { securityHeaders } from '../src/platform/security-headers.ts';
import { createTestApp, type TestApp } from './support.ts';

const SAVE = `mutation($m: InputSysSettings!) { saveSysSettings(model: $m) { errcode msg msg_en ids } }`;
const FIND = `{ findSysSettings { manage_setting } }`;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin');
}, 180_000);
afterAll(async () => t?.close());

const save = (patch: Record<string, unknown>, token = admin) =>
  t.gql('apps_yy_sys', SAVE, { token, variables: { m: { manage_setting: JSON.stringify(patch) } } });
const stored = async () =>
  JSON.parse((await t.gql('apps_yy_sys', FIND, { token: admin })).body.data!.findSysSettings.manage_setting);

describe('outside pages in the settings', () => {
  it('keeps http(s) pages with their names, and the contact for users without a right', async () => {
    const pages = [
      { name: '一卡通', name_en: 'Campus card', url: 'https://card.example.edu.cn/portal?x=1' },
      { name: '报修', name_en: '', url: 'http://repair.example.edu.cn:8080/' },
    ];
    const res = await save({ outside_pages: pages, admin_contact: '信息中心 010-12345678' });
    expect(res.body.data?.saveSysSettings).toMatchObject({ errcode: '0' });
    expect(await stored()).toMatchObject({ outside_pages: pages, admin_contact: '信息中心 010-12345678' });
  });

  it.each([
    ['a javascript: URL', [{ name: 'x', url: 'javascript:alert(1)' }]],
    ['a data: URL', [{ name: 'x', url: 'data:text/html,<script>alert(1)</script>' }]],
    ['a relative path', [{ name: 'x', url: '/manage/home' }]],
    ['a URL with a password', [{ name: 'x', url: 'https://user:secret@example.com/' }]],
    ['a URL over 2048 characters', [{ name: 'x', url: `https://example.com/${'a'.repeat(2050)}` }]],
    ['a page without a name', [{ name: ' ', url: 'https://example.com/' }]],
    ['a name over 50 characters', [{ name: '名'.repeat(51), url: 'https://example.com/' }]],
    [
      'more than 20 pages',
      Array.from({ length: 21 }, (_, i) => ({ name: `p${i}`, url: `https://e${i}.example.com/` })),
    ],
    ['not a list', 'https://example.com/'],
  ])('refuses %s with a clear message in both languages, changing nothing', async (_what, outside_pages) => {
    const before = await stored();
    const res = await save({ outside_pages, sys_name: '不该保存' });
    const out = res.body.data?.saveSysSettings;
    expect(out?.errcode, JSON.stringify(res.body)).not.toBe('0');
    expect(out.msg).toBeTruthy();
    expect(out.msg_en).toBeTruthy();
    expect(out.msg).toMatch(/outside_pages/);
    expect(await stored()).toEqual(before);
  });

  it('is an administrator’s to change', async () => {
    const student = await t.tokenFor('student');
    const res = await save({ outside_pages: [] }, student);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('what the web app may frame', () => {
  it('names exactly the origins of valid external pages', () => {
    expect(
      outsideOrigins([
        {
          outside_pages: [
            { name: 'a', url: 'https://a.example.com/x' },
            { name: 'b', url: 'javascript:1' },
          ],
        },
        {
          outside_pages: [
            { name: 'c', url: 'http://c.example.com:8080/y?z' },
            { name: 'a2', url: 'https://a.example.com/' },
          ],
        },
        { outside_pages: 'https://not-a-list.example.com/' },
        {},
      ]),
    ).toEqual(['http://c.example.com:8080', 'https://a.example.com']);
  });

  it("puts them in the page's frame-src and nothing else", () => {
    const csp = (origins: string[]) =>
      securityHeaders(t.config, '<html></html>', origins)['content-security-policy']!.split('; ');
    expect(csp([]).find((d) => d.startsWith('frame-src'))).toBe("frame-src 'self'");
    expect(csp(['https://a.example.com']).find((d) => d.startsWith('frame-src'))).toBe(
      "frame-src 'self' https://a.example.com",
    );
    // the other directives do not change
    expect(csp(['https://a.example.com']).filter((d) => !d.startsWith('frame-src'))).toEqual(
      csp([]).filter((d) => !d.startsWith('frame-src')),
    );
  });

  it("reads every tenant's settings, and a change within the cache's lifetime", async () => {
    await save({ outside_pages: [{ name: '一卡通', url: 'https://card.example.edu.cn/portal' }] });
    const source = outsideOriginsSource(t.database.db);
    expect(await source()).toContain('https://card.example.edu.cn');
  });
});
