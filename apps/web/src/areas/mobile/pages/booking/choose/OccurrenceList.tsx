import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isoWeekday } from '../../../../../features/booking/dates.ts';
import { occurrenceReason } from '../../../../../features/booking/series.ts';
import type { SeriesOccurrence } from '../../../../../features/booking/types.ts';
import { currentLanguage } from '../../../../../lib/i18n.ts';

/*
 * Its own module: the application form shows a submitted series' report without loading the
 * periodic booking setup.
 */

const STATUS_COLOR: Record<string, string> = {
  ok: 'success',
  conflict: 'danger',
  closed: 'default',
  over_quota: 'warning',
  blacklisted: 'danger',
};

/** The per-occurrence report of a preview (or of a submit). */
export function OccurrenceList({ occurrences }: { occurrences: readonly SeriesOccurrence[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <ul className="yy-m-occurrences" aria-label={t('booking.series.occurrences')}>
      {occurrences.map((o) => (
        <li key={`${o.date} ${o.start_time}`} className="yy-m-occurrence" data-status={o.status}>
          <span className="yy-m-occurrence-time">
            {o.date} {t(`booking.weekdayShort.${isoWeekday(o.date)}`)} {o.start_time}-{o.end_time}
            {o.status !== 'ok' && occurrenceReason(o, lang) && <small>{occurrenceReason(o, lang)}</small>}
          </span>
          <Tag color={STATUS_COLOR[o.status] ?? 'default'} fill="outline">
            {t(`booking.series.status.${o.status}`, { defaultValue: o.status })}
          </Tag>
        </li>
      ))}
    </ul>
  );
}
