import { useTranslation } from 'react-i18next';
import { isoWeekday } from '../../../../features/booking/dates.ts';
import type { ResourceSlot } from '../../../../features/booking/types.ts';
import type { TimeSelection } from '../bookingRequest.ts';

/**
 * The chosen time in words, as the dialog shows it above the rule preview, on the confirm step
 * and on the ballot result: a date with its weekday and times, a periodic rule's span and days,
 * or a batch's dates.
 */
export function useTimeText(slots: readonly ResourceSlot[], freeTime: boolean) {
  const { t } = useTranslation();
  const slotLabel = (id: string) => {
    const s = slots.find((x) => x.id === id);
    return s ? `${s.kssj}–${s.jssj}` : id;
  };
  return (sel: TimeSelection): string => {
    const sep = t('pcBooking.listSeparator');
    const times = (c: { slotIds: string[]; startTime: string; endTime: string }) =>
      freeTime ? `${c.startTime}–${c.endTime}` : [...c.slotIds].map(slotLabel).sort().join(sep);
    if (sel.mode === 'normal') return `${sel.date} ${t(`pcBooking.weekday.${isoWeekday(sel.date)}`)} ${times(sel)}`;
    const r = sel.series;
    if (sel.mode === 'periodic') {
      const on =
        r.strategy === '1'
          ? t('pcBooking.periodic.strategy1')
          : r.strategy === '2'
            ? t('pcBooking.periodic.weeklyOn', {
                days: [...r.weekdays]
                  .sort()
                  .map((d) => t(`pcBooking.weekday.${d}`))
                  .join(sep),
              })
            : t('pcBooking.periodic.monthlyOn', {
                days: [...r.monthDays].sort((a, b) => Number(a) - Number(b)).join(sep),
              });
      return t('pcBooking.periodic.summary', { from: r.startDate, to: r.endDate, on, times: times(r) });
    }
    return t('pcBooking.batch.summary', { dates: r.dates.join(sep), times: times(r) });
  };
}
