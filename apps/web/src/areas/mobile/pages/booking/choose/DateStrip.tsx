import { useTranslation } from 'react-i18next';
import { isoWeekday, todayIso } from '../../../../../features/booking/dates.ts';

/** A row of dates to pick one from (today first). */
export function DateStrip({
  dates,
  value,
  onChange,
}: {
  dates: readonly string[];
  value: string;
  onChange: (date: string) => void;
}) {
  const { t } = useTranslation();
  const today = todayIso();
  return (
    <div className="yy-m-dates" role="group" aria-label={t('booking.choose.date')}>
      {dates.map((d) => (
        <button
          key={d}
          type="button"
          className="yy-m-date"
          aria-pressed={d === value}
          aria-label={d}
          onClick={() => onChange(d)}
        >
          {d === today ? t('booking.today') : t(`booking.weekdayShort.${isoWeekday(d)}`)}
          <strong>{d.slice(5)}</strong>
        </button>
      ))}
    </div>
  );
}
