import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  MarkLineComponent,
  type MarkLineComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, type ECharts, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the console's charts draw (lines), so the bundle carries no other chart type; SVG stays sharp at any zoom.
use([LineChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, SVGRenderer]);

/** What a chart of the console may hold: line series and their grid, legend, tooltip and marked lines. */
export type LineChartOption = ComposeOption<
  LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption | MarkLineComponentOption
>;

interface EChartProps {
  option: LineChartOption;
  height: number;
  'data-testid'?: string;
  'aria-label'?: string;
}

/** One echarts instance for the element's lifetime; a new option replaces the drawing, a new width redraws it. */
export function EChart({ option, height, ...attributes }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const instance = init(target, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(target);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={element} role="img" style={{ width: '100%', height }} {...attributes} />;
}
