import { describe, expect, it } from 'vitest';
import { breadcrumbOf, isAllowedPath, manageAccess, visibleMenu } from './menu.ts';

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

describe('manageAccess', () => {
  const resourceAdminRoots = new Set(['/manage/appointment', '/manage/sign']);

  it('gives a resource administrator home, the bookings list and the sign desk only', () => {
    const access = manageAccess('scoped', resourceAdminRoots);
    expect(access?.menu).toEqual([
      { path: home, title: 'route.manage.home', icon: 'home' },
      { path: '/manage/appointment/list', title: 'route.manage.appointmentList', icon: 'calendar' },
      { path: '/manage/sign', title: 'route.manage.sign', icon: 'scan' },
    ]);
  });

  it('lets a resource administrator open those pages and the ones reached from them, nothing else', () => {
    const may = manageAccess('scoped', resourceAdminRoots)!.mayOpen;
    for (const path of [
      home,
      '/manage/appointment',
      '/manage/appointment/list',
      '/manage/appointment/list/',
      '/manage/appointment/appointment-update/4f1c',
      '/manage/sign',
      '/manage/signer',
      '/manage/instruction',
    ]) {
      expect(may(path), path).toBe(true);
    }
    for (const path of [
      '/manage/appointment/appointment-update/',
      '/manage/appointment/appointmentUser-list',
      '/manage/appointment/venues-statistics',
      '/manage/resources/resources-list',
      '/manage/black/black-list',
      '/manage/settings/sys',
      '/manage/notice/notice-list',
      '/manage/test',
      '/manage/iframe/outside',
    ]) {
      expect(may(path), path).toBe(false);
    }
  });

  it('keeps an administrator’s sections as their menus grant, and gives a user nothing', () => {
    const roots = new Set(['/manage/notice']);
    const access = manageAccess('admin', roots)!;
    expect(access.menu).toEqual(visibleMenu(roots));
    expect(access.mayOpen('/manage/notice/notice-list')).toBe(true);
    expect(access.mayOpen('/manage/black/black-list')).toBe(false);
    expect(manageAccess('admin', 'all')!.mayOpen('/manage/resources/resources-list')).toBe(true);
    expect(manageAccess('user', 'all')).toBeNull();
  });

  it('gives an approver home and the bookings list, not the sign desk', () => {
    const access = manageAccess('scoped', new Set(['/manage/appointment']))!;
    expect(access.menu.map((i) => i.path)).toEqual([home, '/manage/appointment/list']);
    expect(access.mayOpen('/manage/appointment/appointment-update/9')).toBe(true);
    expect(access.mayOpen('/manage/sign')).toBe(false);
    expect(access.mayOpen('/manage/signer')).toBe(false);
  });

  it('gives a visitor administrator the whole visitor back office with its hidden pages, nothing else', () => {
    const access = manageAccess('scoped', new Set(['/manage/visitorManagement']))!;
    expect(access.menu.map((i) => i.path)).toEqual([home, '/manage/visitorManagement']);
    expect(access.menu[1]!.children!.length).toBe(14);
    for (const path of [
      '/manage/visitorManagement',
      '/manage/visitorManagement/visitorAppointmentManage',
      '/manage/visitorManagement/longTermVisitor/setting',
      '/manage/visitorManagement/longTermVisitor/setting/detail',
      '/manage/instruction',
    ]) {
      expect(access.mayOpen(path), path).toBe(true);
    }
    for (const path of [
      '/manage/appointment/list',
      '/manage/accessControlCheck',
      '/manage/console',
      '/manage/settings/sys',
    ]) {
      expect(access.mayOpen(path), path).toBe(false);
    }
  });

  it('gives gate staff home and the gate check; a scoped user without sections home alone', () => {
    const gate = manageAccess('scoped', new Set(['/manage/accessControlCheck']))!;
    expect(gate.menu).toEqual([
      { path: home, title: 'route.manage.home', icon: 'home' },
      { path: '/manage/accessControlCheck', title: 'route.manage.accessControlCheck', icon: 'safety' },
    ]);
    expect(gate.mayOpen('/manage/visitorManagement/visitorInfo')).toBe(false);
    // roots an administrator's menus could name open nothing to a scoped user
    const none = manageAccess('scoped', new Set(['/manage/settings', '/manage/console']))!;
    expect(none.menu.map((i) => i.path)).toEqual([home]);
    expect(none.mayOpen('/manage/settings/sys')).toBe(false);
    expect(none.mayOpen('/manage/console')).toBe(false);
  });

  it('opens the ballot page to a scoped user with the bookings (reached from the bookings list), not in their sidebar', () => {
    for (const roots of [resourceAdminRoots, new Set(['/manage/appointment'])]) {
      const access = manageAccess('scoped', roots)!;
      expect(access.mayOpen('/manage/appointment/ballot-draws')).toBe(true);
      expect(access.mayOpen('/manage/appointment/ballot-draws/')).toBe(true);
      expect(access.mayOpen('/manage/appointment/ballot-draws/x')).toBe(false);
      expect(JSON.stringify(access.menu)).not.toContain('ballot-draws');
    }
    // without the bookings (the sign desk, the visitors, the gate) it stays closed
    for (const root of ['/manage/sign', '/manage/visitorManagement', '/manage/accessControlCheck']) {
      expect(manageAccess('scoped', new Set([root]))!.mayOpen('/manage/appointment/ballot-draws'), root).toBe(false);
    }
  });

  it('lists the ballot page in the appointment section of an administrator granted it', () => {
    const access = manageAccess('admin', new Set(['/manage/appointment']))!;
    const section = access.menu.find((i) => i.path === '/manage/appointment');
    expect(section?.children?.map((c) => c.path)).toContain('/manage/appointment/ballot-draws');
    expect(access.mayOpen('/manage/appointment/ballot-draws')).toBe(true);
    expect(manageAccess('admin', new Set(['/manage/notice']))!.mayOpen('/manage/appointment/ballot-draws')).toBe(false);
  });
});
