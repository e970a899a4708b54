import { describe, expect, it } from 'vitest';
import { contentDisposition, detectFileType, extensionOf, sanitizeFileName } from './files.rules.ts';

const bytes = (...b: number[]) => Buffer.from(b);
const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const jpeg = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16);
const gif = Buffer.from('GIF89a\x01\x00', 'latin1');
const webp = Buffer.concat([Buffer.from('RIFF'), bytes(1, 2, 3, 4), Buffer.from('WEBPVP8 ')]);
const pdf = Buffer.from('%PDF-1.7\n');
const ole2 = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0);
const zip = bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0);
const html = Buffer.from('<html><script>alert(1)</script></html>');

describe('detectFileType', () => {
  it.each([
    ['a.png', png, 'image/png'],
    ['A.PNG', png, 'image/png'],
    ['photo.jpg', jpeg, 'image/jpeg'],
    ['photo.jpeg', jpeg, 'image/jpeg'],
    ['x.gif', gif, 'image/gif'],
    ['x.webp', webp, 'image/webp'],
    ['报告.pdf', pdf, 'application/pdf'],
    ['old.doc', ole2, 'application/msword'],
    ['old.xls', ole2, 'application/vnd.ms-excel'],
    ['old.ppt', ole2, 'application/vnd.ms-powerpoint'],
    ['new.docx', zip, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['new.xlsx', zip, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['new.pptx', zip, 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['a.zip', zip, 'application/zip'],
    ['notes.txt', Buffer.from('第一行\r\n\tsecond line\n'), 'text/plain; charset=utf-8'],
    ['page.txt', html, 'text/plain; charset=utf-8'],
  ])('%s is accepted as its type', (name, head, mime) => {
    expect(detectFileType(name, head)?.mime).toBe(mime);
  });

  it.each([
    ['HTML named .png', 'evil.png', html],
    ['a JPEG named .png', 'a.png', jpeg],
    ['a PNG named .jpg', 'a.jpg', png],
    ['SVG', 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', 'page.html', html],
    ['no extension', 'png', png],
    ['an executable', 'setup.exe', bytes(0x4d, 0x5a, 0x90, 0)],
    ['binary named .txt', 'x.txt', bytes(0x4d, 0x5a, 0x00, 0x01)],
    ['a zip named .pdf', 'x.pdf', zip],
    ['truncated PNG signature', 'a.png', png.subarray(0, 4)],
    ['RIFF that is not WEBP', 'a.webp', Buffer.concat([Buffer.from('RIFF'), bytes(1, 2, 3, 4), Buffer.from('WAVE')])],
    ['empty', 'a.txt', Buffer.alloc(0)],
  ])('%s is refused', (_label, name, head) => {
    expect(detectFileType(name, head)).toBeNull();
  });

  it('shows only images inline', () => {
    expect(detectFileType('a.png', png)?.inline).toBe(true);
    // PDFs are served sandboxed, and browsers do not show a sandboxed PDF: they are downloaded.
    expect(detectFileType('a.pdf', pdf)?.inline).toBe(false);
    expect(detectFileType('a.docx', zip)?.inline).toBe(false);
    expect(detectFileType('a.txt', Buffer.from('x'))?.inline).toBe(false);
  });
});

describe('file names', () => {
  it('takes the extension after the last dot', () => {
    expect(extensionOf('a.tar.ZIP')).toBe('zip');
    expect(extensionOf('.hidden')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
  });

  it('keeps the last path segment without control characters or quotes', () => {
    expect(sanitizeFileName('C:\\Users\\me\\报告 "终稿".pdf')).toBe('报告 终稿.pdf');
    expect(sanitizeFileName('../../etc/passwd\u0000.txt')).toBe('passwd.txt');
    const long = sanitizeFileName(`${'长'.repeat(300)}.docx`);
    expect(long.length).toBe(200);
    expect(long.endsWith('.docx')).toBe(true);
  });

  it('encodes the name for Content-Disposition per RFC 5987', () => {
    expect(contentDisposition('报告 (1).pdf', true)).toBe(
      `inline; filename="__ (1).pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%20%281%29.pdf`,
    );
    expect(contentDisposition('a;b%.txt', false)).toBe(
      `attachment; filename="a_b_.txt"; filename*=UTF-8''a%3Bb%25.txt`,
    );
  });
});
