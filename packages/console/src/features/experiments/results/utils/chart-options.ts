import type { MetricResult } from '@tabula/protocol';
import type { LineSeriesOption } from 'echarts/charts';
import { format } from 'echarts/core';
import type { LineChartOption } from '../../../../components/echart';

export type ResultsChartOption = LineChartOption;

/** Versions keep one colour across charts; green and red are left to the verdicts. */
export const VERSION_COLOURS = ['#1677ff', '#722ed1', '#fa8c16', '#13c2c2', '#eb2f96', '#2f54eb', '#faad14', '#a0d911'];
export const versionColour = (index: number) => VERSION_COLOURS[index % VERSION_COLOURS.length]!;

export interface ChartTheme {
  text: string;
  split: string;
}

interface ChartVersion {
  key: string;
  name: string;
}

type Series = MetricResult['series'];

const frame = (days: string[], theme: ChartTheme, valueFormatter: (value: number) => string) => ({
  grid: { left: 16, right: 24, top: 36, bottom: 28 },
  legend: { top: 0, textStyle: { color: theme.text } },
  xAxis: {
    type: 'category' as const,
    data: days,
    boundaryGap: false,
    axisLabel: { color: theme.text },
    axisLine: { lineStyle: { color: theme.split } },
  },
  yAxis: {
    type: 'value' as const,
    axisLabel: { color: theme.text, formatter: valueFormatter },
    splitLine: { lineStyle: { color: theme.split } },
  },
});

/** A point's place on the time axis: its day, with the hour while the experiment is young enough to count hours (UTC). */
export const pointLabel = (point: Series[number]): string => (point.hour ? `${point.day} ${point.hour}` : point.day);

/** Units exposed so far, by day of first exposure, one line per version. */
export function unitsChartOption(
  series: Series,
  versions: ChartVersion[],
  theme: ChartTheme,
  formatCount: (value: number) => string,
): ResultsChartOption {
  return {
    ...frame(series.map(pointLabel), theme, formatCount),
    tooltip: { trigger: 'axis', valueFormatter: (value) => formatCount(Number(value)) },
    series: versions.map((version, index) => ({
      type: 'line',
      name: version.name,
      color: versionColour(index),
      showSymbol: false,
      data: series.map((point) => point.units[version.key] ?? 0),
    })),
  };
}

interface LiftChart {
  series: Series;
  /** All versions in the experiment's order, so each keeps its colour. */
  versions: ChartVersion[];
  control: string;
  theme: ChartTheme;
  formatLift: (value: number) => string;
}

type Interval = [number | null, number | null];

/** The hover text of one day: each treatment's lift and interval; names are the user's, so they are escaped. */
function liftTooltip(series: Series, treatments: ChartVersion[], formatLift: (value: number) => string) {
  const text = (value: number | null) => (value === null ? '—' : formatLift(value));
  return (params: unknown) => {
    const index = (Array.isArray(params) ? params[0] : params)?.dataIndex as number | undefined;
    const point = index === undefined ? undefined : series[index];
    if (!point) return '';
    const rows = treatments.map((version) => {
      const lift = point.lifts[version.key];
      const [lower, upper]: Interval = lift?.ci ?? [null, null];
      return `${format.encodeHTML(version.name)}: <b>${text(lift?.estimate ?? null)}</b> [${text(lower)}, ${text(upper)}]`;
    });
    return [format.encodeHTML(pointLabel(point)), ...rows].join('<br/>');
  };
}

/**
 * Each treatment's cumulative lift over control with its interval as a band: an invisible lower line with the
 * band's height stacked on it. Days without an estimate are gaps. The height is stacked on the lower line whatever
 * its sign: by default echarts stacks a value only on values of its own sign, which drew an interval whose lower
 * end is negative from 0 instead.
 */
export function liftChartOption({ series, versions, control, theme, formatLift }: LiftChart): ResultsChartOption {
  const treatments = versions.filter((version) => version.key !== control);
  const lines = versions.flatMap((version, index): LineSeriesOption[] => {
    if (version.key === control) return [];
    const colour = versionColour(index);
    const lifts = series.map((point) => point.lifts[version.key]);
    const intervals = lifts.map((lift): Interval => lift?.ci ?? [null, null]);
    const stack = `interval-${version.key}`;
    const band = {
      type: 'line' as const,
      stack,
      stackStrategy: 'all' as const,
      showSymbol: false,
      silent: true,
      lineStyle: { opacity: 0 },
    };
    return [
      {
        type: 'line',
        name: version.name,
        color: colour,
        showSymbol: false,
        data: lifts.map((lift) => lift?.estimate ?? null),
        markLine: {
          silent: true,
          symbol: 'none',
          label: { show: false },
          lineStyle: { color: theme.text, type: 'dashed', opacity: 0.5 },
          data: [{ yAxis: 0 }],
        },
      },
      { ...band, data: intervals.map(([lower]) => lower) },
      {
        ...band,
        areaStyle: { opacity: 0.18, color: colour },
        data: intervals.map(([lower, upper]) => (lower === null || upper === null ? null : upper - lower)),
      },
    ];
  });
  const base = frame(series.map(pointLabel), theme, formatLift);
  return {
    ...base,
    legend: { ...base.legend, data: treatments.map((version) => version.name) },
    tooltip: { trigger: 'axis', formatter: liftTooltip(series, treatments, formatLift) },
    series: lines,
  };
}
