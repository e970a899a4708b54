import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MessagePage } from './MessagePage.tsx';

/** An area's error boundary: a crash or failed chunk shows this instead of a blank page. */
export default function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <MessagePage code="404" title={t('route.other.error404')} text={t('common.error404')} />;
  }
  console.error('[route] page failed', error);
  return (
    <MessagePage title={t('common.crashed')} text={t('common.crashedHint')}>
      <button type="button" className="yy-button" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </MessagePage>
  );
}
