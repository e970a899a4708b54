import { describe, expect, it } from 'vitest';
import { deptWithAncestors, grantMatches, typeOpenTo, type Identity } from './resource-types.rules.ts';

const who: Identity = {
  userKeys: ['u1', 'student'],
  positions: [
    { deptKeys: ['d-cs', 'cs', 'd-root', 'demo'], postKeys: ['p-stu', 'student'] },
    { deptKeys: ['d-lib', 'lib'], postKeys: ['p-vol', 'volunteer'] },
  ],
};

describe('grantMatches', () => {
  it.each([
    ['user by account', 'user', 'student', true],
    ['user by id', 'user', 'u1', true],
    ['another user', 'user', 'teacher', false],
    ['department by code', 'dept', 'cs', true],
    ['ancestor department', 'dept', 'demo', true],
    ['another department', 'dept', 'it-office', false],
    ['post by id', 'post', 'p-stu', true],
    ['another post', 'post', 'staff', false],
    ['triple of one position', 'triple', 'cs|student', true],
    ['triple mixing two positions', 'triple', 'cs|volunteer', false],
    ['malformed triple', 'triple', 'cs', false],
    ['unknown type', 'group', 'student', false],
  ])('%s', (_n, type, id, want) => {
    expect(grantMatches({ grant_object_type: type, grant_object_id: id }, who)).toBe(want);
  });
  it('a type without grants is open to everyone', () => {
    expect(typeOpenTo([], { userKeys: ['x'], positions: [] })).toBe(true);
    expect(typeOpenTo([{ grant_object_type: 'user', grant_object_id: 'y' }], { userKeys: ['x'], positions: [] })).toBe(
      false,
    );
  });
  it('deptWithAncestors walks up and stops on cycles', () => {
    const parents = new Map([
      ['a', 'b'],
      ['b', 'c'],
      ['c', ''],
      ['x', 'y'],
      ['y', 'x'],
    ]);
    expect(deptWithAncestors('a', parents)).toEqual(['a', 'b', 'c']);
    expect(deptWithAncestors('x', parents)).toEqual(['x', 'y']);
  });
});
