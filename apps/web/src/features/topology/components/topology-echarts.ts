/**
 * The parts of ECharts the topology draws with. Only ever imported dynamically
 * (topology-chart.tsx), so ECharts stays out of the first-load bundle; the shared chart module
 * registers line and bar charts, this one the tree.
 */
import { TreeChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import { init, use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

register([TreeChart, TooltipComponent, CanvasRenderer]);

export { init };
