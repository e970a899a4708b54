import { ensureTranslations, initI18n } from '../lib/i18n.ts';

/**
 * Before a back-office component test: the translations (core, desktop and the back office's), and
 * the browser APIs antd asks for that jsdom lacks (it lays nothing out).
 */
export async function prepareBackOfficeTest(): Promise<void> {
  await initI18n();
  await ensureTranslations('desktop');
  await ensureTranslations('manage');
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
