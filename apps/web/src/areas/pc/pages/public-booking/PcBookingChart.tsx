import { Button, Card, Empty, Result, Segmented, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useDocumentTitle } from '../../../../components/RouteTitle.tsx';
import { errorText } from '../../../../features/booking/result.ts';
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
import { useSysSettings } from '../../../../features/settings/api/sysSettings.ts';
import { pick } from '../../../../lib/i18n.ts';
import { AntdShell } from '../../AntdShell.tsx';
import './public-booking.css';

/** antd's tag colours of the slot tones. */
const TAG_COLOR = { success: 'success', danger: 'error', warning: 'warning', default: 'default' } as const;

function Slots({ chart }: { chart: PublicResourceSlotChart }) {
  const { t } = useTranslation();
  if (chart.time_slot_rule === '2') {
    return (
      <Card title={t('publicBooking.chart.bookedPeriods')} variant="borderless">
        <Typography.Paragraph type="secondary">{t('publicBooking.chart.freePeriod')}</Typography.Paragraph>
        {chart.booked_periods.length === 0 ? (
          <Empty description={t('publicBooking.chart.noBookings')} />
        ) : (
          <ul className="yy-pcpb-periods">
            {chart.booked_periods.map((p) => (
              <li key={`${p.start_time}-${p.end_time}`}>
                <strong>
                  {p.start_time}-{p.end_time}
                </strong>
                <Tag color="error">{t('publicBooking.chart.periodCount', { count: p.count })}</Tag>
              </li>
            ))}
          </ul>
        )}
      </Card>
    );
  }
  if (chart.slots.length === 0) {
    return (
      <Card variant="borderless">
        <Empty description={t('publicBooking.chart.empty')} />
      </Card>
    );
  }
  return (
    <Card variant="borderless" title={t('publicBooking.chart.summary', stateCounts(chart.slots))}>
      <ul className="yy-pcpb-slots">
        {chart.slots.map((s) => {
          const reason = slotReason(s);
          return (
            <li key={s.id} className={`yy-pcpb-slot is-${s.state}`} data-state={s.state}>
              <span className="yy-pcpb-slot-time">
                {s.kssj}-{s.jssj}
              </span>
              <Tag color={TAG_COLOR[SLOT_TONE[s.state]]} variant={s.state === 'free' ? 'outlined' : 'solid'}>
                {t(`publicBooking.chart.state.${slotStateKey(s)}`)}
              </Tag>
              {showsSeats(s) && (
                <span className="yy-pcpb-slot-note">
                  {t('publicBooking.chart.seats', { remaining: s.remaining, capacity: s.capacity })}
                </span>
              )}
              {reason && <span className="yy-pcpb-slot-note">{reason}</span>}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function Chart({ id }: { id: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [date, setDate] = useState('');
  const query = usePublicResourceSlotChart(id, date, tenantKeyOf(location.search));
  const chart = query.data;
  if (query.isPending) {
    return (
      <Card variant="borderless" aria-busy>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (query.error || !chart) {
    return (
      <Result
        status="warning"
        title={t('publicBooking.loadFailed')}
        subTitle={query.error ? errorText(query.error) : t('publicBooking.chart.notFound')}
        extra={<Button onClick={() => void query.refetch()}>{t('publicBooking.retry')}</Button>}
      />
    );
  }
  const where = locationOf(chart);
  return (
    <>
      <Card variant="borderless" className="yy-pcpb-resource">
        <Typography.Title level={2}>{pick(chart.resources_name, chart.resources_name_en)}</Typography.Title>
        <Typography.Text type="secondary">
          {[
            where,
            chart.available_number > 1 ? t('publicBooking.chart.capacity', { count: chart.available_number }) : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Text>
        <Segmented
          className="yy-pcpb-days"
          aria-label={t('publicBooking.chart.dates')}
          value={date || chart.date}
          onChange={(v) => setDate(String(v))}
          options={dayTabs(chart.dates, chart.today).map((d) => ({
            value: d.date,
            label: (
              <span className="yy-pcpb-day">
                <span>{d.today ? t('publicBooking.chart.today') : t(`publicBooking.chart.weekday.${d.weekday}`)}</span>
                <strong>{d.monthDay}</strong>
              </span>
            ),
          }))}
        />
      </Card>
      <div aria-busy={query.isFetching} className={query.isPlaceholderData ? 'yy-pcpb-stale' : undefined}>
        <Slots chart={chart} />
      </div>
      <div className="yy-pcpb-foot">
        <Typography.Text type="secondary">
          {t('publicBooking.chart.privacy')} {t('publicBooking.chart.autoRefresh')}
        </Typography.Text>
        <Button size="small" loading={query.isFetching} onClick={() => void query.refetch()}>
          {t('publicBooking.check.refresh')}
        </Button>
      </div>
    </>
  );
}

/**
 * Booking chart (`/pc/appointmentGragh/{id}`, an open route): the resource's time slots on one
 * of the coming 7 days as large tiles — free, booked (seats left for capacity resources),
 * closed or passed — for a screen at the venue door or a shared link; nobody is named. It
 * refreshes every minute. No portal frame: the page needs no sign-in.
 */
export default function PcBookingChart() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const settings = useSysSettings(null);
  useDocumentTitle('route.pc.appointmentGragh');
  return (
    <AntdShell themeColor={settings.theme_color}>
      <div className="yy-pcpb-page">
        <header className="yy-pcpb-head">
          <Typography.Text strong>{pick(settings.sys_name, settings.sys_name_en)}</Typography.Text>
          <Typography.Text type="secondary">{t('publicBooking.chart.title')}</Typography.Text>
        </header>
        <main className="yy-pcpb-main">
          <Chart id={id} />
        </main>
      </div>
    </AntdShell>
  );
}
