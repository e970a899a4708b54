/**
 * Translations, one file per section and language (`locales/<lang>/<section>.json`), so each
 * feature adds its own file. Sections used only by the back office live in
 * `locales/<lang>/manage/` and load with the back office; sections of the desktop pages (the
 * portal and the back office, never the phone pages) live in `locales/<lang>/desktop/` and load
 * with either; the rest load at start. Only the language in use is fetched.
 */
type Loaders = Record<string, () => Promise<{ default: Record<string, unknown> }>>;

const loaders: Record<'zh' | 'en', Record<TranslationPart, Loaders>> = {
  zh: {
    core: import.meta.glob<{ default: Record<string, unknown> }>('./zh/*.json'),
    desktop: import.meta.glob<{ default: Record<string, unknown> }>('./zh/desktop/*.json'),
    manage: import.meta.glob<{ default: Record<string, unknown> }>('./zh/manage/*.json'),
  },
  en: {
    core: import.meta.glob<{ default: Record<string, unknown> }>('./en/*.json'),
    desktop: import.meta.glob<{ default: Record<string, unknown> }>('./en/desktop/*.json'),
    manage: import.meta.glob<{ default: Record<string, unknown> }>('./en/manage/*.json'),
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
  const entries = await Promise.all(
    Object.entries(loaders[lang][part]).map(async ([file, load]) => [sectionOf(file), (await load()).default] as const),
  );
  return Object.fromEntries(entries);
}
