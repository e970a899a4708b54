import { describe, expect, it } from 'vitest';
import {
  HOME_MENU_DESCRIPTION,
  MAX_IMAGE_BYTES,
  adminOnlyUserFilters,
  avatarProblem,
  buildDepartmentTree,
  isSelfLockout,
  localMenuModeOf,
  maySetAvatar,
  menusFor,
  personViewOf,
  seesPrivateFields,
  showsContact,
  wouldCreateCycle,
} from './directory.rules.ts';

//   root
//   ├── a
//   │   └── a1
//   │       └── a1x
//   └── b
const links = [
  { id: 'root', parent: '' },
  { id: 'a', parent: 'root' },
  { id: 'a1', parent: 'a' },
  { id: 'a1x', parent: 'a1' },
  { id: 'b', parent: 'root' },
];

describe('wouldCreateCycle', () => {
  it.each([
    ['a', 'a', true],
    ['a', 'a1', true],
    ['a', 'a1x', true],
    ['root', 'b', true],
    ['a', 'b', false],
    ['a1', 'root', false],
    ['b', 'a1x', false],
    ['a', '', false],
    ['new', 'a1x', false],
    ['a', 'missing', false],
  ])('moving %s under %s: %s', (id, parent, expected) => {
    expect(wouldCreateCycle(id, parent, links)).toBe(expected);
  });

  it('terminates on stored data that already has a cycle', () => {
    const broken = [
      { id: 'x', parent: 'y' },
      { id: 'y', parent: 'x' },
    ];
    expect(wouldCreateCycle('z', 'x', broken)).toBe(false);
    expect(wouldCreateCycle('x', 'y', broken)).toBe(true);
  });
});

describe('buildDepartmentTree', () => {
  const ids = (nodes: ReturnType<typeof buildDepartmentTree>): unknown =>
    nodes.map((n) => (n.children.length ? { [n.department.id]: ids(n.children) } : n.department.id));

  it('nests departments under their parents in the order given', () => {
    expect(ids(buildDepartmentTree(links))).toEqual([{ root: [{ a: [{ a1: ['a1x'] }] }, 'b'] }]);
  });

  it('makes a department with a missing parent a root', () => {
    expect(ids(buildDepartmentTree([...links, { id: 'stray', parent: 'gone' }]))).toEqual([
      { root: [{ a: [{ a1: ['a1x'] }] }, 'b'] },
      'stray',
    ]);
  });

  it('returns the subtree of a root, or nothing for an unknown root', () => {
    expect(ids(buildDepartmentTree(links, 'a1'))).toEqual([{ a1: ['a1x'] }]);
    expect(buildDepartmentTree(links, 'nope')).toEqual([]);
  });
});

describe('menusFor', () => {
  const menus = [
    { name: 'home', description: HOME_MENU_DESCRIPTION, required_role: 'admin', deleted: false },
    { name: 'mine', description: '', required_role: 'user', deleted: false },
    { name: 'old', description: '', required_role: 'user', deleted: true },
  ];
  it.each([
    ['admin', ['home', 'mine']],
    ['user', ['mine']],
  ] as const)('%s sees %j', (role, expected) => {
    expect(menusFor(menus, role).map((m) => m.name)).toEqual(expected);
  });
});

describe('localMenuModeOf', () => {
  it.each([
    [{ local_menu_mode: 'YES' }, 'YES'],
    [{ local_menu_mode: 'yes ' }, 'YES'],
    [{ local_menu_mode: 'NO' }, 'NO'],
    [{ local_menu_mode: 1 }, 'NO'],
    [{}, 'NO'],
  ])('%j -> %s', (settings, expected) => {
    expect(localMenuModeOf(settings)).toBe(expected);
  });
});

