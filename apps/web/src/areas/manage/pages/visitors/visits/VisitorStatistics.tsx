import { Alert, Card, Col, DatePicker, Empty, Row, Segmented, Select, Space, Spin, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVisitorCategoryConfig } from '../../../../../features/visitors/api/findVisitorCategoryConfig.ts';
import {
  statisticsVariables,
  useVisitorStatistics,
} from '../../../../../features/visitors-admin/visits/findVisitorAppointmentDataStatistics.ts';
import type { StatisticsCategory, StatisticsPeriod } from '../../../../../features/visitors-admin/visits/types.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { EChart } from '../../appointment/statistics/EChart.tsx';
import { StatCards } from '../../appointment/statistics/StatCards.tsx';
import { errorText } from '../../../operation-result.ts';
import { groupedBarOption, ringOption } from './visitorCharts.ts';

const CATEGORIES: StatisticsCategory[] = ['day', 'week', 'month', 'year'];
const PICKER = { day: 'date', week: 'week', month: 'month', year: 'year' } as const;
const VISITS = '#1677ff';
const ENTRIES = '#52c41a';
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * Visitor statistics (`/manage/visitorManagement/statistics`): visits (by visit date) and gate
 * entries for a day, week, month or year, optionally of some areas; per period, per area, per
 * visitor type and per hour of entry (the peak hour), as charts (ECharts, loaded on first use)
 * and the same numbers in tables.
 */
