import { Card, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EChart } from '../appointment/statistics/EChart.tsx';
import { stackedBarOption } from '../appointment/statistics/charts.ts';
import { homeLinks } from './homeLinks.ts';

/** "MM-DD" of a "YYYY-MM-DD" date. */
const shortDate = (date: string) => date.slice(5);

/**
 * Bookings per day over the trend's days: a bar chart (ECharts loads on first show) and the same
 * numbers in a table for screen readers, each day linking to that day's bookings.
 */
export function TrendChart({ trend }: { trend: { date: string; total: number }[] }) {
  const { t } = useTranslation();
  const option = useMemo(
    () =>
      stackedBarOption(
        trend.map((d) => shortDate(d.date)),
        [{ key: 'valid', name: t('manageHome.trend.series'), values: trend.map((d) => d.total) }],
      ),
    [trend, t],
  );
  const sum = trend.reduce((s, d) => s + d.total, 0);
  return (
    <Card
      size="small"
      title={t('manageHome.trend.title', { days: trend.length })}
      extra={<Typography.Text type="secondary">{t('manageHome.trend.sum', { count: sum })}</Typography.Text>}
      className="yy-home-trend"
    >
      <EChart option={option} height={260} label={t('manageHome.trend.chartLabel', { days: trend.length })} />
      <table className="yy-visually-hidden">
        <caption>{t('manageHome.trend.title', { days: trend.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('manageHome.trend.date')}</th>
            <th scope="col">{t('manageHome.trend.series')}</th>
          </tr>
        </thead>
        <tbody>
          {trend.map((d) => (
            <tr key={d.date}>
              <th scope="row">
                <Link to={homeLinks.day(d.date)}>{d.date}</Link>
              </th>
              <td>{d.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
