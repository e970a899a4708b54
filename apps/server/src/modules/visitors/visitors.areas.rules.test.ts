import { describe, expect, it } from 'vitest';
import { areaIdsOf, areaNamesOf, splitIds } from './visitors.areas.rules.ts';

const A = '0b5c6f1e-3a8d-4c2b-9e7f-1a2b3c4d5e6f';
const B = '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6';

describe('visitor area rules', () => {
  it('splits comma-separated ids: trimmed, no blanks, once each, in their order', () => {
    expect(splitIds(` ${B}, ${A},,${B} `)).toEqual([B, A]);
    expect(splitIds('')).toEqual([]);
    expect(splitIds(null)).toEqual([]);
    expect(splitIds('admin, host1')).toEqual(['admin', 'host1']);
  });

  it("reads a pass's area ids: UUIDs only, lower case, once each, sorted", () => {
    expect(areaIdsOf(` ${B.toUpperCase()},${A},,nope,${A}`)).toEqual([A, B]);
    expect(areaIdsOf(`${B},${B.toUpperCase()}`)).toEqual([B]);
    expect(areaIdsOf('')).toEqual([]);
  });

  it('names areas in order, English falling back to Chinese, an unnamed id as itself', () => {
    const names = new Map([
      [A, { zh: '东门', en: 'East gate' }],
      [B, { zh: '图书馆', en: '' }],
    ]);
    expect(areaNamesOf([B, A, 'gone'], names)).toEqual({
      zh: ['图书馆', '东门', 'gone'],
      en: ['图书馆', 'East gate', 'gone'],
    });
    expect(areaNamesOf([], names)).toEqual({ zh: [], en: [] });
  });
});
