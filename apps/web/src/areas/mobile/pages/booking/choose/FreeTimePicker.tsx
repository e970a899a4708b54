import { useTranslation } from 'react-i18next';
import { hhmmOf } from '../../../../../features/booking/dates.ts';
import type { ClosedPeriod } from '../../../../../features/booking/types.ts';
import { pick } from '../../../../../lib/i18n.ts';

/** Quarter-hour steps of a day. */
const STEPS = Array.from({ length: 97 }, (_, i) => hhmmOf(i * 15));

/**
 * Start and end of a free period, in quarter hours, with the day's closed periods listed so
 * the user can avoid them.
 */
export function FreeTimePicker({
  start,
  end,
  onChange,
  closed,
  limits,
}: {
  start: string;
  end: string;
  onChange: (value: { start: string; end: string }) => void;
  closed?: readonly ClosedPeriod[];
  limits?: { min: number; max: number };
}) {
  const { t } = useTranslation();
  return (
    <div>
      <div className="yy-m-free-time">
        <label>
          {t('booking.choose.start')}
          <select
            className="yy-m-select"
            value={start}
            onChange={(e) => onChange({ start: e.target.value, end: end && end > e.target.value ? end : '' })}
          >
            <option value="">{t('booking.choose.pick')}</option>
            {STEPS.slice(0, -1).map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('booking.choose.end')}
          <select className="yy-m-select" value={end} onChange={(e) => onChange({ start, end: e.target.value })}>
            <option value="">{t('booking.choose.pick')}</option>
            {STEPS.slice(1).map((v) => (
              <option key={v} value={v} disabled={Boolean(start) && v <= start}>
                {v}
              </option>
            ))}
          </select>
        </label>
      </div>
      {limits && (limits.min > 0 || limits.max > 0) && (
        <p className="yy-m-muted" style={{ marginTop: 8 }}>
          {t('booking.choose.freeLimits', { min: limits.min || 0, max: limits.max || '—' })}
        </p>
      )}
      {closed && closed.length > 0 && (
        <>
          <p className="yy-m-muted" style={{ marginTop: 8 }}>
            {t('booking.choose.closedPeriods')}
          </p>
          <ul className="yy-m-closed-list">
            {closed.map((c) => (
              <li key={`${c.start_time}-${c.end_time}`}>
                {c.start_time}-{c.end_time} {pick(c.reason_cn, c.reason_en)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
