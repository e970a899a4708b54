import { Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EChartsCoreOption, EChartsType } from './echarts.ts';

type Charts = typeof import('./echarts.ts');
let loading: Promise<Charts> | null = null;
const loadCharts = () => (loading ??= import('./echarts.ts'));

/**
 * A chart: ECharts loads on first use, draws `option` (replacing the previous one) and follows
 * the box's width. `label` names it for assistive technology.
 */
export function EChart({ option, height, label }: { option: EChartsCoreOption; height: number; label: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [lib, setLib] = useState<Charts | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    loadCharts().then(
      (m) => alive && setLib(m),
      (err: unknown) => {
        loading = null;
        if (alive) setFailed(err instanceof Error ? err.message : String(err));
      },
    );
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    const el = box.current;
    if (!lib || !el) return;
    const c = lib.init(el, undefined, { renderer: 'canvas' });
    chart.current = c;
    const observer = new ResizeObserver(() => c.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, [lib]);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option, lib]);

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
      {lib ? null : <Spin className="yy-chart-loading" />}
    </div>
  );
}
