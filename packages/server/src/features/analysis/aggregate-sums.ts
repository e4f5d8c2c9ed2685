import type { ClickHouse } from '../../db/clickhouse/connection';
import type { Database } from '../../db/client';
import { type AggregationOptions, type AggregationScope, aggregate } from './aggregate';
import { aggregateOnClickHouse } from './clickhouse-aggregate';
import type { AnalysedMetric } from './metric-values';
import type { SnapshotData } from './types';

/** Where the events are: ClickHouse when configured, else the SQL database (its analysis connection). */
export interface EventEngines {
  clickhouse: ClickHouse | null;
  analysisDb: Database;
}

/**
 * The sums of `metrics` over `scope`, from whichever engine holds the events: what refreshes, breakdowns, baselines and
 * bandit recomputations all ask for. `connections` counts on the SQL database only.
 */
export const aggregateSums = (
  engines: EventEngines,
  scope: AggregationScope,
  metrics: AnalysedMetric[],
  options: AggregationOptions = {},
): Promise<SnapshotData> =>
  engines.clickhouse
    ? aggregateOnClickHouse(engines.clickhouse, scope, metrics, { onProgress: options.onProgress })
    : aggregate(engines.analysisDb, scope, metrics, options);
