import { lazySection } from '../../../lib/i18n.ts';

/**
 * The gate pages' texts (`locales/<lang>.json`, section `visitorGate`) load with the gate pages,
 * not with every page; only the language in use is fetched.
 */
export const ensureVisitorGateTranslations = lazySection('visitorGate', {
  zh: () => import('./locales/zh.json'),
  en: () => import('./locales/en.json'),
});
