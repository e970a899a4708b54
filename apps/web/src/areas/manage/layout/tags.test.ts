import { describe, expect, it } from 'vitest';
import {
  TAGS_VIEW_KEY,
  addTag,
  closeAllTags,
  closeOtherTags,
  closeTag,
  pathAfterClose,
  readTagsView,
  writeTagsView,
  type PageTag,
} from './tags.ts';

const home: PageTag = { path: '/manage/home', title: 'route.manage.home', affix: true };
const notice: PageTag = { path: '/manage/notice/notice-list', title: 'route.manage.noticeList' };
const sys: PageTag = { path: '/manage/settings/sys', title: 'route.manage.settingsSys' };
const log: PageTag = { path: '/manage/settings/operate-log', title: 'route.manage.settingsOperateLog' };
const paths = (tags: PageTag[]) => tags.map((t) => t.path);

describe('tags view', () => {
  it('is off until turned on, and remembers the choice', () => {
    expect(readTagsView()).toBe(false);
    writeTagsView(true);
    expect(window.localStorage.getItem(TAGS_VIEW_KEY)).toBe('1');
    expect(readTagsView()).toBe(true);
    writeTagsView(false);
    expect(readTagsView()).toBe(false);
  });

  it('adds each visited page once, at the end', () => {
    const tags = addTag(addTag(addTag([home], notice), sys), notice);
    expect(paths(tags)).toEqual([home.path, notice.path, sys.path]);
    expect(addTag(tags, { ...home, affix: false })[0]?.affix).toBe(true);
  });

  it('closes a tag but never an affixed one', () => {
    const tags = [home, notice, sys];
    expect(paths(closeTag(tags, notice.path))).toEqual([home.path, sys.path]);
    expect(paths(closeTag(tags, home.path))).toEqual([home.path, notice.path, sys.path]);
  });

  it('closing others keeps affixed tags and the chosen one', () => {
    expect(paths(closeOtherTags([home, notice, sys, log], sys.path))).toEqual([home.path, sys.path]);
    expect(paths(closeOtherTags([notice, home, sys], notice.path))).toEqual([notice.path, home.path]);
  });

  it('closing all keeps only affixed tags', () => {
    expect(paths(closeAllTags([home, notice, sys]))).toEqual([home.path]);
  });

  it('goes to the last open tag when the shown page was closed', () => {
    const after = closeTag([home, notice, sys], sys.path);
    expect(pathAfterClose(after, sys.path, home.path)).toBe(notice.path);
    expect(pathAfterClose(after, notice.path, home.path)).toBe(notice.path);
    expect(pathAfterClose([], sys.path, home.path)).toBe(home.path);
  });
});
