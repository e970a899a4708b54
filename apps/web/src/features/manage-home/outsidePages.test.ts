import { describe, expect, it } from 'vitest';
import { chosenPage, isOutsideUrl, outsidePagesOf } from './outsidePages.ts';

const pages = [
  { name: '一卡通', name_en: 'Card', url: 'https://card.example.edu.cn/' },
  { name: '报修', name_en: '', url: 'http://repair.example.edu.cn/a?b=1' },
];

describe('external pages', () => {
  it('keeps the valid entries of the settings only', () => {
    expect(outsidePagesOf({ outside_pages: [...pages, { name: 'x', url: 'javascript:alert(1)' }, 'junk'] })).toEqual(
      pages,
    );
    expect(outsidePagesOf({})).toEqual([]);
  });

  it('accepts absolute http(s) URLs only', () => {
    expect(isOutsideUrl('https://a.example.com/x')).toBe(true);
    for (const bad of ['javascript:alert(1)', '/manage/home', 'ftp://a.example.com', 'https://u:p@a.example.com/']) {
      expect(isOutsideUrl(bad), bad).toBe(false);
    }
  });

  it('picks by index or by a configured URL, the only page without either, else asks', () => {
    expect(chosenPage(pages, new URLSearchParams('index=1'))).toBe(pages[1]);
    expect(chosenPage(pages, new URLSearchParams('index=5'))).toBeNull();
    expect(chosenPage(pages, new URLSearchParams(`url=${encodeURIComponent(pages[0]!.url)}`))).toBe(pages[0]);
    // a URL the settings do not name is never framed
    expect(chosenPage(pages, new URLSearchParams('url=https://evil.example.com/'))).toBeNull();
    expect(chosenPage(pages, new URLSearchParams())).toBeNull();
    expect(chosenPage([pages[0]!], new URLSearchParams())).toBe(pages[0]);
  });
});
