import { describe, expect, it } from 'vitest';
import { loadTranslations, type TranslationPart } from './index.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function at(obj: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], obj);
}

const parts: TranslationPart[] = ['core', 'desktop', 'manage'];

describe('locales', () => {
  it.each(parts)('zh and en have the same %s sections and keys, so either can be loaded alone', async (part) => {
    const [zh, en] = await Promise.all([loadTranslations('zh', part), loadTranslations('en', part)]);
    expect(Object.keys(zh).length).toBeGreaterThan(0);
    expect(keys(en).sort()).toEqual(keys(zh).sort());
  });

  it('keeps a section in one part only', async () => {
    const sections = await Promise.all(parts.map(async (part) => Object.keys(await loadTranslations('zh', part))));
    const all = sections.flat();
    expect(all.filter((s, i) => all.indexOf(s) !== i)).toEqual([]);
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
