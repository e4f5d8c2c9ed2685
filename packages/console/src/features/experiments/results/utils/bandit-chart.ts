import type { BanditPeriod } from '@tabula/protocol';
import type { ResultsChartOption } from './chart-options';
import { type ChartTheme, versionColour } from './chart-options';

interface ChartVersion {
  key: string;
  name: string;
}

/** A period's start on the time axis, in UTC as the other results charts label time: `YYYY-MM-DD HH:MM`. */
const startLabel = (period: BanditPeriod) => period.startedAt.slice(0, 16).replace('T', ' ');

/**
 * Each version's weight (share of new units) from each bandit period's start on, one stepped line per version: a
 * weight holds until the next recomputation.
 */
export function banditWeightsChartOption(
  periods: BanditPeriod[],
  versions: ChartVersion[],
  theme: ChartTheme,
  formatShare: (share: number) => string,
): ResultsChartOption {
  return {
    grid: { left: 16, right: 24, top: 36, bottom: 28 },
    legend: { top: 0, textStyle: { color: theme.text } },
    tooltip: { trigger: 'axis', valueFormatter: (value) => formatShare(Number(value)) },
    xAxis: {
      type: 'category',
      data: periods.map(startLabel),
      boundaryGap: false,
      axisLabel: { color: theme.text },
      axisLine: { lineStyle: { color: theme.split } },
    },
    yAxis: {
      type: 'value',
      min: 0,
      max: 1,
      axisLabel: { color: theme.text, formatter: (value: number) => formatShare(value) },
      splitLine: { lineStyle: { color: theme.split } },
    },
    series: versions.map((version, index) => ({
      type: 'line',
      name: version.name,
      color: versionColour(index),
      step: 'start',
      showSymbol: periods.length < 2,
      data: periods.map((period) => (period.weights[version.key] ?? 0) / 10_000),
    })),
  };
}

/** Each version's probability of being best as of the latest period that computed them; null during the burn-in. */
export const latestProbabilities = (periods: BanditPeriod[]): Record<string, number> | null =>
  periods.findLast((period) => period.probabilities !== null)?.probabilities ?? null;
