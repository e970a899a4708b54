import { Button, DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../features/booking/result.ts';
import './load-state.css';

/** A block's loading indicator. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="yy-m-state" role="status" aria-live="polite">
      <DotLoading color="primary" />
      <span className="yy-m-visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

/** A light picture for empty and failed blocks (antd-mobile's ErrorBlock pictures weigh 10 kB). */
function Picture({ failed }: { failed?: boolean }) {
  return (
    <svg className="yy-m-state-picture" viewBox="0 0 64 48" aria-hidden>
      <rect x="6" y="10" width="52" height="32" rx="6" fill="currentColor" opacity="0.12" />
      <rect x="14" y="18" width="24" height="4" rx="2" fill="currentColor" opacity="0.35" />
      <rect x="14" y="26" width="36" height="4" rx="2" fill="currentColor" opacity="0.25" />
      {failed && <circle cx="50" cy="12" r="8" fill="#ff8f1f" />}
      {failed && <rect x="49" y="7" width="2" height="6" rx="1" fill="#fff" />}
      {failed && <rect x="49" y="15" width="2" height="2" rx="1" fill="#fff" />}
    </svg>
  );
}

/** A failed load: the reason and a retry button. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="yy-m-state" role="alert">
      <Picture failed />
      <p className="yy-m-state-title">{t('booking.loadFailed')}</p>
      <p className="yy-m-muted">{errorText(error)}</p>
      <Button size="small" color="primary" fill="outline" onClick={onRetry} style={{ marginTop: 12 }}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** Nothing to show. */
export function Empty({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <div className="yy-m-state" role="status">
      <Picture />
      <p className="yy-m-state-title">{title}</p>
      {description && <p className="yy-m-muted">{description}</p>}
      {children && <div style={{ marginTop: 12 }}>{children}</div>}
    </div>
  );
}
