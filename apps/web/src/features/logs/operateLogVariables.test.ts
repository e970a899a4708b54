import { describe, expect, it } from 'vitest';
import { operateLogVariables } from './operateLogVariables.ts';

describe('operateLogVariables', () => {
  it.each([
    [{}, 1, 10, { first: 10, offset: 0, filter: {}, operateTime: [] }],
    [
      { user: ' admin ', module: 'settings', type: 'save' },
      3,
      20,
      {
        first: 20,
        offset: 40,
        filter: {
          operate_user_id: { like: 'admin' },
          operate_module: { eq: 'settings' },
          operate_type: { eq: 'save' },
        },
        operateTime: [],
      },
    ],
    [
      { user: '管理员' },
      1,
      10,
      { first: 10, offset: 0, filter: { operate_user_name: { like: '管理员' } }, operateTime: [] },
    ],
    [
      { range: ['2026-03-01 00:00:00', '2026-03-31 23:59:59'] as [string, string] },
      1,
      10,
      { first: 10, offset: 0, filter: {}, operateTime: ['2026-03-01 00:00:00', '2026-03-31 23:59:59'] },
    ],
    [
      { range: [null, '2026-03-31 23:59:59'] as [null, string], module: '  ' },
      2,
      50,
      { first: 50, offset: 50, filter: {}, operateTime: ['', '2026-03-31 23:59:59'] },
    ],
    [
      { module: ['notice'], type: ['batchDelete', 'deleteAll'] },
      1,
      10,
      {
        first: 10,
        offset: 0,
        filter: { operate_module: { eq: 'notice' }, operate_type: { in: ['batchDelete', 'deleteAll'] } },
        operateTime: [],
      },
    ],
  ])('%j page %i size %i', (values, page, size, expected) => {
    expect(operateLogVariables(values, page, size)).toEqual(expected);
  });
});
