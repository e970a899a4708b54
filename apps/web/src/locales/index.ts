/**
 * Translations, one file per section and language (`locales/<lang>/<section>.json`), so each
 * feature adds its own file. Texts only the back office shows live in `locales/<lang>/manage/`
 * and load with the back office; those of the desktop pages (the portal and the back office, never
 * the phone pages) live in `locales/<lang>/desktop/` and load with either; the rest (core) load at
 * start. A section may have keys in several parts (the phone's route titles in core, the
 * portal's in `desktop/route.json`, the back office's in `manage/route.json`): the parts are merged
 * as they load, so a key's name does not depend on its part (a test checks no key is in two).
 * Only the language in use is fetched.
 */
type Part = () => Promise<{ default: Record<string, Record<string, unknown>> }>;

// One module per part and language (`<lang>/index.ts`, `<lang>/desktop/index.ts`, ...), which
// imports the part's files: a part is fetched as one chunk, and this table stays small (it is in
// every page's first download).
const loaders: Record<'zh' | 'en', Record<TranslationPart, Part>> = {
  zh: {
    core: () => import('./zh/index.ts'),
    desktop: () => import('./zh/desktop/index.ts'),
    manage: () => import('./zh/manage/index.ts'),
  },
  en: {
    core: () => import('./en/index.ts'),
    desktop: () => import('./en/desktop/index.ts'),
    manage: () => import('./en/manage/index.ts'),
  },
};

/** Which translations: those every page needs, the desktop pages' (portal and back office), or the back office's own. */
export type TranslationPart = 'core' | 'desktop' | 'manage';

function sectionOf(file: string): string {
  return file.replace(/^.*\/([^/]+)\.json$/, '$1');
}

/** The sections of one part of a language, keyed by section (`route`, `common`, ...). */
export async function loadTranslations(
  lang: 'zh' | 'en',
  part: TranslationPart = 'core',
): Promise<Record<string, unknown>> {
  const files = (await loaders[lang][part]()).default;
  return Object.fromEntries(Object.entries(files).map(([file, texts]) => [sectionOf(file), texts]));
}
