import { lazySection } from '../../lib/i18n.ts';

/**
 * The visitor pages' texts (`features/visitors/locales/<lang>.json`, section `visitors`) load
 * with those pages only; only the language in use is fetched.
 */
export const ensureVisitorsTranslations = lazySection('visitors', {
  zh: () => import('./locales/zh.json'),
  en: () => import('./locales/en.json'),
});