export default function VisitorStatistics() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<StatisticsCategory>('month');
  const [day, setDay] = useState<Dayjs>(() => dayjs());
  const [areas, setAreas] = useState<string[]>([]);
  const config = useVisitorCategoryConfig();
  const variables = useMemo(
    () => statisticsVariables(category, day.format('YYYY-MM-DD'), areas),
    [category, day, areas],
  );
  const stats = useVisitorStatistics(variables);
  const s = stats.data;
  const f = (key: string) => t(`visitorsVisits.stats.${key}`);

  const periodLabel = (p: string) => (category === 'day' ? p : category === 'year' ? p : p.slice(5));
  const charts = useMemo(() => {
    if (!s) return null;
    const visits = f('visits');
    const entries = f('entries');
    return {
      periods: groupedBarOption(
        s.periods.map((p) => periodLabel(p.period)),
        [
          { name: visits, color: VISITS, values: s.periods.map((p) => p.visits) },
          { name: entries, color: ENTRIES, values: s.periods.map((p) => p.entries) },
        ],
      ),
      areas: groupedBarOption(
        s.areas.map((a) => pick(a.resources_name, a.resources_name_en)),
        [
          { name: visits, color: VISITS, values: s.areas.map((a) => a.visits) },
          { name: entries, color: ENTRIES, values: s.areas.map((a) => a.entries) },
        ],
        true,
      ),
      types: ringOption(
        f('byType'),
        s.types.map((x) => ({ name: pick(x.name, x.name_en), value: x.visits })),
      ),
      hours: groupedBarOption(
        s.hours.map((h) => hourLabel(h.hour)),
        [{ name: entries, color: ENTRIES, values: s.hours.map((h) => h.entries) }],
      ),
    };
  }, [s, t, category]);

  const periodColumns = [
    { key: 'period', title: f('period'), dataIndex: 'period' },
    { key: 'visits', title: f('visits'), dataIndex: 'visits', align: 'right' as const },
    { key: 'approved', title: f('approved'), dataIndex: 'approved', align: 'right' as const },
    { key: 'pending', title: f('pending'), dataIndex: 'pending', align: 'right' as const },
    { key: 'rejected', title: f('rejected'), dataIndex: 'rejected', align: 'right' as const },
    { key: 'cancelled', title: f('cancelled'), dataIndex: 'cancelled', align: 'right' as const },
    { key: 'entries', title: f('entries'), dataIndex: 'entries', align: 'right' as const },
  ];

  return (
    <Card variant="borderless">
      <Space wrap size={16} style={{ marginBottom: 16 }}>
        <Segmented<StatisticsCategory>
          aria-label={f('category')}
          value={category}
          onChange={setCategory}
          options={CATEGORIES.map((c) => ({ value: c, label: f(`category.${c}`) }))}
        />
        <DatePicker
          aria-label={f('when')}
          picker={PICKER[category]}
          value={day}
          allowClear={false}
          onChange={(d) => d && setDay(d)}
        />
        <Select
          mode="multiple"
          allowClear
          aria-label={f('areas')}
          placeholder={f('allAreas')}
          style={{ minWidth: 260 }}
          value={areas}
          onChange={setAreas}
          loading={config.isLoading}
          optionFilterProp="label"
          options={(config.data?.areas ?? []).map((a) => ({
            value: a.id,
            label: pick(a.resources_name, a.resources_name_en),
          }))}
        />
        {s ? (
          <Typography.Text type="secondary">{s.from === s.to ? s.from : `${s.from} ~ ${s.to}`}</Typography.Text>
        ) : null}
      </Space>
      {stats.error ? (
        <Alert type="error" showIcon title={`${t('visitorsVisits.message.loadFailed')}: ${errorText(stats.error)}`} />
      ) : null}
      {stats.isLoading ? <Spin /> : null}
      {s && charts ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <StatCards
            items={[
              { key: 'visits', title: f('totalVisits'), value: s.total_visits },
              { key: 'approved', title: f('totalApproved'), value: s.total_approved },
              { key: 'entries', title: f('totalEntries'), value: s.total_entries },
              {
                key: 'peak',
                title: f('peakHour'),
                value: s.peak_hour >= 0 ? `${hourLabel(s.peak_hour)}-${hourLabel(s.peak_hour + 1)}` : '—',
              },
            ]}
          />
          {s.total_visits === 0 && s.total_entries === 0 ? <Empty description={f('empty')} /> : null}
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              <Card size="small" title={f('byPeriod')}>
                <EChart option={charts.periods} height={300} label={f('byPeriod')} />
              </Card>
            </Col>
            <Col xs={24} xl={10}>
              <Card size="small" title={f('byType')}>
                <EChart option={charts.types} height={300} label={f('byType')} />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={f('byArea')}>
                <EChart option={charts.areas} height={Math.max(240, s.areas.length * 36 + 60)} label={f('byArea')} />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={f('byHour')}>
                <EChart option={charts.hours} height={300} label={f('byHour')} />
              </Card>
            </Col>
          </Row>
          <Typography.Title level={5}>{f('tables')}</Typography.Title>
          <Table<StatisticsPeriod>
            size="small"
            rowKey="period"
            caption={f('byPeriod')}
            pagination={false}
            dataSource={s.periods}
            columns={periodColumns}
            summary={() => (
              <Table.Summary fixed>
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>{f('total')}</Table.Summary.Cell>
                  {(['visits', 'approved', 'pending', 'rejected', 'cancelled', 'entries'] as const).map((k, i) => (
                    <Table.Summary.Cell key={k} index={i + 1} align="right">
                      {s.periods.reduce((sum, p) => sum + p[k], 0)}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            )}
          />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={10}>
              <Table
                size="small"
                rowKey="resources_id"
                caption={f('byArea')}
                pagination={false}
                dataSource={s.areas}
                columns={[
                  { key: 'area', title: f('area'), render: (_, a) => pick(a.resources_name, a.resources_name_en) },
                  { key: 'visits', title: f('visits'), dataIndex: 'visits', align: 'right' },
                  { key: 'entries', title: f('entries'), dataIndex: 'entries', align: 'right' },
                ]}
              />
            </Col>
            <Col xs={24} xl={6}>
              <Table
                size="small"
                rowKey="visitor_type"
                caption={f('byType')}
                pagination={false}
                dataSource={s.types}
                columns={[
                  { key: 'type', title: f('type'), render: (_, x) => pick(x.name, x.name_en) },
                  { key: 'visits', title: f('visits'), dataIndex: 'visits', align: 'right' },
                ]}
              />
            </Col>
            <Col xs={24} xl={8}>
              <Table
                size="small"
                rowKey="hour"
                caption={f('byHour')}
                pagination={false}
                dataSource={s.hours.filter((h) => h.entries > 0)}
                locale={{ emptyText: f('noEntries') }}
                columns={[
                  { key: 'hour', title: f('hour'), render: (_, h) => `${hourLabel(h.hour)}-${hourLabel(h.hour + 1)}` },
                  { key: 'entries', title: f('entries'), dataIndex: 'entries', align: 'right' },
                ]}
              />
            </Col>
          </Row>
        </Space>
      ) : null}
    </Card>
  );
}
