/**
 * ECharts with only what the dashboard draws (line, bar, pie; grid, tooltip, legend; canvas),
 * registered once when this module is first evaluated. Imported only from the dashboard's lazy
 * chunk, so no other route downloads it.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use, type EChartsCoreOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export { init };
export type ChartOption = EChartsCoreOption;
