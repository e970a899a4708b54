import { Card, Empty, Spin, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useAppointmentStatistics,
  type StatisticsItem,
} from '../../../../../features/appointments-admin/api/findAppointmentStatistics.ts';
import { percent, type StatCategory } from '../../../../../features/appointments-admin/stats.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { errorText } from '../../../operation-result.ts';
import { appointmentListPath } from '../paths.ts';
import { stackedBarOption } from './charts.ts';
import { EChart } from './EChart.tsx';
import type { StatsRange } from './StatCards.tsx';

/** The categories of the per-resource overview (the rest are in the list). */
const SHOWN: StatCategory[] = ['valid', 'pending', 'cancelled'];
/** Most resources in the chart (the table lists all). */
const CHART_MAX = 20;

interface ResourceRow extends StatisticsItem {
  name: string;
  type: string;
}

/**
 * The booking overview per resource over the range: bookings (total, valid, awaiting approval,
 * cancelled), capacity, booked and vacancy; each row links to the list searching that resource.
 */
export function ResourceOverview({ range }: { range: StatsRange | null }) {
  const { t } = useTranslation();
  const stats = useAppointmentStatistics(range);
  const rows: ResourceRow[] = useMemo(() => {
    const typeName = new Map(
      (stats.data?.types ?? []).map((ty) => [ty.id, pick(ty.resources_name, ty.resources_name_en)]),
    );
    return (stats.data?.resources ?? []).map((r) => ({
      ...r,
      name: pick(r.resources_name, r.resources_name_en),
      type: typeName.get(r.resources_type_id) ?? '—',
    }));
  }, [stats.data]);
  const charted = useMemo(
    () =>
      rows
        .filter((r) => r.total > 0)
        .sort((a, b) => b.total - a.total)
        .slice(0, CHART_MAX),
    [rows],
  );
  const option = useMemo(
    () =>
      stackedBarOption(
        charted.map((r) => r.name),
        [
          ...SHOWN.map((c) => ({
            key: c,
            name: t(`appointments.stats.category.${c}`),
            values: charted.map((r) => r[c]),
          })),
          {
            key: 'others',
            name: t('appointments.stats.others'),
            values: charted.map((r) => r.total - SHOWN.reduce((s, c) => s + r[c], 0)),
          },
        ],
        true,
      ),
    [charted, t],
  );

  if (stats.error) {
    return (
      <Typography.Text type="danger" role="alert">
        {t('appointments.message.statsFailed')}: {errorText(stats.error)}
      </Typography.Text>
    );
  }
  if (!range) return null;
  if (stats.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!rows.length) return <Empty description={t('appointments.message.noData')} />;
  return (
    <Spin spinning={stats.isFetching}>
      <Card size="small" title={t('appointments.stats.resourcesChart')} className="yy-chart-card">
        {charted.length ? (
          <>
            {rows.filter((r) => r.total > 0).length > CHART_MAX ? (
              <Typography.Text type="secondary" className="yy-stats-hint">
                {t('appointments.stats.resourcesLimited', { count: CHART_MAX })}
              </Typography.Text>
            ) : null}
            <EChart
              option={option}
              height={Math.max(220, charted.length * 34 + 60)}
              label={t('appointments.stats.chartLabel', { title: t('appointments.stats.resourcesChart') })}
            />
          </>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('appointments.message.noData')} />
        )}
      </Card>
      <Table<ResourceRow>
        rowKey="id"
        size="small"
        scroll={{ x: 1180 }}
        pagination={rows.length > 20 ? { pageSize: 20 } : false}
        dataSource={rows}
        columns={[
          { key: 'name', title: t('appointments.field.resource'), dataIndex: 'name', width: 200 },
          { key: 'type', title: t('appointments.field.resourceType'), dataIndex: 'type', width: 130 },
          {
            key: 'total',
            title: t('appointments.stats.total'),
            dataIndex: 'total',
            align: 'right',
            width: 90,
            sorter: (a, b) => a.total - b.total,
          },
          ...SHOWN.map((c) => ({
            key: c,
            title: t(`appointments.stats.category.${c}`),
            dataIndex: c,
            align: 'right' as const,
            width: 110,
          })),
          {
            key: 'capacity',
            title: t('appointments.stats.capacity'),
            align: 'right',
            width: 110,
            render: (_, r) => (r.capacity > 0 ? r.capacity : '—'),
          },
          {
            key: 'booked',
            title: t('appointments.stats.booked'),
            align: 'right',
            width: 90,
            render: (_, r) => (r.capacity > 0 ? r.booked : '—'),
          },
          {
            key: 'rate',
            title: t('appointments.stats.rate'),
            align: 'right',
            width: 120,
            render: (_, r) => percent(r.rate),
          },
          {
            key: 'actions',
            title: t('appointments.field.actions'),
            width: 130,
            render: (_, r) => (
              <Link to={appointmentListPath({ resources_id: r.id, from: range.from, to: range.to })}>
                {t('appointments.action.viewBookings')}
              </Link>
            ),
          },
        ]}
      />
    </Spin>
  );
}
