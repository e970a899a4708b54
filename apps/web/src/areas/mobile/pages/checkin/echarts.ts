// The parts of ECharts the booking overview chart uses (stacked bars on canvas), registered
// once. This module loads only when the chart tab is first opened, keeping ECharts out of the
// overview's first download.
import { BarChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([BarChart, AriaComponent, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { init };
export type { EChartsCoreOption, EChartsType } from 'echarts/core';
