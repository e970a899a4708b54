import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  emptySearch,
  hasTimeFilter,
  searchParamsOf,
  searchStateOf,
  searchVariables,
  withCapacity,
} from './search.ts';

describe('search state in the URL', () => {
  it('round-trips through the URL, leaving defaults out', () => {
    const state = { ...emptySearch, typeId: 't1', sort: 'capacity' as const, campus: 'main', minCapacity: '20' };
    const params = searchParamsOf(state);
    expect(params.toString()).toBe('typeId=t1&sort=capacity&campus=main&minCapacity=20');
    expect(searchStateOf(params)).toEqual(state);
    expect(searchParamsOf(emptySearch).toString()).toBe('');
  });

  it('drops unreadable values', () => {
    expect(searchStateOf(new URLSearchParams('sort=evil&minCapacity=abc&approval=2'))).toEqual(emptySearch);
  });
});

describe('searchVariables', () => {
  it('sends the filters as the contract expects, times only as a valid period', () => {
    const v = searchVariables(
      { ...emptySearch, keyword: '羽毛球', building: 'gym', approval: '0', start: '10:00', end: '09:00' },
      'zh',
    );
    expect(v).toMatchObject({
      resourceName: '羽毛球',
      bookStartTime: '',
      bookEndTime: '',
      order_by: 'order asc',
      cur_language: 'zh',
      filter: {
        campus_code: { eq: '' },
        building_code: { eq: 'gym' },
        floor_code: { eq: '' },
        need_approve: { eq: '0' },
      },
    });
    expect(searchVariables({ ...emptySearch, start: '09:00', end: '10:00', sort: 'hits' }, 'en')).toMatchObject({
      bookStartTime: '09:00',
      bookEndTime: '10:00',
      order_by: 'hits desc',
      cur_language: 'en',
    });
    expect(hasTimeFilter({ start: '09:00', end: '09:00' })).toBe(false);
  });

  it('counts the panel filters and applies the least capacity', () => {
    expect(activeFilterCount({ ...emptySearch, campus: 'main', floor: '1F', approval: '1' })).toBe(3);
    const list = [{ capacity: 4 }, { capacity: 50 }, { capacity: null }];
    expect(withCapacity(list, '10')).toEqual([{ capacity: 50 }]);
    expect(withCapacity(list, '')).toHaveLength(3);
  });
});
