import { describe, expect, it } from 'vitest';
import coreEn from '../../locales/en/evaluations.json';
import coreZh from '../../locales/zh/evaluations.json';
import en from './locales/en.json';
import zh from './locales/zh.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('evaluation texts', () => {
  it('zh and en have the same keys and no empty text', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
    const values = (obj: unknown): unknown[] =>
      typeof obj === 'object' && obj !== null ? Object.values(obj).flatMap(values) : [obj];
    expect(values(zh).filter((v) => v === '')).toEqual([]);
    expect(values(en).filter((v) => v === '')).toEqual([]);
  });

  it('shares no key with the core part of the section (they are merged)', () => {
    const core = new Set([...keys(coreZh), ...keys(coreEn)]);
    expect(keys(zh).filter((k) => core.has(k) || core.has(k.split('.')[0]!))).toEqual([]);
  });
});
