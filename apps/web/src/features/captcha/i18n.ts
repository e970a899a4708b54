import { lazySection } from '../../lib/i18n.ts';

/**
 * The slider captcha's texts (`locales/<lang>.json`, section `captcha`) load when a submit first
 * asks for a slide (`useCaptchaCredential`), not with every page; only the language in use is fetched.
 */
export const ensureCaptchaTranslations = lazySection('captcha', {
  zh: () => import('./locales/zh.json'),
  en: () => import('./locales/en.json'),
});
