import { useTranslation } from 'react-i18next';
import { isoWeekday, shortOpening, todayIso } from '../../../../../features/booking/dates.ts';

/**
 * A row of dates to pick one from (today first). A date not open for booking yet cannot be
 * picked and says when it opens (`opening`: "YYYY-MM-DD HH:mm", or null when open).
 */
export function DateStrip({
  dates,
  value,
  onChange,
  opening = () => null,
}: {
  dates: readonly string[];
  value: string;
  onChange: (date: string) => void;
  opening?: (date: string) => string | null;
}) {
  const { t } = useTranslation();
  const today = todayIso();
  return (
    <div className="yy-m-dates" role="group" aria-label={t('booking.choose.date')}>
      {dates.map((d) => {
        const opensAt = opening(d);
        const when = opensAt && shortOpening(opensAt, today);
        return (
          <button
            key={d}
            type="button"
            className={opensAt ? 'yy-m-date yy-m-date-shut' : 'yy-m-date'}
            aria-pressed={d === value}
            aria-label={when ? t('booking.choose.notOpenLabel', { date: d, time: when }) : d}
            disabled={Boolean(opensAt)}
            onClick={() => onChange(d)}
          >
            {d === today ? t('booking.today') : t(`booking.weekdayShort.${isoWeekday(d)}`)}
            <strong>{d.slice(5)}</strong>
            {when && <small>{t('booking.choose.opensShort', { time: when })}</small>}
          </button>
        );
      })}
    </div>
  );
}
