import { afterEach, describe, expect, it } from 'vitest';
import { attachmentHref } from './attachment-link.ts';

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
