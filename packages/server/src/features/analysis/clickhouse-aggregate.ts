import { randomBytes } from 'node:crypto';
import type { ClickHouse } from '../../db/clickhouse/connection';
import type { AggregationScope } from './aggregate';
import { bucketLabel, bucketOf } from './buckets';
import {
  dailySumsSql,
  extremeValuesSql,
  fillWorkTableSql,
  nonZeroCountsSql,
  rankedVersions,
  type UnitRange,
  unitBoundariesSql,
  workTableColumns,
} from './clickhouse-metric-sql';
import { type AnalysedMetric, percentileCapped, splitDailySums } from './metric-values';
import { extremesFor, percentileOfExtremes } from './split-percentile';
import type { SnapshotData } from './types';

/** One refresh's query may read an experiment's every event: as long as a refresh on PostgreSQL may take. */
const QUERY_TIMEOUT_MS = 30 * 60_000;
/**
 * Units per range: a range's grouping (its units' arrays of events) stays small enough for the processor's cache.
 * A refresh of 10 M units and 100 M events measured 30–32 s in ranges of 25,000 units (where each query's own cost
 * starts to count), 22–24 s of 50,000, 24–26 s of 100,000 and 26–30 s of 250,000.
 */
const UNITS_PER_RANGE = 50_000;
/** Work tables are named so; one older than a day was left by a process that died mid-refresh. */
const WORK_TABLE_PREFIX = 'refresh_';
const STALE_WORK_TABLE_SECONDS = 86_400;

export interface ClickHouseAggregationOptions {
  /** Hears the share done. */
  onProgress?: (done: number) => void;
  /** Units per range of the work (see UNITS_PER_RANGE); smaller in tests, to cut few units into several ranges. */
  unitsPerRange?: number;
}

type Row = Record<string, number | string>;

/** The ranges between the boundaries, each boundary once, in order. */
function rangesBetween(boundaries: readonly string[]): UnitRange[] {
  const cuts = [...new Set(boundaries)].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return [null, ...cuts].map((from, index) => ({ from, to: cuts[index] ?? null }));
}

/**
 * How many queries ClickHouse runs at once for a refresh: as many as it has threads for one query, and at least two.
 * ClickHouse 18.16 counts physical cores by what the processor reports, which on some virtual machines is one of two:
 * its max_threads then says 1, and a refresh there ran a range at a time, in twice the time. Two queries at once cost
 * a server with one core little.
 */
async function threadsOf(clickhouse: ClickHouse): Promise<number> {
  const [row] = await clickhouse.rows<{ value: string }>(
    "SELECT value FROM system.settings WHERE name = 'max_threads'",
  );
  return Math.max(2, Number(/\d+/.exec(row?.value ?? '')?.[0] ?? 1));
}

/** Drops the work tables that refreshes of processes since gone left behind. */
async function dropStaleWorkTables(clickhouse: ClickHouse): Promise<void> {
  const stale = await clickhouse.rows<{ name: string }>(
    `SELECT name FROM system.tables WHERE database = '${clickhouse.database}' AND startsWith(name, '${WORK_TABLE_PREFIX}')
    AND metadata_modification_time < now() - ${STALE_WORK_TABLE_SECONDS}`,
  );
  for (const { name } of stale) await clickhouse.command(`DROP TABLE IF EXISTS ${clickhouse.database}.${name}`);
}

/**
 * The caps of the metrics capped at a percentile of their units' values other than 0, by metric index: how many
 * such values there are, then the few around the percentile's position.
 */
async function percentileCaps(
  clickhouse: ClickHouse,
  work: string,
  metrics: AnalysedMetric[],
): Promise<(number | null)[]> {
  const capped = percentileCapped(metrics);
  const caps: (number | null)[] = [];
  if (capped.length === 0) return caps;
  const [counts] = await clickhouse.rows<Row>(
    nonZeroCountsSql(
      work,
      capped.map(({ index }) => index),
    ),
    QUERY_TIMEOUT_MS,
  );
  for (const { index, p } of capped) {
    const count = Number(counts?.[`n_${index}`] ?? 0);
    const request = extremesFor(p, count);
    if (!request) continue;
    const values = await clickhouse.rows<{ value: number }>(
      extremeValuesSql(work, index, request.end, request.size),
      QUERY_TIMEOUT_MS,
    );
    caps[index] = percentileOfExtremes(p, count, request, [values.map(({ value }) => Number(value))]);
  }
  return caps;
}

