import { Card, Empty, Spin, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppointmentVacancyRateTable } from '../../../../../features/appointments-admin/api/findAppointmentVacancyRateTable.ts';
import { overallVacancy, percent, vacancyForChart } from '../../../../../features/appointments-admin/stats.ts';
import type { VacancyRate } from '../../../../../features/appointments-admin/types.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { errorText } from '../../../operation-result.ts';
import { vacancyOption } from './charts.ts';
import { EChart } from './EChart.tsx';
import { StatCards, type StatsRange } from './StatCards.tsx';

const nameOf = (r: VacancyRate) => pick(r.resources_name, r.resources_name_en);

/** Vacancy rate of each fixed-slot resource over the range: overall figure, bar chart and table. */
export function VacancyRates({ range }: { range: StatsRange | null }) {
  const { t } = useTranslation();
  const vacancy = useAppointmentVacancyRateTable(range ? { startDate: range.from, endDate: range.to } : null);
  const rows = useMemo(() => vacancy.data ?? [], [vacancy.data]);
  const charted = useMemo(() => vacancyForChart(rows, nameOf), [rows]);
  const option = useMemo(
    () =>
      vacancyOption(
        t('appointments.stats.rate'),
        charted.map((r) => ({ name: nameOf(r), rate: r.rate ?? 0 })),
      ),
    [charted, t],
  );

  if (vacancy.error) {
    return (
      <Typography.Text type="danger" role="alert">
        {t('appointments.message.statsFailed')}: {errorText(vacancy.error)}
      </Typography.Text>
    );
  }
  if (!range) return null;
  if (vacancy.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!rows.length) return <Empty description={t('appointments.message.noData')} />;
  const capacity = rows.reduce((s, r) => s + r.capacity, 0);
  const booked = rows.reduce((s, r) => s + r.booked, 0);
  return (
    <Spin spinning={vacancy.isFetching}>
      <StatCards
        items={[
          { key: 'overall', title: t('appointments.stats.overall'), value: percent(overallVacancy(rows)) },
          { key: 'capacity', title: t('appointments.stats.capacity'), value: capacity },
          { key: 'booked', title: t('appointments.stats.booked'), value: booked },
          { key: 'resources', title: t('appointments.stats.resourceCount'), value: rows.length },
        ]}
      />
      <Typography.Text type="secondary" className="yy-stats-hint">
        {t('appointments.stats.vacancyHint')}
      </Typography.Text>
      <Card size="small" title={t('appointments.stats.vacancyChart')} className="yy-chart-card">
        {charted.length ? (
          <EChart
            option={option}
            height={Math.max(220, charted.length * 34 + 40)}
            label={t('appointments.stats.chartLabel', { title: t('appointments.stats.vacancyChart') })}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('appointments.stats.noCapacity')} />
        )}
      </Card>
      <Card size="small" title={t('appointments.stats.vacancyTable')}>
        <Table<VacancyRate>
          rowKey="id"
          size="small"
          pagination={rows.length > 20 ? { pageSize: 20 } : false}
          dataSource={rows}
          columns={[
            { key: 'name', title: t('appointments.field.resource'), render: (_, r) => nameOf(r) },
            {
              key: 'capacity',
              title: t('appointments.stats.capacity'),
              dataIndex: 'capacity',
              align: 'right',
              width: 140,
            },
            { key: 'booked', title: t('appointments.stats.booked'), dataIndex: 'booked', align: 'right', width: 120 },
            {
              key: 'rate',
              title: t('appointments.stats.rate'),
              align: 'right',
              width: 120,
              sorter: (a, b) => (a.rate ?? -1) - (b.rate ?? -1),
              render: (_, r) => (r.rate === null ? t('appointments.stats.noCapacity') : percent(r.rate)),
            },
          ]}
        />
      </Card>
    </Spin>
  );
}
