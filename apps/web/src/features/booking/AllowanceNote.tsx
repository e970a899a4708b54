import { useTranslation } from 'react-i18next';
import { useAppointmentAllowance } from './api/findAppointmentAllowance.ts';
import { allowanceLines } from './allowance.ts';
import './allowance.css';

/**
 * The caller's remaining allowance for a booking of a resource on a date, one line per
 * per-person limit, saying what it counts (this resource, or its type all together). Nothing
 * while loading or when no limit applies; a failure to read it says so in one line (the submit
 * still checks the limits).
 */
export function AllowanceNote({ resourceId, date, typeName }: { resourceId: string; date: string; typeName: string }) {
  const { t } = useTranslation();
  const allowance = useAppointmentAllowance(resourceId, date);
  if (allowance.error) {
    return (
      <ul className="yy-allowance" aria-label={t('booking.allowance.label')}>
        <li>{t('booking.allowance.failed')}</li>
      </ul>
    );
  }
  const lines = allowanceLines(allowance.data ?? [], t, typeName);
  if (!lines.length) return null;
  return (
    <ul className="yy-allowance" aria-label={t('booking.allowance.label')} aria-live="polite">
      {lines.map((l) => (
        <li key={l.key} className={l.exhausted ? 'yy-allowance-none' : undefined}>
          {l.text}
        </li>
      ))}
    </ul>
  );
}
