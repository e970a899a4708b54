import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

export interface RouteHandle {
  title?: string;
}

/** The title (i18n key) of the deepest matched route that has one. */
export function useRouteTitleKey(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i]?.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
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
