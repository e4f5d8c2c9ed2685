import {
  CLICK_EVENT,
  type MetricCapping,
  type MetricCuped,
  type MetricRatio,
  type MetricSource,
  type MetricType,
  PAGEVIEW_EVENT,
} from '@tabula/protocol';

/** What the analysis reads of a metric definition. */
export interface AnalysedMetric {
  key: string;
  type: MetricType;
  source: MetricSource;
  ratio: MetricRatio | null;
  windowHours: number | null;
  capping: MetricCapping;
  cuped: MetricCuped;
}

/**
 * The sufficient statistics of one version's units exposed on one day: m is a unit's metric value (for a ratio, its
 * numerator), d its denominator, mx and dx the same before its first exposure (CUPED's covariate); n counts them.
 */
export const SUM_FIELDS = [
  'n',
  'm',
  'mm',
  'd',
  'dd',
  'md',
  'mx',
  'mxmx',
  'dx',
  'dxdx',
  'mxdx',
  'mmx',
  'mdx',
  'dmx',
  'ddx',
] as const;
export type DailySums = { version: string; day: string } & Record<(typeof SUM_FIELDS)[number], number>;

/** The event name a source reads: page views and clicks are the SDK's own reserved events. */
export function sourceEventName(source: MetricSource): string {
  if (source.kind === 'event') return source.event;
  return source.kind === 'pageview' ? PAGEVIEW_EVENT : CLICK_EVENT;
}

export type Measure = 'conversion' | 'count' | 'sum';

/** A ratio's denominator; null for the other types. */
export const denominatorOf = (metric: AnalysedMetric) =>
  metric.type === 'ratio' ? (metric.ratio?.denominator ?? null) : null;

/** The measure of the metric's own source: the numerator, for a ratio. */
export const numeratorMeasure = (metric: AnalysedMetric): Measure =>
  metric.type === 'ratio' ? (metric.ratio?.numerator ?? 'count') : metric.type;

export type PerUnit = 'm' | 'd' | 'mx' | 'dx';

/** Each sum's factors: the per-unit values whose product it adds up. */
export const SUMS = {
  m: ['m'],
  mm: ['m', 'm'],
  d: ['d'],
  dd: ['d', 'd'],
  md: ['m', 'd'],
  mx: ['mx'],
  mxmx: ['mx', 'mx'],
  dx: ['dx'],
  dxdx: ['dx', 'dx'],
  mxdx: ['mx', 'dx'],
  mmx: ['m', 'mx'],
  mdx: ['m', 'dx'],
  dmx: ['d', 'mx'],
  ddx: ['d', 'dx'],
} as const satisfies Record<Exclude<keyof DailySums, 'version' | 'day' | 'n'>, readonly PerUnit[]>;
export type SumName = keyof typeof SUMS;

/**
 * The per-unit values a metric has: its value, a ratio's denominator, and with CUPED the same before exposure. The
 * others are 0 for every unit, so they are neither computed nor summed (a missing sum reads as 0).
 */
export function perUnitValues(metric: AnalysedMetric): PerUnit[] {
  const ratio = denominatorOf(metric) !== null;
  const cuped = metric.cuped.enabled;
  return [
    'm' as const,
    ...(ratio ? (['d'] as const) : []),
    ...(cuped ? (['mx'] as const) : []),
    ...(ratio && cuped ? (['dx'] as const) : []),
  ];
}

/** The percentile a metric is capped at, which needs all its units' values; null for none (a conversion never is). */
const cappingPercentile = (metric: AnalysedMetric): number | null =>
  metric.capping.kind === 'percentile' && numeratorMeasure(metric) !== 'conversion' ? metric.capping.value : null;

/** The metrics capped at a percentile, by their index among `metrics`, each with its percentile. */
export const percentileCapped = (metrics: AnalysedMetric[]): { index: number; p: number }[] =>
  metrics.flatMap((metric, index) => {
    const p = cappingPercentile(metric);
    return p === null ? [] : [{ index, p }];
  });

/**
 * What a per-unit value measures over which source: a ratio's denominator its own source and aggregate, the others
 * the metric's source; a covariate (mx, dx) over the lookback before the first exposure, the others after it.
 */
export function perUnitMeasure(
  metric: AnalysedMetric,
  name: PerUnit,
): { source: MetricSource; measure: Measure; covariate: boolean } {
  const denominator = denominatorOf(metric);
  const covariate = name.endsWith('x');
  return denominator && name.startsWith('d')
    ? { source: denominator.source, measure: denominator.aggregate, covariate }
    : { source: metric.source, measure: numeratorMeasure(metric), covariate };
}

/** The sources a metric reads: its own, and a ratio's denominator's. */
export const sourcesOf = (metric: AnalysedMetric): MetricSource[] => {
  const denominator = denominatorOf(metric);
  return [metric.source, ...(denominator ? [denominator.source] : [])];
};

/** The names of the events the metrics read, each once. */
export const eventNamesOf = (metrics: AnalysedMetric[]): string[] => [
  ...new Set(metrics.flatMap((metric) => sourcesOf(metric).map(sourceEventName))),
];

/** How far before its first exposure any metric reads a unit's events (CUPED's lookback), in days. */
export const longestLookbackDays = (metrics: AnalysedMetric[]): number =>
  Math.max(0, ...metrics.map((metric) => (metric.cuped.enabled ? metric.cuped.lookbackDays : 0)));

/** The sums a metric has, each with its factors: those whose factors are all among its per-unit values. */
export const metricSums = (metric: AnalysedMetric): [SumName, readonly PerUnit[]][] => {
  const values = perUnitValues(metric);
  return (Object.entries(SUMS) as [SumName, readonly PerUnit[]][]).filter(([, factors]) =>
    factors.every((factor) => values.includes(factor)),
  );
};

/**
 * The cap of a metric's value and covariate: its fixed cap, or the cap its percentile came to (`percentileCap`, null
 * when no unit has a value); null for none. A conversion is never capped.
 */
export function capOf(metric: AnalysedMetric, percentileCap: number | null): number | null {
  if (numeratorMeasure(metric) === 'conversion') return null;
  if (metric.capping.kind === 'absolute') return metric.capping.value;
  return metric.capping.kind === 'percentile' ? percentileCap : null;
}

/** Whether capping applies to the per-unit value: the metric's value and its covariate, never a denominator. */
export const isCapped = (name: PerUnit): boolean => name === 'm' || name === 'mx';

/** Splits the one-pass rows into each metric's sums. */
export function splitDailySums(
  metrics: AnalysedMetric[],
  rows: Record<string, number | string>[],
): Record<string, DailySums[]> {
  return Object.fromEntries(
    metrics.map((metric, index) => [
      metric.key,
      rows.map((row) => {
        const sums = Object.fromEntries(
          (Object.keys(SUMS) as SumName[]).map((name) => [name, Number(row[`${name}_${index}`] ?? 0)]),
        ) as Record<SumName, number>;
        return { version: String(row.version), day: String(row.day), n: Number(row.n), ...sums };
      }),
    ]),
  );
}