/**
 * Fills every range, `threads` at a time, reporting the share done after each. Once one fails, the refresh has failed:
 * the ranges not started yet are not.
 */
async function fillRanges(
  ranges: UnitRange[],
  threads: number,
  onProgress: (done: number) => void,
  fill: (range: UnitRange) => Promise<void>,
): Promise<void> {
  const pending = [...ranges];
  const worker = async () => {
    for (let range = pending.shift(); range; range = pending.shift()) {
      await fill(range).catch((error: unknown) => {
        pending.length = 0;
        throw error;
      });
      onProgress((0.9 * (ranges.length - pending.length)) / ranges.length);
    }
  };
  await Promise.all(Array.from({ length: threads }, worker));
}

/**
 * One refresh's work in ClickHouse, the same figures `aggregate` computes in the SQL database: each unit of the
 * experiment once, in the version of its first exposure, and every metric's sums per version and day of first
 * exposure. The units' values go into a work table of this refresh, a range of units per query and as many queries at
 * once as ClickHouse has threads (one each: ranges side by side need no merging of their groupings); then the
 * percentile caps and the sums are read from it, and it is dropped. Only the sums per version and day come back, and
 * the versions' counts are added up from them.
 */
export async function aggregateOnClickHouse(
  clickhouse: ClickHouse,
  scope: AggregationScope,
  metrics: AnalysedMetric[],
  { onProgress = () => {}, unitsPerRange = UNITS_PER_RANGE }: ClickHouseAggregationOptions = {},
): Promise<SnapshotData> {
  const [, [cut], threads] = await Promise.all([
    dropStaleWorkTables(clickhouse),
    clickhouse.rows<{ boundaries: string[] }>(unitBoundariesSql(clickhouse, scope, unitsPerRange), QUERY_TIMEOUT_MS),
    threadsOf(clickhouse),
  ]);
  const ranges = rangesBetween(cut?.boundaries ?? []);
  const work = `${clickhouse.database}.${WORK_TABLE_PREFIX}${randomBytes(8).toString('hex')}`;
  await clickhouse.command(`CREATE TABLE ${work} (${workTableColumns(metrics, scope).join(', ')}) ENGINE = Memory`);
  try {
    await fillRanges(ranges, Math.min(ranges.length, threads), onProgress, (range) =>
      clickhouse.command(fillWorkTableSql(clickhouse, work, scope, metrics, range), QUERY_TIMEOUT_MS, {
        max_threads: 1,
      }),
    );
    const caps = await percentileCaps(clickhouse, work, metrics);
    const ranked = rankedVersions(scope);
    const rows = await clickhouse.rows<Row>(dailySumsSql(work, metrics, caps, scope), QUERY_TIMEOUT_MS);
    const days: Row[] = rows.map(({ bucket, ...row }) => ({
      ...row,
      version: ranked[Number(row.rank) - 1]!,
      day: scope.dimension === undefined ? bucketLabel(bucket as string, bucketOf(scope)) : String(bucket),
    }));
    const versions = scope.versionKeys.map((key) => {
      const own = days.filter((row) => row.version === key);
      const total = (column: string) => own.reduce((sum, row) => sum + Number(row[column]), 0);
      return { key, units: total('n'), multipleExposures: total('multiple_units') };
    });
    const slices =
      scope.dimension === undefined
        ? {}
        : {
            slices: days.map((row) => ({
              key: row.version as string,
              slice: row.day as string,
              units: Number(row.n),
              multipleExposures: Number(row.multiple_units),
            })),
          };
    return { versions, metrics: metrics.length === 0 ? {} : splitDailySums(metrics, days), ...slices };
  } finally {
    // When ClickHouse is away, the refresh fails with that reason, not with this drop's; the table is dropped as stale.
    await clickhouse.command(`DROP TABLE IF EXISTS ${work}`).catch(() => {});
  }
}
