import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import zh from './locales/zh.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const values = (obj: unknown): unknown[] =>
  typeof obj === 'object' && obj !== null ? Object.values(obj).flatMap(values) : [obj];

describe('check-in texts', () => {
  it('zh and en have the same keys and no empty text', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
    expect(values(zh).filter((v) => v === '')).toEqual([]);
    expect(values(en).filter((v) => v === '')).toEqual([]);
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const flat = (obj: unknown, prefix = ''): [string, unknown][] =>
      typeof obj === 'object' && obj !== null
        ? Object.entries(obj).flatMap(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k))
        : [[prefix, obj]];
    const enByKey = new Map(flat(en));
    for (const [key, text] of flat(zh))
      expect([key, placeholders(enByKey.get(key))]).toEqual([key, placeholders(text)]);
  });
});
