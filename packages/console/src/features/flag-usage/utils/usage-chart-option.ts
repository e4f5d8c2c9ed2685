import type { FlagUsageSeries } from '@tabula/protocol';
import type { LineChartOption } from '../../../components/echart';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Every bucket of the span, in time order, with the count where the series has one and 0 elsewhere: a line over an
 * hour without evaluations must drop to 0, not be drawn straight across it.
 */
export function filledPoints(
  points: FlagUsageSeries['series'][number]['points'],
  span: { days: number; granularity: 'hour' | 'day'; now: Date },
): [number, number][] {
  const step = span.granularity === 'hour' ? HOUR_MS : DAY_MS;
  const last = Math.floor(span.now.getTime() / step) * step;
  const first = last - Math.ceil((span.days * DAY_MS) / step) * step;
  const counts = new Map(points.map((point) => [Date.parse(point.at), point.count]));
  const filled: [number, number][] = [];
  for (let at = first; at <= last; at += step) filled.push([at, counts.get(at) ?? 0]);
  return filled;
}

/** One line per variant served, over the span's buckets. */
export function usageChartOption(
  usage: FlagUsageSeries,
  variantLabel: (variant: string) => string,
  now = new Date(),
): LineChartOption {
  const span = { days: usage.days, granularity: usage.granularity, now };
  return {
    grid: { left: 48, right: 16, top: 32, bottom: 28 },
    legend: { top: 0, type: 'scroll' },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', minInterval: 1 },
    series: usage.series.map((line) => ({
      type: 'line',
      name: variantLabel(line.variant),
      showSymbol: false,
      data: filledPoints(line.points, span),
    })),
  };
}
