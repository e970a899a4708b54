import { describe, expect, it } from 'vitest';
import { describeFilter, filterOfChoice, kindsOfScope } from './filter.ts';

const names: Record<string, string> = { r1: '305会议室', r2: '体育馆', t1: '会议室', a1: '东门', '1': '访客申请' };
const nameOf = (_kind: string, id: string) => names[id];
const missing = (id: string) => `已删除（${id}）`;

describe('a grant filter in words', () => {
  it('is empty (the whole tenant) for no filter, an empty object or text that is not JSON', () => {
    expect(describeFilter(null, nameOf, missing)).toEqual([]);
    expect(describeFilter('', nameOf, missing)).toEqual([]);
    expect(describeFilter('{}', nameOf, missing)).toEqual([]);
    expect(describeFilter('not json', nameOf, missing)).toEqual([]);
  });

  it('names each kind with the names of its ids, in a fixed order, unknown ids as missing', () => {
    const text = JSON.stringify({ resourceTypes: ['t1'], resources: ['r1', 'r2', 'gone'] });
    expect(describeFilter(text, nameOf, missing)).toEqual([
      { kind: 'resources', names: ['305会议室', '体育馆', '已删除（gone）'] },
      { kind: 'resourceTypes', names: ['会议室'] },
    ]);
    expect(describeFilter(JSON.stringify({ areas: ['a1'], visitorTypes: ['1'] }), nameOf, missing)).toEqual([
      { kind: 'areas', names: ['东门'] },
      { kind: 'visitorTypes', names: ['访客申请'] },
    ]);
  });

  it('builds the canonical filter text from the pickers, empty for the whole tenant', () => {
    expect(filterOfChoice({})).toBe('');
    expect(filterOfChoice({ resources: [], resourceTypes: [] })).toBe('');
    expect(filterOfChoice({ resources: ['r2', 'r1'] })).toBe('{"resources":["r1","r2"]}');
    expect(filterOfChoice({ areas: ['a1'], visitorTypes: ['2'] })).toBe('{"areas":["a1"],"visitorTypes":["2"]}');
  });

  it('offers the kinds of a role’s scope', () => {
    expect(kindsOfScope('resources')).toEqual(['resources', 'resourceTypes']);
    expect(kindsOfScope('visitors')).toEqual(['areas', 'visitorTypes']);
    expect(kindsOfScope('none')).toEqual([]);
  });
});
