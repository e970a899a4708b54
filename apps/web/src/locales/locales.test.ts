import { describe, expect, it } from 'vitest';
import en from './en.json';
import zh from './zh.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('locales', () => {
  it('zh and en have the same keys, so either can be loaded alone', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
  });

  it('has no empty texts', () => {
    const at = (obj: unknown, key: string) =>
      key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], obj);
    const empty = (obj: unknown) => keys(obj).filter((k) => at(obj, k) === '');
    expect(empty(zh)).toEqual([]);
    expect(empty(en)).toEqual([]);
  });
});
