import { describe, expect, it } from 'vitest';
import { keys, textProblems } from '../testing/texts.ts';
import { loadTranslations, type TranslationPart } from './index.ts';

const parts: TranslationPart[] = ['core', 'desktop', 'manage'];

describe('locales', () => {
  it.each(parts)('zh and en have the same %s sections and keys, so either can be loaded alone', async (part) => {
    const [zh, en] = await Promise.all([loadTranslations('zh', part), loadTranslations('en', part)]);
    expect(Object.keys(zh).length).toBeGreaterThan(0);
    expect(keys(en).sort()).toEqual(keys(zh).sort());
  });

  it('keeps a key in one part only, has no empty text and the same placeholders in both languages', async () => {
    // A section may have keys in several parts (the phone's route titles in core, the portal's in
    // desktop, the back office's in manage): the parts are merged, so no key may be in two.
    const files = Object.fromEntries(
      await Promise.all(
        parts.map(
          async (part) =>
            [part, { zh: await loadTranslations('zh', part), en: await loadTranslations('en', part) }] as const,
        ),
      ),
    );
    expect(textProblems(files)).toEqual([]);
  });
});
