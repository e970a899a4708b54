import { describe, expect, it } from 'vitest';
import { loadTranslations } from './index.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function at(obj: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], obj);
}

describe('locales', () => {
  it('zh and en have the same sections and keys, so either can be loaded alone', async () => {
    const [zh, en] = await Promise.all([loadTranslations('zh'), loadTranslations('en')]);
    expect(Object.keys(zh).length).toBeGreaterThan(2);
    expect(keys(en).sort()).toEqual(keys(zh).sort());
  });

  it('has no empty texts', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const all = await loadTranslations(lang);
      expect(keys(all).filter((k) => at(all, k) === '')).toEqual([]);
    }
  });
});
