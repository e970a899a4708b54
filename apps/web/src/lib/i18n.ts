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

/** One file of texts in each language. */
export type TextFile = Record<Language, SectionLoader>;

/** Loads groups of a section's texts; `loaded` says, at once, whether they are all there. */
export interface TextGroupsLoader<G extends string> {
  (names: readonly G[]): Promise<void>;
  loaded(names: readonly G[]): boolean;
}

/** A `TextGroupsLoader` that knows its groups (`names`: all of them). */
export interface SectionGroups<G extends string> extends TextGroupsLoader<G> {
  readonly names: readonly G[];
}

/** Each lazily loaded section's loader, by section (for `deferredGroups`). */
const sectionLoaders = new Map<string, { loaded(names: readonly string[]): boolean }>();

/**
 * Texts of one section that load with the first screen showing them rather than at start
 * (keeping the phone's first page light); only the language in use is fetched. A section may be
 * split into groups, files that each hold some of its keys (`booking.series.*` in one, the shared
 * words in another): they are deep-merged into the section, next to its core keys
 * (`locales/<lang>/<section>.json`) if it has any, so a key's name does not depend on its file.
 * Returns the loader of the named groups; each loads once, however often it is asked for (again
 * after a failure).
 */
export function lazyGroups<G extends string>(section: string, groups: Record<G, TextFile>): SectionGroups<G> {
  const loading = new Map<G, Promise<void>>();
  const done = new Set<G>();
  const loadOne = (name: G): Promise<void> => {
    let promise = loading.get(name);
    if (!promise) {
      promise = (async () => {
        const lng = currentLanguage();
        // A page opened directly may load before the app has set up i18next.
        const [, module] = await Promise.all([initI18n(), groups[name][lng]()]);
        i18next.addResourceBundle(lng, 'translation', { [section]: module.default }, true, true);
        done.add(name);
      })().catch((err: unknown) => {
        loading.delete(name);
        throw err;
      });
      loading.set(name, promise);
    }
    return promise;
  };
  const load = (names: readonly G[]) => Promise.all(names.map(loadOne)).then(() => undefined);
  const loader = Object.assign(load, {
    loaded: (names: readonly G[]) => names.every((n) => done.has(n)),
    names: Object.keys(groups) as G[],
  });
  sectionLoaders.set(section, loader);
  return loader;
}

/**
 * The loader of a section's groups whose own module (its table of files, one entry per group and
 * language) is imported on first use, keeping that table out of every page's first scripts. The
 * first load waits for that small module too.
 */
export function deferredGroups<G extends string>(
  section: string,
  importLoader: () => Promise<TextGroupsLoader<G>>,
): TextGroupsLoader<G> {
  const load = async (names: readonly G[]) => (await importLoader())(names);
  // the section's loader, once its module is there (whoever imported it), knows what it has
  const loaded = (names: readonly G[]) => sectionLoaders.get(section)?.loaded(names) ?? false;
  return Object.assign(load, { loaded });
}

/**
 * A section in one file per language (`lazyGroups` with a single group): its loader, which also
 * says, at once, whether the texts are there (`loaded()`).
 */
export function lazySection(section: string, loaders: TextFile): (() => Promise<void>) & { loaded(): boolean } {
  const load = lazyGroups(section, { all: loaders });
  return Object.assign(() => load(['all']), { loaded: () => load.loaded(['all']) });
}

/**
 * The groups of a split section, from an `import.meta.glob` of its files `locales/<lang>/<group>.json`
 * (a test checks that both languages have the same groups and keys).
 */
export function textGroups<G extends string>(files: Record<string, SectionLoader>): Record<G, TextFile> {
  const groups: Partial<Record<string, Partial<TextFile>>> = {};
  for (const [file, load] of Object.entries(files)) {
    // the glob's pattern gives every file these two parts; the locale tests check the groups
    const [, lang, group] = /\/(zh|en)\/([^/]+)\.json$/.exec(file)!;
    (groups[group!] ??= {})[lang as Language] = load;
  }
  return groups as Record<G, TextFile>;
}

/**
 * A page importer (route `page:` entries, lazily loaded dialogs) that also loads texts: the module
 * once both are there, so the page renders with its texts (no keys flashing).
 */
export function withTexts<T>(module: Promise<T>, ...texts: Promise<void>[]): Promise<T> {
  return Promise.all([module, ...texts]).then(([loaded]) => loaded);
}
