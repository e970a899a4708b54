import { describe, expect, it } from 'vitest';
import type { MenuEntry } from './api/canvasmenus.ts';
import { allowedManageRoots, entersBackOffice, managesBookings, permissionOf } from './permission.ts';

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

  it('allows an administrator the sections of visible entries only', () => {
    const home = entry('/manage/home', 'home page');
    const roots = allowedManageRoots(
      [home, entry('/manage/notice'), entry('/manage/black', '', { visible: false })],
      'NO',
    );
    expect(roots).toEqual(new Set(['/manage/home', '/manage/notice']));
  });

  it('is scoped for a user administering resources (me.managesResources), admin still first', () => {
    expect(permissionOf([], 'NO', true)).toBe('scoped');
    expect(permissionOf([], 'NO', false)).toBe('user');
    expect(permissionOf([], 'NO', null)).toBe('user');
    expect(permissionOf([entry('/manage/home', 'home page')], 'NO', true)).toBe('admin');
    expect(permissionOf([], 'YES', true)).toBe('admin');
  });

  it('lets administrators and scoped users into the back office, not users', () => {
    expect(entersBackOffice('admin')).toBe(true);
    expect(entersBackOffice('scoped')).toBe(true);
    expect(entersBackOffice('user')).toBe(false);
  });

  it('is scoped for a non-administrator whose menus name a section a grant opens (canvasmenus)', () => {
    expect(permissionOf([entry('/manage/appointment'), entry('/manage/sign')], 'NO')).toBe('scoped');
    expect(permissionOf([entry('/manage/visitorManagement')], 'NO')).toBe('scoped');
    expect(permissionOf([entry('/manage/accessControlCheck')], 'NO')).toBe('scoped');
    // entries that no grant opens, hidden or deleted ones, open nothing
    expect(permissionOf([entry('/manage/settings'), entry('/manage/console')], 'NO')).toBe('user');
    expect(permissionOf([entry('/manage/sign', '', { visible: false })], 'NO')).toBe('user');
    expect(permissionOf([entry('/manage/sign', '', { deleted: true })], 'NO')).toBe('user');
  });

  it('gives a scoped user the sections their menus name, and the bookings and sign desk of a resource administrator', () => {
    const gate = [entry('/manage/accessControlCheck'), entry('/manage/settings')];
    expect(allowedManageRoots(gate, 'NO')).toEqual(new Set(['/manage/accessControlCheck']));
    expect(allowedManageRoots(gate, 'NO', true)).toEqual(
      new Set(['/manage/accessControlCheck', '/manage/appointment', '/manage/sign']),
    );
    expect(allowedManageRoots([], 'NO')).toEqual(new Set());
    // an administrator's roots are their menus' whatever the directory says
    expect(allowedManageRoots([entry('/manage/home', 'home page')], 'NO', true)).toEqual(new Set(['/manage/home']));
  });

  it('says who manages bookings (the phone booking overview): administrators and scoped users with the bookings', () => {
    expect(managesBookings('admin', new Set())).toBe(true);
    expect(managesBookings('scoped', new Set(['/manage/appointment']))).toBe(true);
    expect(managesBookings('scoped', new Set(['/manage/accessControlCheck']))).toBe(false);
    expect(managesBookings('user', 'all')).toBe(false);
  });
});