describe('avatarProblem', () => {
  it.each([
    ['https://cdn.example.edu/a.png', null],
    ['http://cdn.example.edu/a.png', null],
    ['/files/abc', null],
    ['data:image/png;base64,iVBORw0KGgo=', null],
    ['data:image/jpeg;base64,/9j/4AAQ', null],
    ['data:image/svg+xml;base64,PHN2Zz4=', 'invalid'],
    ['data:image/png;base64,not base64!', 'invalid'],
    ['data:text/html;base64,PGI+', 'invalid'],
    ['javascript:alert(1)', 'invalid'],
    ['//evil.example/a.png', 'invalid'],
    ['ftp://x/a.png', 'invalid'],
    ['/path with space', 'invalid'],
    ['plain words', 'invalid'],
  ])('%s -> %s', (image, expected) => {
    expect(avatarProblem(image)).toBe(expected);
  });

  it('refuses more than 1.5 MB', () => {
    const prefix = 'data:image/png;base64,';
    expect(avatarProblem(prefix + 'A'.repeat(MAX_IMAGE_BYTES - prefix.length))).toBeNull();
    expect(avatarProblem(prefix + 'A'.repeat(MAX_IMAGE_BYTES - prefix.length + 1))).toBe('too_large');
  });
});

describe('permissions', () => {
  it.each([
    [{ account: 'a', role: 'user' }, 'a', true],
    [{ account: 'a', role: 'user' }, 'b', false],
    [{ account: 'a', role: 'admin' }, 'b', true],
  ] as const)('maySetAvatar(%j, %s) = %s', (actor, account, expected) => {
    expect(maySetAvatar(actor, account)).toBe(expected);
  });

  it.each([
    ['me', 'me', { delete: true }, true],
    ['me', 'me', { disabled: true }, true],
    ['me', 'me', { role: 'user' }, true],
    ['me', 'me', { role: 'admin', disabled: false }, false],
    ['me', 'me', {}, false],
    ['me', 'other', { delete: true, role: 'user', disabled: true }, false],
  ])('isSelfLockout(%s, %s, %j) = %s', (actor, target, change, expected) => {
    expect(isSelfLockout(actor, target, change)).toBe(expected);
  });

  it.each([
    [{ id: 'u', role: 'user' }, 'u', true],
    [{ id: 'u', role: 'user' }, 'v', false],
    [{ id: 'u', role: 'admin' }, 'v', true],
  ] as const)('seesPrivateFields(%j, %s) = %s', (viewer, userId, expected) => {
    expect(seesPrivateFields(viewer, userId)).toBe(expected);
  });
});

describe('personViewOf (contact details)', () => {
  const student = { id: 'u1', account: 'student', role: 'user' as const };
  const admin = { id: 'a1', account: 'admin', role: 'admin' as const };
  it.each([
    ['a tenant administrator, anyone', admin, { id: 'u2', account: 'other' }, false, 'full'],
    ['the person themself, by id', student, { id: 'u1', account: 'student' }, false, 'full'],
    ['the person themself, a participant named by account', student, { account: 'student' }, false, 'full'],
    ['the person themself, a participant named by user id', student, { account: 'u1' }, false, 'full'],
    ['an administrator of a resource the person booked', student, { id: 'u2', account: 'other' }, true, 'contact'],
    ['anyone else', student, { id: 'u2', account: 'other' }, false, 'basic'],
    ['anyone else, a participant without an account', student, { account: '' }, false, 'basic'],
  ] as const)('%s: %s', (_, viewer, person, administers, expected) => {
    expect(personViewOf(viewer, person, administers)).toBe(expected);
    expect(showsContact(personViewOf(viewer, person, administers))).toBe(expected !== 'basic');
  });
});

describe('adminOnlyUserFilters', () => {
  it.each([
    [{}, []],
    [{ name: { like: '张' }, dept: { eq: 'D1' } }, []],
    [{ role: { eq: '' } }, []],
    [{ role: { in: [] } }, []],
    [{ role: { eq: 'admin' } }, ['role']],
    [{ role: { ne: 'user' }, post: { in: ['P1'] } }, ['role', 'post']],
    [{ post: { like: '管理' } }, ['post']],
  ])('%j -> %j', (filter, expected) => {
    expect(adminOnlyUserFilters(filter)).toEqual(expected);
  });
});
