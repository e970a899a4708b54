import type { EChartsCoreOption } from '../../appointment/statistics/echarts.ts';

const TEXT = { fontSize: 12, color: '#595959' };

/** Side-by-side bars per group (x axis, or y when horizontal), one series per measure. */
export function groupedBarOption(
  groups: string[],
  series: { name: string; color: string; values: number[] }[],
  horizontal = false,
): EChartsCoreOption {
  const categoryAxis = {
    type: 'category',
    data: groups,
    axisLabel: horizontal
      ? { ...TEXT, interval: 0, width: 150, overflow: 'truncate' }
      : { ...TEXT, rotate: groups.length > 12 ? 45 : 0 },
    ...(horizontal ? { inverse: true } : {}),
  };
  const valueAxis = { type: 'value', minInterval: 1, axisLabel: TEXT };
  return {
    aria: { enabled: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: TEXT },
    grid: { left: 8, right: 24, top: 36, bottom: 8, containLabel: true },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: series.map((s) => ({
      type: 'bar',
      name: s.name,
      barMaxWidth: 24,
      itemStyle: { color: s.color },
      data: s.values,
    })),
  };
}

/** A ring of shares. */
export function ringOption(name: string, items: { name: string; value: number }[]): EChartsCoreOption {
  return {
    aria: { enabled: true },
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, textStyle: TEXT },
    series: [
      {
        type: 'pie',
        name,
        radius: ['34%', '56%'],
        center: ['50%', '45%'],
        label: { ...TEXT, formatter: '{b}\n{c}' },
        data: items,
      },
    ],
  };
}
