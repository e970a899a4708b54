import { WHOLE_TENANT, type EffectiveGrant } from '@yuyue/shared';
import { describe, expect, it } from 'vitest';
import {
  effectiveGrantsOf,
  mergeFilters,
  readGivenFilter,
  rolesAsked,
  sectionsOpenedBy,
} from './directory.grants.rules.ts';
import { menusFor, HOME_MENU_DESCRIPTION } from './directory.rules.ts';

const f = (over: Partial<typeof WHOLE_TENANT>) => ({ ...WHOLE_TENANT, ...over });

describe('readGivenFilter', () => {
  it('reads an empty filter as the whole tenant', () => {
    for (const text of [undefined, null, '', '  ', '{}']) {
      expect(readGivenFilter('resourceAdmin', text)).toEqual({ filter: WHOLE_TENANT });
    }
  });

  it('keeps the keys of the role’s scope, trimmed and each once', () => {
    expect(readGivenFilter('approver', '{"resources":[" a ","a","b"],"resourceTypes":["t"]}')).toEqual({
      filter: f({ resources: ['a', 'b'], resourceTypes: ['t'] }),
    });
    expect(readGivenFilter('visitorGate', '{"areas":["x"],"visitorTypes":["1"]}')).toEqual({
      filter: f({ areas: ['x'], visitorTypes: ['1'] }),
    });
  });

  it.each([
    ['resourceAdmin', '{', 'filter', 'not_json'],
    ['resourceAdmin', '[]', 'filter', 'not_object'],
    ['resourceAdmin', '"x"', 'filter', 'not_object'],
    ['resourceAdmin', '{"areas":["x"]}', 'areas', 'unknown_key'],
    ['visitorAdmin', '{"resources":["x"]}', 'resources', 'unknown_key'],
    ['admin', '{"resources":[]}', 'resources', 'unknown_key'],
    ['checkinStaff', '{"resources":"x"}', 'resources', 'not_list'],
    ['checkinStaff', '{"resources":[1]}', 'resources', 'not_text'],
    ['checkinStaff', '{"resources":[" "]}', 'resources', 'not_text'],
  ] as const)('%s %s: %s %s', (role, text, key, problem) => {
    expect(readGivenFilter(role, text)).toEqual({ problem: { key, problem } });
  });
});

describe('mergeFilters', () => {
  it('covers the whole tenant when any filter does, else the union', () => {
    expect(mergeFilters([f({ resources: ['a'] }), WHOLE_TENANT])).toEqual(WHOLE_TENANT);
    expect(mergeFilters([])).toEqual(WHOLE_TENANT);
    expect(mergeFilters([f({ resources: ['b'] }), f({ resources: ['a'], resourceTypes: ['t'] })])).toEqual(
      f({ resources: ['a', 'b'], resourceTypes: ['t'] }),
    );
  });
});

describe('effectiveGrantsOf', () => {
  it('drops unknown roles and repeats, and reads stored filters', () => {
    expect(
      effectiveGrantsOf([
        { permission: 'approver', filter: '{"resources":["a"]}' },
        { permission: 'approver', filter: '{"resources":["a"]}' },
        { permission: 'boss', filter: '' },
        { permission: 'visitorGate', filter: '' },
      ]),
    ).toEqual([
      { permission: 'approver', filter: f({ resources: ['a'] }) },
      { permission: 'visitorGate', filter: WHOLE_TENANT },
    ]);
  });
});

describe('menus opened by grants', () => {
  const g = (permission: EffectiveGrant['permission']): EffectiveGrant => ({ permission, filter: WHOLE_TENANT });
  const entries = [
    { name: 'home', description: HOME_MENU_DESCRIPTION, required_role: 'admin', deleted: false },
    { name: 'appointment', description: '', required_role: 'admin', deleted: false },
    { name: 'sign', description: '', required_role: 'admin', deleted: false },
    { name: 'visitorManagement', description: '', required_role: 'admin', deleted: false },
    { name: 'accessControlCheck', description: '', required_role: 'admin', deleted: false },
    { name: 'settings', description: '', required_role: 'admin', deleted: false },
  ];
  const names = (grants: EffectiveGrant[]) =>
    menusFor(entries, 'user', sectionsOpenedBy(grants))
      .map((m) => m.name)
      .sort();

  it.each([
    [['resourceAdmin'], ['appointment', 'sign']],
    [['approver'], ['appointment']],
    [['checkinStaff'], ['sign']],
    [['visitorAdmin'], ['visitorManagement']],
    [['visitorGate'], ['accessControlCheck']],
    [
      ['approver', 'visitorGate'],
      ['accessControlCheck', 'appointment'],
    ],
    [['admin'], []],
    [[], []],
  ] as const)('%j opens %j, never home', (roles, expected) => {
    expect(names(roles.map(g))).toEqual(expected);
  });

  it('a home entry is never opened by a grant, whatever its name', () => {
    const renamed = [
      { name: 'appointment', description: HOME_MENU_DESCRIPTION, required_role: 'admin', deleted: false },
    ];
    expect(menusFor(renamed, 'user', new Set(['appointment']))).toEqual([]);
    expect(menusFor(renamed, 'visitor', new Set(['appointment']))).toEqual([]);
  });
});

describe('rolesAsked', () => {
  it.each([
    [undefined, undefined, ['admin']],
    ['apps_yy_sys', '', ['admin']],
    ['visitor', undefined, ['visitorAdmin', 'visitorGate']],
    ['booking', 'approver', ['approver']],
    ['visitor', 'approver', []],
    [undefined, 'boss', null],
  ] as const)('service %s type %s: %j', (service, type, expected) => {
    expect(rolesAsked(service, type || undefined)).toEqual(expected);
  });
});
