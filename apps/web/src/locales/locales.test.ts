import { describe, expect, it } from 'vitest';
import { loadTranslations, type TranslationPart } from './index.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function at(obj: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], obj);
}

const parts: TranslationPart[] = ['core', 'manage'];

describe('locales', () => {
  it.each(parts)('zh and en have the same %s sections and keys, so either can be loaded alone', async (part) => {
    const [zh, en] = await Promise.all([loadTranslations('zh', part), loadTranslations('en', part)]);
    expect(Object.keys(zh).length).toBeGreaterThan(2);
    expect(keys(en).sort()).toEqual(keys(zh).sort());
  });

  it('keeps a section in one part only', async () => {
    const [core, manage] = await Promise.all([loadTranslations('zh', 'core'), loadTranslations('zh', 'manage')]);
    expect(Object.keys(core).filter((s) => s in manage)).toEqual([]);
  });

  it('has no empty texts', async () => {
    for (const lang of ['zh', 'en'] as const) {
      for (const part of parts) {
        const all = await loadTranslations(lang, part);
        expect(keys(all).filter((k) => at(all, k) === '')).toEqual([]);
      }
    }
  });
});
