import { lazySection } from '../../lib/i18n.ts';

/**
 * The open booking pages' texts (`features/public-booking/locales/<lang>.json`, section
 * `publicBooking`) load with those pages only; only the language in use is fetched.
 */
export const ensurePublicBookingTranslations = lazySection('publicBooking', {
  zh: () => import('./locales/zh.json'),
  en: () => import('./locales/en.json'),
});
