import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { type ECharts, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { ResultsChartOption } from '../utils/chart-options';

// Only what the results charts draw, so the bundle carries no other chart type; SVG stays sharp at any zoom.
use([LineChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, SVGRenderer]);

interface EChartProps {
  option: ResultsChartOption;
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
