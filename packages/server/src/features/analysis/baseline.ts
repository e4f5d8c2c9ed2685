import { type MetricBaseline, type MetricBaselineQuery, type MetricSource, PAGEVIEW_EVENT } from '@tabula/protocol';
import { summarizeArm } from '@tabula/stats';
import type { ClickHouse } from '../../db/clickhouse/connection';
import type { Database } from '../../db/client';
import { getMetric } from '../metrics/service';
import type { AggregationScope } from './aggregate';
import { aggregateSums } from './aggregate-sums';
import { DAY_MS } from './buckets';
import type { Limiter } from './limiter';
import type { AnalysedMetric, DailySums } from './metric-values';
import { armOf, totalsByVersion, zero } from './results';

/** The one version of a plan's population. */
const PLANNED = 'planned';

/** The audience's page views: of the page when there is one, else of any page. */
export const populationOf = (query: Pick<MetricBaselineQuery, 'url' | 'match'>): MetricSource =>
  query.url
    ? { kind: 'pageview', url: query.url, match: query.match }
    : { kind: 'event', event: PAGEVIEW_EVENT, filter: null };

/** What a power calculation takes, from the sums of a plan's population over `days`. */
export function baselineOf(metric: Pick<AnalysedMetric, 'type'>, rows: DailySums[], days: number): MetricBaseline {
  const totals = totalsByVersion(rows).get(PLANNED) ?? zero();
  const units = totals.n;
  const kind = metric.type === 'conversion' ? 'rate' : 'mean';
  const plan = { days, units, unitsPerDay: units / days, kind } as const;
  const none = { rate: null, mean: null, standardDeviation: null };
  if (units < 2) return { ...plan, ...none };
  const { mean, variance } = summarizeArm(armOf(metric.type, totals, false));
  if (!Number.isFinite(mean) || !Number.isFinite(variance)) return { ...plan, ...none };
  return kind === 'rate'
    ? { ...plan, ...none, rate: mean }
    : { ...plan, ...none, mean, standardDeviation: Math.sqrt(variance) };
}

export interface BaselineContext {
  db: Database;
  analysisDb: Database;
  clickhouse: ClickHouse | null;
  /** Shared with refreshes: a plan reads as many events as a refresh may. */
  limit: Limiter;
}

/**
 * A metric's history over the last `days` among the audience's visitors: each visitor counts from the first page view
 * of the audience in that time, the metric read over its window from there, as an experiment's units are from their
 * first exposure. Visitors of the last days have had less of a window; a plan errs towards more units, not fewer.
 */
export async function metricBaseline(
  context: BaselineContext,
  projectId: string,
  metricKey: string,
  query: MetricBaselineQuery,
  now = new Date(),
): Promise<MetricBaseline> {
  const metric = await getMetric(context.db, projectId, metricKey);
  const scope: AggregationScope = {
    projectId,
    experimentKey: '',
    versionKeys: [PLANNED],
    from: new Date(now.getTime() - query.days * DAY_MS),
    until: now,
    population: populationOf(query),
  };
  const data = await context.limit(() => aggregateSums(context, scope, [metric]));
  return baselineOf(metric, data.metrics[metric.key] ?? [], query.days);
}
