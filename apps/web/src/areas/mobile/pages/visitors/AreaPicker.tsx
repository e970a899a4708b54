import { useTranslation } from 'react-i18next';
import type { AvailableNumber, VisitorArea } from '../../../../features/visitors/types.ts';
import { pick } from '../../../../lib/i18n.ts';

/** The areas whose quota the party does not fit (from the quota answer). */
export function fullAreas(quota: readonly AvailableNumber[] | undefined, picked: readonly string[]): string[] {
  return (quota ?? []).filter((q) => picked.includes(q.resources_id) && q.enough === false).map((q) => q.resources_id);
}

/** What is left of an area's daily quota, in words. */
function QuotaText({ q }: { q: AvailableNumber | undefined }) {
  const { t } = useTranslation();
  if (!q) return null;
  if (q.remaining === -1 || !q.available_number)
    return <span className="yy-m-muted">{t('visitors.quota.unlimited')}</span>;
  return (
    <span className={q.enough === false ? 'yy-v-quota-full' : 'yy-m-muted'}>
      {q.enough === false ? `${t('visitors.quota.notEnough')} · ` : ''}
      {t('visitors.quota.left', { n: q.remaining ?? 0, total: q.available_number })}
    </span>
  );
}

/**
 * The campus areas to visit, each with its remaining quota on `date` for the party (`quota`:
 * the server's answer for every area, read again as the date or party change).
 */
export function AreaPicker({
  areas,
  date,
  quota,
  value,
  onChange,
  error,
}: {
  areas: readonly VisitorArea[];
  date: string;
  quota: { data: AvailableNumber[] | undefined; error: unknown };
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="yy-m-field yy-v-areas" aria-describedby={error ? 'yy-v-areas-error' : undefined}>
      <legend className="yy-m-field-title yy-m-required">{t('visitors.form.areas')}</legend>
      {!areas.length && <p className="yy-m-muted">{t('visitors.form.noAreas')}</p>}
      {areas.map((a) => {
        const id = `yy-v-area-${a.id}`;
        const q = quota.data?.find((x) => x.resources_id === a.id);
        return (
          <label key={a.id} htmlFor={id} className="yy-v-area">
            <input
              id={id}
              type="checkbox"
              checked={value.includes(a.id)}
              onChange={(e) => onChange(e.target.checked ? [...value, a.id] : value.filter((x) => x !== a.id))}
            />
            <span className="yy-v-area-text">
              <span>{pick(a.resources_name, a.resources_name_en)}</span>
              {date ? <QuotaText q={q} /> : <span className="yy-m-muted">{t('visitors.quota.pickDate')}</span>}
            </span>
          </label>
        );
      })}
      {Boolean(quota.error) && <p className="yy-m-muted">{t('visitors.quota.failed')}</p>}
      {error && (
        <p className="yy-m-error-text" role="alert" id="yy-v-areas-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
