import { Button, Skeleton, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useDocumentTitle } from '../../../../components/RouteTitle.tsx';
import { usePublicResourceSlotChart } from '../../../../features/public-booking/api/findPublicResourceSlotChart.ts';
import type { PublicResourceSlotChart } from '../../../../features/public-booking/types.ts';
import {
  SLOT_TONE,
  dayTabs,
  locationOf,
  showsSeats,
  slotReason,
  slotStateKey,
  stateCounts,
  tenantKeyOf,
} from '../../../../features/public-booking/view.ts';
import { pick } from '../../../../lib/i18n.ts';
import { Empty, LoadFailed } from '../../components/LoadState.tsx';
import { PublicPage } from './PublicPage.tsx';

/** antd-mobile's tag colours of the slot tones. */
const TAG_COLOR = { success: 'success', danger: 'danger', warning: 'warning', default: 'default' } as const;

function DayStrip({
  chart,
  value,
  onChange,
}: {
  chart: PublicResourceSlotChart;
  value: string;
  onChange: (date: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="yy-pb-days" role="radiogroup" aria-label={t('publicBooking.chart.dates')}>
      {dayTabs(chart.dates, chart.today).map((d) => (
        <button
          key={d.date}
          type="button"
          role="radio"
          aria-checked={d.date === value}
          className={d.date === value ? 'yy-pb-day is-on' : 'yy-pb-day'}
          onClick={() => onChange(d.date)}
        >
          <span>{d.today ? t('publicBooking.chart.today') : t(`publicBooking.chart.weekday.${d.weekday}`)}</span>
          <strong>{d.monthDay}</strong>
        </button>
      ))}
    </div>
  );
}

function Slots({ chart }: { chart: PublicResourceSlotChart }) {
  const { t } = useTranslation();
  if (chart.time_slot_rule === '2') {
    return (
      <section className="yy-m-card" aria-label={t('publicBooking.chart.bookedPeriods')}>
        <h2>{t('publicBooking.chart.bookedPeriods')}</h2>
        <p className="yy-m-muted">{t('publicBooking.chart.freePeriod')}</p>
        {chart.booked_periods.length === 0 ? (
          <Empty title={t('publicBooking.chart.noBookings')} />
        ) : (
          <ul className="yy-pb-periods">
            {chart.booked_periods.map((p) => (
              <li key={`${p.start_time}-${p.end_time}`}>
                <strong>
                  {p.start_time}-{p.end_time}
                </strong>
                <Tag color="danger" fill="outline">
                  {t('publicBooking.chart.periodCount', { count: p.count })}
                </Tag>
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }
  if (chart.slots.length === 0) return <Empty title={t('publicBooking.chart.empty')} />;
  const counts = stateCounts(chart.slots);
  return (
    <section className="yy-m-card" aria-label={t('publicBooking.chart.title')}>
      <p className="yy-m-muted yy-pb-summary">{t('publicBooking.chart.summary', counts)}</p>
      <ul className="yy-pb-slots">
        {chart.slots.map((s) => {
          const reason = slotReason(s);
          return (
            <li key={s.id} className={`yy-pb-slot is-${s.state}`} data-state={s.state}>
              <span className="yy-pb-slot-time">
                {s.kssj}-{s.jssj}
              </span>
              <Tag color={TAG_COLOR[SLOT_TONE[s.state]]} fill={s.state === 'free' ? 'outline' : 'solid'}>
                {t(`publicBooking.chart.state.${slotStateKey(s)}`)}
              </Tag>
              {showsSeats(s) && (
                <span className="yy-pb-slot-seats">
                  {t('publicBooking.chart.seats', { remaining: s.remaining, capacity: s.capacity })}
                </span>
              )}
              {reason && <span className="yy-pb-slot-reason">{reason}</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * Booking chart (`/mobile/appointmentGragh/{id}`, an open route): the resource's time slots on
 * one of the coming 7 days, each free, booked (seats left for capacity resources), closed or
 * passed, as the booking engine gives them to anyone; nobody is named. Meant for a phone that
 * opened a shared link or a screen at the venue door (it refreshes every minute).
 */
export default function MobileBookingChart() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const location = useLocation();
  const [date, setDate] = useState('');
  const query = usePublicResourceSlotChart(id, date, tenantKeyOf(location.search));
  useDocumentTitle('route.mobile.appointmentGragh');
  const chart = query.data;

  let body;
  if (query.isPending) {
    body = (
      <div className="yy-m-card" role="status" aria-busy>
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  } else if (query.error || !chart) {
    body = <LoadFailed error={query.error ?? t('publicBooking.chart.notFound')} onRetry={() => void query.refetch()} />;
  } else {
    const where = locationOf(chart);
    body = (
      <>
        <section className="yy-m-card yy-pb-resource">
          <h1>{pick(chart.resources_name, chart.resources_name_en)}</h1>
          {where && <p className="yy-m-muted">{where}</p>}
          {chart.available_number > 1 && (
            <p className="yy-m-muted">{t('publicBooking.chart.capacity', { count: chart.available_number })}</p>
          )}
        </section>
        <DayStrip chart={chart} value={date || chart.date} onChange={setDate} />
        <div aria-busy={query.isFetching} className={query.isPlaceholderData ? 'yy-pb-stale' : undefined}>
          <Slots chart={chart} />
        </div>
        <p className="yy-m-muted yy-pb-note">
          {t('publicBooking.chart.privacy')} {t('publicBooking.chart.autoRefresh')}
        </p>
        <div className="yy-pb-actions">
          <Button size="small" fill="outline" loading={query.isFetching} onClick={() => void query.refetch()}>
            {t('publicBooking.check.refresh')}
          </Button>
        </div>
      </>
    );
  }

  return <PublicPage title={t('publicBooking.chart.title')}>{body}</PublicPage>;
}
