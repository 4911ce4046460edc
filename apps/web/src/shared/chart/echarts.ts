/**
 * The parts of ECharts the console draws with, registered once. Only ever imported dynamically
 * (lazy-chart.tsx), so ECharts stays out of the first-load bundle.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
// `use` is ECharts' registration, not a React hook: renamed so it reads as what it is.
import { init, use as registerParts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

registerParts([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { init };
