import { lazySection } from '../../lib/i18n.ts';

/**
 * The open booking pages' texts (`features/public-booking/locales/<lang>.json`, section
 * `publicBooking`) load with those pages only; only the language in use is fetched.
 */
export const ensurePublicBookingTranslations = lazySection('publicBooking', {
  zh: () => import('./locales/zh.json'),
  en: () => import('./locales/en.json'),
});

/** A page importer that also loads the open booking pages' texts (route `page:` entries). */
export function withPublicBookingTexts<T>(page: Promise<T>): Promise<T> {
  return Promise.all([page, ensurePublicBookingTranslations()]).then(([module]) => module);
}
