/**
 * Loads a module (a route's page, a lazy dialog) together with the evaluation texts. The texts'
 * loader is itself imported lazily, so that routes naming evaluation pages add next to nothing
 * to the first page's scripts.
 */
export function withEvaluationTexts<T>(module: Promise<T>): Promise<T> {
  return Promise.all([module, import('./i18n.ts').then((m) => m.ensureEvaluationTranslations())]).then(([m]) => m);
}
