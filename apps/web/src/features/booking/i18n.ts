import { lazySection } from '../../lib/i18n.ts';

/**
 * The booking screens' texts (`features/booking/locales/<lang>.json`, section `booking`) load
 * with the first booking screen rather than at start, keeping the phone's first page light.
 * Only the language in use is fetched.
 */
export const ensureBookingTranslations = lazySection('booking', {
  zh: () => import('./locales/zh.json'),
  en: () => import('./locales/en.json'),
});

/** A page importer that also loads the booking texts (route `page:` entries). */
export function withBookingTexts<T>(page: Promise<T>): Promise<T> {
  return Promise.all([page, ensureBookingTranslations()]).then(([module]) => module);
}
