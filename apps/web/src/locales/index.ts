/**
 * Translations, one file per section and language (`locales/<lang>/<section>.json`), so each
 * feature adds its own file; a language's files are fetched together, only when in use.
 */
const loaders = {
  zh: import.meta.glob<{ default: Record<string, unknown> }>('./zh/*.json'),
  en: import.meta.glob<{ default: Record<string, unknown> }>('./en/*.json'),
};

function sectionOf(file: string): string {
  return file.replace(/^.*\/([^/]+)\.json$/, '$1');
}

/** Every section of a language, keyed by section (`route`, `common`, ...). */
export async function loadTranslations(lang: 'zh' | 'en'): Promise<Record<string, unknown>> {
  const entries = await Promise.all(
    Object.entries(loaders[lang]).map(async ([file, load]) => [sectionOf(file), (await load()).default] as const),
  );
  return Object.fromEntries(entries);
}
