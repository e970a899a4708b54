import { useTranslation } from 'react-i18next';

/** Shown while a page or the session loads. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="yy-spinner-page" role="status" aria-live="polite">
      <div className="yy-spinner" aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
