import { useTranslation } from 'react-i18next';
import './skeleton-lines.css';

/**
 * Grey lines standing for a block while it loads, drawn as antd-mobile's animated Skeleton is
 * but with CSS alone (its component is a chunk of its own); read as "loading" by screen readers.
 */
export function SkeletonLines({ lines = 3, title = true }: { lines?: number; title?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="yy-m-skeleton" role="status">
      <span className="yy-m-visually-hidden">{t('common.loading')}</span>
      {title ? <div className="yy-m-skeleton-bar yy-m-skeleton-title" /> : null}
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="yy-m-skeleton-bar yy-m-skeleton-line" />
      ))}
    </div>
  );
}
