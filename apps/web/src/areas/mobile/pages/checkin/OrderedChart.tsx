import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd-mobile';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findAppointmentSignAll } from '../../../../features/checkin/api/findAppointmentSignAll.ts';
import { checkinKeys, type AppointmentSign } from '../../../../features/checkin/types.ts';
import { DEFAULT_THEME_COLOR } from '../../../../lib/theme.ts';
import { useLazyEChart } from '../../../../lib/useLazyEChart.ts';
import { Empty, LoadFailed, Loading } from '../../components/LoadState.tsx';
import { Segments } from '../../components/Segments.tsx';
import { OUTCOMES, perDay, perSlot, rangeEnding, type ChartFigures, type Outcome } from './chartData.ts';
import type { EChartsCoreOption } from './echarts.ts';
import './register.css';

/** ECharts (the chart's parts) loads once, when a chart is first shown; a failed load is tried again. */
let loading: Promise<typeof import('./echarts.ts')> | null = null;
const loadCharts = () =>
  (loading ??= import('./echarts.ts').catch((err: unknown) => {
    loading = null;
    throw err;
  }));

/** The list's page size (the server's most) and how many pages the chart reads at most. */
const PAGE = 200;
const MAX_PAGES = 10;
const RANGES = ['7', '30'] as const;
type Range = (typeof RANGES)[number];
type By = 'day' | 'slot';

/** No-show and to-check-in colours; attended bookings take the theme colour. */
const TONES: Record<Exclude<Outcome, 'attended'>, string> = { waiting: '#c9cdd4', missed: '#f53f3f' };

/** A resource's confirmed bookings of [from, to], every page up to MAX_PAGES * PAGE. */
async function signsInRange(resourceId: string, from: string, to: string) {
  const rows: AppointmentSign[] = [];
  let total = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const list = await findAppointmentSignAll({
      first: PAGE,
      offset: page * PAGE,
      filter: { resources_id: { eq: resourceId } },
      appointmentDate: [from, to],
    });
    total = list.totalCount;
    rows.push(...list.edges.map((e) => e.node));
    if (!list.edges.length || rows.length >= total) break;
  }
  return { rows, total };
}

/** The settings colour the mobile layout puts on the page (--adm-color-primary). */
function themeColorAt(el: HTMLElement): string {
  return getComputedStyle(el).getPropertyValue('--adm-color-primary').trim() || DEFAULT_THEME_COLOR;
}

function optionOf(figures: ChartFigures, color: string, t: (k: string) => string): EChartsCoreOption {
  const colours: Record<Outcome, string> = { attended: color, ...TONES };
  return {
    animation: false,
    aria: { enabled: true },
    color: OUTCOMES.map((o) => colours[o]),
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, confine: true },
    legend: { bottom: 0, itemWidth: 12, itemHeight: 12 },
    grid: { left: 8, right: 12, top: 32, bottom: 56, containLabel: true },
    xAxis: {
      type: 'category',
      data: figures.labels.map((l) => (/^\d{4}-/.test(l) ? l.slice(5) : l)),
      axisLabel: { hideOverlap: true, fontSize: 11 },
    },
    yAxis: { type: 'value', minInterval: 1, name: t('checkin.chart.count'), nameTextStyle: { fontSize: 11 } },
    series: OUTCOMES.map((o) => ({
      name: t(`checkin.chart.outcome.${o}`),
      type: 'bar',
      stack: 'bookings',
      barMaxWidth: 28,
      data: figures.counts[o],
    })),
  };
}

/** The bars on canvas: ECharts loads on first use and follows the box's width. */
function Bars({ figures, label }: { figures: ChartFigures; label: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const { ready, failed } = useLazyEChart(loadCharts, box, (el) => optionOf(figures, themeColorAt(el), t), [
    figures,
    t,
  ]);
  if (failed) {
    return (
      <p className="yy-m-error-text" role="alert">
        {t('checkin.chart.failed')}: {failed}
      </p>
    );
  }
  return (
    <div className="yy-mr-chart" role="img" aria-label={label}>
      <div ref={box} className="yy-mr-chart-box" />
      {!ready && <Loading />}
    </div>
  );
}

/**
 * The booking overview's chart (loaded with the chart tab): a resource's confirmed bookings per
 * day of the last 7 or 30 days up to the chosen date, or per time slot over them, split into
 * checked in, to check in and no-show; in the settings colour.
 */
export default function OrderedChart({ resourceId, date, name }: { resourceId: string; date: string; name: string }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<Range>('7');
  const [by, setBy] = useState<By>('day');
  const { from, to } = rangeEnding(date, Number(range));
  const query = useQuery({
    queryKey: [...checkinKeys.all, 'chart', resourceId, from, to],
    queryFn: () => signsInRange(resourceId, from, to),
    retry: false,
  });
  const rows = query.data?.rows;
  const figures = useMemo(
    () => (rows ? (by === 'day' ? perDay(rows, from, to) : perSlot(rows)) : null),
    [rows, by, from, to],
  );

  let body;
  if (query.isPending) {
    body = <Skeleton.Paragraph lineCount={6} animated />;
  } else if (query.error) {
    body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!figures?.total) {
    body = <Empty title={t('checkin.chart.none')} />;
  } else {
    body = (
      <>
        <p className="yy-m-muted">
          {t('checkin.overview.total', { n: query.data.total })}
          {query.data.total > query.data.rows.length
            ? ` · ${t('checkin.chart.truncated', { total: query.data.total, n: query.data.rows.length })}`
            : ''}
        </p>
        <Bars figures={figures} label={t('checkin.chart.label', { name })} />
      </>
    );
  }

  return (
    <section className="yy-m-card" aria-label={t('checkin.chart.chart')}>
      <div className="yy-mc-stack">
        <Segments<Range>
          label={t('checkin.chart.range')}
          value={range}
          options={RANGES.map((n) => ({ value: n, label: t('checkin.chart.days', { n }) }))}
          onChange={setRange}
        />
        <Segments<By>
          label={t('checkin.chart.by')}
          value={by}
          options={[
            { value: 'day', label: t('checkin.chart.perDay') },
            { value: 'slot', label: t('checkin.chart.perSlot') },
          ]}
          onChange={setBy}
        />
        <p className="yy-m-muted" aria-live="polite" style={{ margin: 0 }}>
          {t('checkin.chart.rangeText', { from, to })}
        </p>
      </div>
      {body}
    </section>
  );
}
