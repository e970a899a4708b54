import { afterEach, describe, expect, it } from 'vitest';
import { attachmentHref, fileUrl } from './attachment-link.ts';

const FILE = '/yy-sys/api/file/0f8fad5b-d9cb-469f-a165-70867728950e';

describe('attachmentHref', () => {
  afterEach(() => {
    delete window.__YUYUE__;
  });

  it.each([
    [FILE, FILE],
    [`${window.location.origin}${FILE}`, `${window.location.origin}${FILE}`],
    ['', null],
    [null, null],
    ['javascript:alert(document.cookie)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['https://evil.example.com/login', null],
    [`https://evil.example.com${FILE}`, null],
    ['/yy-sys/api/file/not-a-uuid', null],
  ])('%s -> %s', (uri, expected) => {
    expect(attachmentHref(uri)).toBe(expected);
  });

  it('follows the base path the server injected', () => {
    window.__YUYUE__ = { basePath: '/booking' };
    expect(attachmentHref(FILE)).toBeNull();
    expect(attachmentHref(FILE.replace('/yy-sys', '/booking'))).toBe(FILE.replace('/yy-sys', '/booking'));
  });
});

describe('fileUrl', () => {
  const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

  it('gives a file of this server the token, so a private file loads in <img> and links', () => {
    expect(fileUrl(FILE, TOKEN)).toBe(`${FILE}?access_token=${TOKEN}`);
    expect(attachmentHref(FILE, TOKEN)).toBe(`${FILE}?access_token=${TOKEN}`);
  });

  it.each([
    ['https://cdn.example.com/logo.png'],
    ['https://evil.example.com/yy-sys/api/file/0f8fad5b-d9cb-469f-a165-70867728950e'],
    ['data:image/png;base64,iVBORw0KGgo='],
  ])('never sends the token elsewhere: %s', (uri) => {
    expect(fileUrl(uri, TOKEN)).toBe(uri);
  });

  it('leaves the uri alone without a token', () => {
    expect(fileUrl(FILE, null)).toBe(FILE);
    expect(attachmentHref(FILE, null)).toBe(FILE);
  });
});
