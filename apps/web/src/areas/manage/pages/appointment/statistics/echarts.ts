// The parts of ECharts the statistics use (bar and pie charts on canvas), registered once. This
// module loads only when a chart is first shown, keeping ECharts out of every other download.
import { BarChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([
  BarChart,
  PieChart,
  AriaComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export { init };
export type { EChartsCoreOption, EChartsType } from 'echarts/core';
