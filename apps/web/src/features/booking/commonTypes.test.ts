import { describe, expect, it } from 'vitest';
import { commonTypesOf, loadCommonTypes, moveId, resetCommonTypes, saveCommonTypes } from './commonTypes.ts';

const types = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

describe('common types', () => {
  it('shows every type until the user chooses, then the chosen ones still offered, in order', () => {
    expect(commonTypesOf(types, null)).toEqual(types);
    expect(commonTypesOf(types, ['c', 'gone', 'a'])).toEqual([{ id: 'c' }, { id: 'a' }]);
    expect(commonTypesOf(types, [])).toEqual([]);
  });

  it('keeps the choice per account in this browser', () => {
    saveCommonTypes('student', ['b']);
    expect(loadCommonTypes('student')).toEqual(['b']);
    expect(loadCommonTypes('admin')).toBeNull();
    resetCommonTypes('student');
    expect(loadCommonTypes('student')).toBeNull();
    window.localStorage.setItem('yy-mobile-common-types:student', '{bad');
    expect(loadCommonTypes('student')).toBeNull();
  });

  it('moves an id up or down within bounds', () => {
    expect(moveId(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
  });
});
