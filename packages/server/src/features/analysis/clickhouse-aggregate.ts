import type { ClickHouse } from '../../db/clickhouse/connection';
import type { AggregationScope } from './aggregate';
import { DAY_MS, dailySumsSql, rankedVersions } from './clickhouse-metric-sql';
import { type AnalysedMetric, splitDailySums } from './metric-values';
import type { SnapshotData } from './types';

/** One refresh's query may read an experiment's every event: as long as a refresh on PostgreSQL may take. */
const QUERY_TIMEOUT_MS = 30 * 60_000;

export interface ClickHouseAggregationOptions {
  /** Hears the share done. */
  onProgress?: (done: number) => void;
}

type Row = Record<string, number | string>;

/** A day of first exposure, counted in days since the epoch, as the snapshot writes it: YYYY-MM-DD, UTC. */
const dayOf = (days: number | string) => new Date(Number(days) * DAY_MS).toISOString().slice(0, 10);

/**
 * One refresh's work in ClickHouse, the same figures `aggregate` computes in the SQL database: each unit of the
 * experiment once, in the version of its first exposure, and every metric's sums per version and day of first
 * exposure. One query: ClickHouse computes each unit's values, the percentile caps and the sums; only the sums per
 * version and day come back, and the versions' counts are added up from them.
 */
export async function aggregateOnClickHouse(
  clickhouse: ClickHouse,
  scope: AggregationScope,
  metrics: AnalysedMetric[],
  { onProgress = () => {} }: ClickHouseAggregationOptions = {},
): Promise<SnapshotData> {
  const ranked = rankedVersions(scope);
  const rows = await clickhouse.rows<Row>(dailySumsSql(clickhouse, scope, metrics), QUERY_TIMEOUT_MS);
  onProgress(0.9);
  const days: Row[] = rows.map((row) => ({
    ...row,
    version: ranked[Number(row.rank) - 1]!,
    day: dayOf(row.day as string),
  }));
  const versions = scope.versionKeys.map((key) => {
    const own = days.filter((row) => row.version === key);
    const total = (column: string) => own.reduce((sum, row) => sum + Number(row[column]), 0);
    return { key, units: total('n'), multipleExposures: total('multiple_units') };
  });
  return { versions, metrics: metrics.length === 0 ? {} : splitDailySums(metrics, days) };
}
