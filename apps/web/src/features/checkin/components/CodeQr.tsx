import { useTranslation } from 'react-i18next';
import { errorText } from '../../booking/result.ts';
import { formatCountdown, secondsLeft } from '../codes.ts';
import type { AppointmentSignCode } from '../types.ts';
import { useNow } from './useNow.ts';
import './checkin.css';

/** What a code query gives the QR view (a TanStack query result has all of it). */
export interface CodeQuery {
  data: AppointmentSignCode | null | undefined;
  /** When the data was fetched (ms). */
  dataUpdatedAt: number;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A check-in QR code that is fetched again before it expires: the image, a countdown to the
 * next one, and a refresh button. A refused or failed fetch shows the server's reason.
 */
export function CodeQr({ query, alt, caption }: { query: CodeQuery; alt: string; caption?: React.ReactNode }) {
  const { t } = useTranslation();
  const code = query.data;
  const now = useNow(1000, Boolean(code));
  if (query.isPending) {
    return (
      <div className="yy-ci-qr" role="status" aria-live="polite">
        <div className="yy-ci-qr-frame is-stale">
          <div className="yy-ci-qr-overlay">{t('checkin.code.loading')}</div>
        </div>
      </div>
    );
  }
  if (!code) {
    return (
      <div className="yy-ci-qr">
        <p role="alert" className="yy-ci-error">
          {query.error ? errorText(query.error) : t('checkin.code.none')}
        </p>
        <button type="button" className="yy-ci-link" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {t('checkin.code.retry')}
        </button>
      </div>
    );
  }
  const left = secondsLeft(code.expires_in, query.dataUpdatedAt, now);
  const expired = left <= 0;
  return (
    <div className="yy-ci-qr">
      <div className={`yy-ci-qr-frame${expired || (query.isFetching && left < 30) ? ' is-stale' : ''}`}>
        <img src={code.qcode_image} alt={alt} width={240} height={240} />
        {expired && (
          <div className="yy-ci-qr-overlay" role="status">
            {query.isFetching ? t('checkin.code.refreshing') : t('checkin.code.expired')}
          </div>
        )}
      </div>
      {caption}
      <p className="yy-ci-muted">
        {expired ? (
          t('checkin.code.expiredHint')
        ) : (
          <>
            {t('checkin.code.validFor')} <span className="yy-ci-countdown">{formatCountdown(left)}</span>
            {' · '}
            {t('checkin.code.autoRefresh')}
          </>
        )}
      </p>
      {query.error ? (
        <p role="alert" className="yy-ci-error">
          {errorText(query.error)}
        </p>
      ) : null}
      <button type="button" className="yy-ci-link" onClick={() => void query.refetch()} disabled={query.isFetching}>
        {query.isFetching ? t('checkin.code.refreshing') : t('checkin.code.refresh')}
      </button>
    </div>
  );
}
