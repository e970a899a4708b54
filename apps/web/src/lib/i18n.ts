import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadTranslations, type TranslationPart } from '../locales/index.ts';

/** The language key in local storage (spec 1); zh unless the user chose en. */
export const LANGUAGE_KEY = 'system-language';
export type Language = 'zh' | 'en';

export function currentLanguage(): Language {
  return window.localStorage.getItem(LANGUAGE_KEY) === 'en' ? 'en' : 'zh';
}

/** Stores the language and reloads the page, as the original does. */
export function switchLanguage(lang: Language): void {
  window.localStorage.setItem(LANGUAGE_KEY, lang);
  window.location.reload();
}

let initialised: Promise<typeof i18next> | null = null;

/** Loads the language in use and starts i18next; once, however often it is called. */
export function initI18n(): Promise<typeof i18next> {
  initialised ??= (async () => {
    const lng = currentLanguage();
    document.documentElement.lang = lng === 'zh' ? 'zh-CN' : 'en';
    if (!i18next.isInitialized) {
      // Only the language in use is downloaded; both carry every key (a test checks).
      const translation = await loadTranslations(lng);
      await i18next.use(initReactI18next).init({
        lng,
        resources: { [lng]: { translation } },
        interpolation: { escapeValue: false },
      });
    }
    return i18next;
  })();
  return initialised;
}

/** Picks the text of the current language from a zh/en pair of fields. */
export function pick(zh: string | null | undefined, en: string | null | undefined): string {
  return (currentLanguage() === 'en' ? en || zh : zh || en) ?? '';
}

const loadedParts = new Set<TranslationPart>(['core']);

/** Adds a part of the translations (the back office's) before its pages render. */
export async function ensureTranslations(part: TranslationPart): Promise<void> {
  if (loadedParts.has(part)) return;
  const lng = currentLanguage();
  const [, translation] = await Promise.all([initI18n(), loadTranslations(lng, part)]);
  i18next.addResourceBundle(lng, 'translation', translation, true, true);
  loadedParts.add(part);
}

type SectionLoader = () => Promise<{ default: unknown }>;

/**
 * Texts of one section that load with the first screen showing them rather than at start
 * (keeping the phone's first page light); only the language in use is fetched. They are merged
 * into the section, next to its core keys (`locales/<lang>/<section>.json`) if it has any.
 * Returns the loader (once, however often it is called; again after a failure).
 */
export function lazySection(section: string, loaders: Record<Language, SectionLoader>): () => Promise<void> {
  let loading: Promise<void> | null = null;
  return () => {
    loading ??= (async () => {
      const lng = currentLanguage();
      // A page opened directly may load before the app has set up i18next.
      const [, module] = await Promise.all([initI18n(), loaders[lng]()]);
      i18next.addResourceBundle(lng, 'translation', { [section]: module.default }, true, true);
    })().catch((err: unknown) => {
      loading = null;
      throw err;
    });
    return loading;
  };
}
