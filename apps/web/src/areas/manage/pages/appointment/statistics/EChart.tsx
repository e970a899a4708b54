import { Spin, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLazyEChart } from '../../../../../lib/useLazyEChart.ts';
import type { EChartsCoreOption } from './echarts.ts';

type Charts = typeof import('./echarts.ts');
let loading: Promise<Charts> | null = null;
/** The back office's ECharts parts, loaded once (again after a failed load). */
const loadCharts = () =>
  (loading ??= import('./echarts.ts').catch((err: unknown) => {
    loading = null;
    throw err;
  }));

/**
 * A chart: ECharts loads on first use, draws `option` (replacing the previous one) and follows
 * the box's width. `label` names it for assistive technology.
 */
export function EChart({ option, height, label }: { option: EChartsCoreOption; height: number; label: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const { ready, failed } = useLazyEChart(loadCharts, box, () => option, [option]);

  if (failed) {
    return (
      <Typography.Text type="danger" role="alert">
        {t('appointments.message.statsFailed')}: {failed}
      </Typography.Text>
    );
  }
  return (
    <div className="yy-chart" role="img" aria-label={label} style={{ height }}>
      <div ref={box} style={{ width: '100%', height: '100%' }} />
      {ready ? null : <Spin className="yy-chart-loading" />}
    </div>
  );
}
