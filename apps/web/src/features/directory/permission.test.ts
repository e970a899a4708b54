import { describe, expect, it } from 'vitest';
import type { MenuEntry } from './api/canvasmenus.ts';
import { allowedManageRoots, permissionOf } from './permission.ts';

const entry = (uri: string, description = '', extra: Partial<MenuEntry> = {}): MenuEntry => ({
  id: uri,
  name: uri,
  text: uri,
  uri,
  icon: '',
  parent: '',
  target: '',
  description,
  visible: true,
  deleted: false,
  ...extra,
});

describe('permission from menus (spec 6)', () => {
  it('is admin when the home-page entry is among the menus', () => {
    expect(permissionOf([entry('/manage/home', 'home page')], 'NO')).toBe('admin');
    expect(permissionOf([entry('/manage/notice')], 'NO')).toBe('user');
    expect(permissionOf([], 'NO')).toBe('user');
  });

  it('ignores a deleted home-page entry', () => {
    expect(permissionOf([entry('/manage/home', 'home page', { deleted: true })], 'NO')).toBe('user');
  });

  it('grants admin and all routes in local-menu mode', () => {
    expect(permissionOf([], 'YES')).toBe('admin');
    expect(allowedManageRoots([], 'YES')).toBe('all');
  });

  it('allows the sections of visible entries only', () => {
    const roots = allowedManageRoots([entry('/manage/notice'), entry('/manage/black', '', { visible: false })], 'NO');
    expect(roots).toEqual(new Set(['/manage/notice']));
  });
});
