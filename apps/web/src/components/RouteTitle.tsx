import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The title (i18n key) of the deepest matched route that has one; the app's routes provide it. */
export const RouteTitleContext = createContext<string | undefined>(undefined);

/** The title (i18n key) of the deepest matched route that has one. */
export function useRouteTitleKey(): string | undefined {
  return useContext(RouteTitleContext);
}

/** Keeps the document title as "<page> - <system page title>". */
export function useDocumentTitle(pageTitle: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    const suffix = pageTitle ? `${t(pageTitle)} - ` : '';
    document.title = `${suffix}${t('common.appName')}`;
  }, [pageTitle, t]);
}

/** A route whose screens a later release fills: its title, so the route is there and named. */
export default function RouteTitle() {
  const { t } = useTranslation();
  const key = useRouteTitleKey();
  return (
    <section className="yy-route-title">
      <h1>{key ? t(key) : ''}</h1>
      <p>{t('common.comingSoon')}</p>
    </section>
  );
}
