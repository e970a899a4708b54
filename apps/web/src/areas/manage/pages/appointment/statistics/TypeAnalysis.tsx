import { Card, Col, Empty, Row, Spin, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppointmentStatistics } from '../../../../../features/appointments-admin/api/findAppointmentStatistics.ts';
import { STAT_CATEGORIES, type Counts } from '../../../../../features/appointments-admin/stats.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { errorText } from '../../../operation-result.ts';
import { pieOption, stackedBarOption } from './charts.ts';
import { EChart } from './EChart.tsx';
import { StatCards, type StatsRange } from './StatCards.tsx';

interface TypeRow extends Counts {
  id: string;
  name: string;
}

/** Venue type analysis: bookings of each resource type in the range, by status. */
export function TypeAnalysis({ range }: { range: StatsRange | null }) {
  const { t } = useTranslation();
  const stats = useAppointmentStatistics(range);
  const rows: TypeRow[] = useMemo(
    () => (stats.data?.types ?? []).map((ty) => ({ ...ty, name: pick(ty.resources_name, ty.resources_name_en) })),
    [stats.data],
  );
  const all = stats.data?.summary;
  const category = (c: string) => t(`appointments.stats.category.${c}`);
  const bar = useMemo(
    () =>
      stackedBarOption(
        rows.map((r) => r.name),
        STAT_CATEGORIES.map((c) => ({
          key: c,
          name: t(`appointments.stats.category.${c}`),
          values: rows.map((r) => r[c]),
        })),
      ),
    [rows, t],
  );
  const pie = useMemo(
    () =>
      pieOption(
        t('appointments.stats.total'),
        rows.filter((r) => r.total > 0).map((r) => ({ name: r.name, value: r.total })),
      ),
    [rows, t],
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
  if (!rows.length || !all || all.total === 0) {
    return <Empty description={t('appointments.message.noData')} />;
  }
  return (
    <Spin spinning={stats.isFetching}>
      <StatCards
        items={[
          { key: 'total', title: t('appointments.stats.total'), value: all.total },
          { key: 'valid', title: t('appointments.stats.valid'), value: all.valid },
          { key: 'pending', title: t('appointments.stats.pending'), value: all.pending },
          { key: 'cancelled', title: t('appointments.stats.cancelled'), value: all.cancelled },
        ]}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('appointments.stats.byType')} className="yy-chart-card">
            <EChart
              option={bar}
              height={320}
              label={t('appointments.stats.chartLabel', { title: t('appointments.stats.byType') })}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('appointments.stats.typeShare')} className="yy-chart-card">
            <EChart
              option={pie}
              height={320}
              label={t('appointments.stats.chartLabel', { title: t('appointments.stats.typeShare') })}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('appointments.stats.typeTable')}>
        <Table<TypeRow>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 900 }}
          dataSource={rows}
          columns={[
            { key: 'name', title: t('appointments.field.resourceType'), dataIndex: 'name', width: 160 },
            { key: 'total', title: t('appointments.stats.total'), dataIndex: 'total', width: 90, align: 'right' },
            ...STAT_CATEGORIES.map((c) => ({
              key: c,
              title: category(c),
              dataIndex: c,
              width: 90,
              align: 'right' as const,
            })),
          ]}
        />
      </Card>
    </Spin>
  );
}
