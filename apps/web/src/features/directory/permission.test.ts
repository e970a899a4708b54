import { describe, expect, it } from 'vitest';
import type { MenuEntry } from './api/canvasmenus.ts';
import { allowedManageRoots, entersBackOffice, permissionOf } from './permission.ts';

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

  it('is resourceAdmin for a user administering resources (me.managesResources), admin still first', () => {
    expect(permissionOf([], 'NO', true)).toBe('resourceAdmin');
    expect(permissionOf([], 'NO', false)).toBe('user');
    expect(permissionOf([], 'NO', null)).toBe('user');
    expect(permissionOf([entry('/manage/home', 'home page')], 'NO', true)).toBe('admin');
    expect(permissionOf([], 'YES', true)).toBe('admin');
  });

  it('lets administrators and resource administrators into the back office, not users', () => {
    expect(entersBackOffice('admin')).toBe(true);
    expect(entersBackOffice('resourceAdmin')).toBe(true);
    expect(entersBackOffice('user')).toBe(false);
  });
});
