import { useTranslation } from 'react-i18next';
import { useResourcesSignCode } from '../api/findResourcesSignCode.ts';
import { useCheckinTexts } from '../texts.ts';
import { CodeQr } from './CodeQr.tsx';
import './checkin.css';

/**
 * A resource's on-screen check-in code (for its administrators: a screen or a phone at the
 * venue that bookers scan). Valid 300 s and fetched again before it expires.
 */
export function ResourceCodeQr({ resourcesId, name }: { resourcesId: string; name: string }) {
  const ready = useCheckinTexts(['resource']);
  const { t } = useTranslation();
  const query = useResourcesSignCode(resourcesId);
  if (!ready) return <div className="yy-ci yy-ci-placeholder" aria-busy="true" />;
  return (
    <div className="yy-ci">
      <CodeQr
        query={query}
        alt={t('checkin.resourceCode.alt', { name })}
        caption={<strong>{t('checkin.resourceCode.caption', { name })}</strong>}
      />
    </div>
  );
}
