import type { EChartsCoreOption } from './echarts.ts';

/** Series colours of the status categories (the status tags' hues). */
export const CATEGORY_COLORS: Record<string, string> = {
  valid: '#1677ff',
  pending: '#fa8c16',
  inBallot: '#722ed1',
  performed: '#52c41a',
  noShow: '#fa541c',
  cancelled: '#bfbfbf',
  rejected: '#f5222d',
  terminated: '#8c8c8c',
  others: '#d9d9d9',
};

const TEXT = { fontSize: 12, color: '#595959' };

/** A stacked bar per group (x axis), one series per category. */
export function stackedBarOption(
  groups: string[],
  series: { key: string; name: string; values: number[] }[],
  horizontal = false,
): EChartsCoreOption {
  // Names wrap under vertical bars (slanted when there are many) and are cut beside horizontal ones.
  const categoryAxis = {
    type: 'category',
    data: groups,
    axisLabel: horizontal
      ? { ...TEXT, interval: 0, width: 150, overflow: 'truncate' }
      : { ...TEXT, interval: 0, width: 96, overflow: 'break', rotate: groups.length > 6 ? 30 : 0 },
    ...(horizontal ? { inverse: true } : {}),
  };
  const valueAxis = { type: 'value', minInterval: 1, axisLabel: TEXT };
  return {
    aria: { enabled: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { type: 'scroll', top: 0, textStyle: TEXT },
    grid: { left: 8, right: 24, top: 44, bottom: 8, containLabel: true },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: series.map((s) => ({
      type: 'bar',
      name: s.name,
      stack: 'total',
      barMaxWidth: 36,
      itemStyle: { color: CATEGORY_COLORS[s.key] },
      emphasis: { focus: 'series' },
      data: s.values,
    })),
  };
}

/** A ring of shares. */
export function pieOption(name: string, items: { name: string; value: number }[]): EChartsCoreOption {
  return {
    aria: { enabled: true },
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, type: 'scroll', textStyle: TEXT },
    series: [
      {
        type: 'pie',
        name,
        radius: ['34%', '56%'],
        center: ['50%', '46%'],
        avoidLabelOverlap: true,
        label: { ...TEXT, formatter: '{b}\n{d}%', alignTo: 'edge', edgeDistance: 8, lineHeight: 16 },
        labelLine: { length: 12, length2: 0, maxSurfaceAngle: 80 },
        data: items,
      },
    ],
  };
}

/** Vacancy rate (0..1) per resource as horizontal bars in percent, the emptiest on top. */
export function vacancyOption(seriesName: string, items: { name: string; rate: number }[]): EChartsCoreOption {
  return {
    aria: { enabled: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: number) => `${v.toFixed(2)}%`,
    },
    grid: { left: 8, right: 64, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'value', min: 0, max: 100, axisLabel: { ...TEXT, formatter: '{value}%' } },
    yAxis: {
      type: 'category',
      inverse: true,
      data: items.map((i) => i.name),
      axisLabel: { ...TEXT, interval: 0, width: 150, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: seriesName,
        barMaxWidth: 22,
        data: items.map((i) => Math.round(i.rate * 10000) / 100),
        itemStyle: { color: '#13c2c2' },
        label: { show: true, position: 'right', ...TEXT, formatter: '{c}%' },
      },
    ],
  };
}
