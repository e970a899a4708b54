import { describe, expect, it } from 'vitest';
import { moveWithinType } from './order.ts';

const rows = [
  { id: 'a', resource_type_id: 'room' },
  { id: 'b', resource_type_id: 'venue' },
  { id: 'c', resource_type_id: 'room' },
  { id: 'd', resource_type_id: 'room' },
];

describe('moveWithinType', () => {
  it.each([
    ['c', -1, ['c', 'a', 'd']],
    ['a', 1, ['c', 'a', 'd']],
    ['d', -1, ['a', 'd', 'c']],
    ['a', -1, null],
    ['d', 1, null],
    ['b', 1, null],
    ['x', 1, null],
  ] as const)('%s by %i -> %j', (id, step, expected) => {
    expect(moveWithinType(rows, id, step)).toEqual(expected);
  });
});
