import { lazySection } from '../../lib/i18n.ts';

/**
 * The evaluation screens' texts (`features/evaluations/locales/<lang>.json`, section
 * `evaluations`); the few shown elsewhere (the evaluate entry, the route title) are core
 * (`locales/<lang>/evaluations.json`). Pages and dialogs load them through `texts.ts`.
 */
export const ensureEvaluationTranslations = lazySection('evaluations', {
  zh: () => import('./locales/zh.json'),
  en: () => import('./locales/en.json'),
});
