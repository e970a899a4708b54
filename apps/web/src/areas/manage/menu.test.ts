import { describe, expect, it } from 'vitest';
import { breadcrumbOf, isAllowedPath, visibleMenu } from './menu.ts';

const home = '/manage/home';

describe('isAllowedPath', () => {
  const menu = visibleMenu(new Set(['/manage/notice', '/manage/settings']));
  it('allows granted sections, including their hidden pages', () => {
    expect(isAllowedPath('/manage/notice/notice-list', menu)).toBe(true);
    expect(isAllowedPath('/manage/settings/theme/3', menu)).toBe(true);
    expect(isAllowedPath(home, menu)).toBe(true);
  });
  it('refuses sections the user was not granted', () => {
    expect(isAllowedPath('/manage/black/black-list', menu)).toBe(false);
    expect(isAllowedPath('/manage/console/authorize/staff', menu)).toBe(false);
  });
  it('keeps hidden pages outside every section (the usage instruction)', () => {
    expect(isAllowedPath('/manage/instruction', menu)).toBe(true);
    expect(isAllowedPath('/manage/signer', menu)).toBe(true);
  });
});

describe('breadcrumbOf', () => {
  it('is only home on the home page', () => {
    expect(breadcrumbOf(home, 'route.manage.home', home)).toEqual([{ title: 'route.manage.home' }]);
  });
  it('goes home > section > page for grouped pages', () => {
    expect(breadcrumbOf('/manage/settings/operate-log', 'route.manage.settingsOperateLog', home)).toEqual([
      { title: 'route.manage.home', path: home },
      { title: 'route.manage.settings' },
      { title: 'route.manage.settingsOperateLog' },
    ]);
  });
  it('goes home > page for single pages', () => {
    expect(breadcrumbOf('/manage/notice/notice-list', 'route.manage.noticeList', home)).toEqual([
      { title: 'route.manage.home', path: home },
      { title: 'route.manage.noticeList' },
    ]);
  });
});
