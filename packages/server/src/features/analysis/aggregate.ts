import type { MetricSource } from '@tabula/protocol';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { FOLDED_SLICE, MAX_SLICE_VALUES } from './breakdown-slices';
import { bucketOf, bucketPattern } from './buckets';
import { mergeShards } from './merge-shards';
import { dailySumsSql, EXPOSED, extremeValuesSql, nonZeroCountsSql, perUnitSql, sourceSql } from './metric-sql';
import { type AnalysedMetric, percentileCapped, splitDailySums } from './metric-values';
import { createRendezvous, type Rendezvous } from './rendezvous';
import { extremesFor, percentileOfExtremes } from './split-percentile';
import type { SliceExposure, SnapshotData, VersionExposure } from './types';

export interface AggregationScope {
  projectId: string;
  experimentKey: string;
  versionKeys: string[];
  /** Exposures from here (the phase's start)… */
  from: Date;
  /** …up to here; events too. */
  until: Date;
  /**
   * To plan an experiment rather than analyse one: the units whose first event of this source in [from, until) starts
   * their metrics, as a first exposure would, all in one version (the scope's only version key).
   */
  population?: MetricSource;
  /**
   * To break the results down (see breakdown.ts): the sums go per slice, the unit's value of this dimension (an
   * exposure attribute) at its first exposure ('' without one), in place of its day of first exposure.
   */
  dimension?: string;
  /** How many of the dimension's values keep a slice of their own (see MAX_SLICE_VALUES); fewer in tests. */
  maxSlices?: number;
  /** Sums by hour however long the phase (a bandit's, see bucketOf). */
  hourly?: boolean;
}

export interface AggregationOptions {
  /**
   * Connections to share the work, each taking its share of the units, all reading one snapshot of the database:
   * PostgreSQL looks up one unit's events in one process, so a second connection puts the second core to work. 1
   * on PGlite, which has one connection.
   */
  connections?: number;
  /** Hears the share done. */
  onProgress?: (done: number) => void;
}

/** Which share of the units a connection takes: those whose id hashes to `index` of `count`. */
interface Shard {
  index: number;
  count: number;
}

/** Where the shards of one refresh exchange what a percentile of all their units needs (see split-percentile). */
interface Meetings {
  counts: Rendezvous<number[]>;
  extremes: Rendezvous<number[][]>;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const shardFilter = ({ index, count }: Shard): SQL =>
  count === 1 ? sql`` : sql` and mod(hashtext(unit_id)::int8 + 2147483648, ${count}) = ${index}`;

/** Fills EXPOSED with the scope's units (its experiment's, or a plan's population) and counts them per version. */
async function collectExposedUnits(tx: Database, scope: AggregationScope, shard: Shard): Promise<VersionExposure[]> {
  await tx.execute(sql`drop table if exists ${EXPOSED}`);
  await tx.execute(scope.population ? populationSql(scope, scope.population, shard) : exposedSql(scope, shard));
  const counts = rowsOf<{ version: string; units: number; multiple: number }>(
    await tx.execute(sql`
      select version, count(*)::float8 as units, (count(*) filter (where multiple))::float8 as multiple
      from ${EXPOSED} group by version`),
  );
  return scope.versionKeys.map((key) => {
    const found = counts.find((row) => row.version === key);
    return { key, units: found?.units ?? 0, multipleExposures: found?.multiple ?? 0 };
  });
}

const bucketOfFirst = (scope: AggregationScope, first: SQL) =>
  sql`to_char(${first} at time zone 'UTC', ${bucketPattern(bucketOf(scope))})`;

/** A plan's units: each unit whose event of the source comes first in the scope, from that event on. */
const populationSql = (scope: AggregationScope, source: MetricSource, shard: Shard): SQL => sql`
  create temp table ${EXPOSED} on commit drop as
  select unit_id, min(occurred_at) as first_at, ${bucketOfFirst(scope, sql`min(occurred_at)`)} as day,
    false as multiple, ${scope.versionKeys[0] ?? ''}::text as version
  from event e
  where project_id = ${scope.projectId} and type = 'track' and ${sourceSql(source)}
    and occurred_at >= ${scope.from} and occurred_at < ${scope.until}${shardFilter(shard)}
  group by unit_id
  order by unit_id`;

/** The dimension's value on the unit's first exposure (of the version the unit counts in): its slice. */
const sliceOfFirst = (exposures: SQL, dimension: string) => sql`coalesce((
    select attributes ->> ${dimension} from event
    where ${exposures} and unit_id = first.unit_id and occurred_at = first.first_at
    order by version limit 1
  ), '')`;

/**
 * Puts the units of the dimension's values beyond the `max` with the most units (ties by value, in byte order as
 * ClickHouse orders them) in one slice, before any sum is taken per slice.
 */
const foldRareSlicesSql = (max: number) => sql`
  update ${EXPOSED} set day = ${FOLDED_SLICE}
  where day <> '' and day not in (
    select day from ${EXPOSED} where day <> '' group by day order by count(*) desc, day collate "C" limit ${max}
  )`;

/** Each version's units per slice, when the scope has a dimension. */
async function countSlices(tx: Database): Promise<SliceExposure[]> {
  const rows = rowsOf<{ version: string; slice: string; units: number; multiple: number }>(
    await tx.execute(sql`
      select version, day as slice, count(*)::float8 as units, (count(*) filter (where multiple))::float8 as multiple
      from ${EXPOSED} group by version, day`),
  );
  return rows.map(({ version, slice, units, multiple }) => ({
    key: version,
    slice,
    units,
    multipleExposures: multiple,
  }));
}

/**
 * Each unit once, in the version of its first exposure within the scope; `multiple` marks units exposed to several
 * versions, counted once and reported. Exposures to versions the experiment no longer has are left out. The exposure
 * index yields the units in order with their versions, so one streaming aggregate settles almost every unit by its
 * first and last version by name; only units seen in several versions look up which came first. The table keeps the
 * unit order, so the metrics' lookups of each unit's events walk the event index in order too.
 */
function exposedSql(scope: AggregationScope, shard: Shard): SQL {
  const exposures = sql`project_id = ${scope.projectId} and type = 'exposure' and experiment = ${scope.experimentKey}
    and occurred_at >= ${scope.from} and occurred_at < ${scope.until}`;
  const ofVersions = sql`${exposures} and version in (${sql.join(
    scope.versionKeys.map((key) => sql`${key}`),
    sql`, `,
  )})`;
  const day =
    scope.dimension === undefined ? bucketOfFirst(scope, sql`first_at`) : sliceOfFirst(ofVersions, scope.dimension);
  return sql`
    create temp table ${EXPOSED} on commit drop as
    with first as (
      select unit_id, min(occurred_at) as first_at, min(version) as lo, max(version) as hi
      from event
      where ${ofVersions}${shardFilter(shard)}
      group by unit_id
    )
    select unit_id, first_at, ${day} as day, lo <> hi as multiple,
      case when lo = hi then lo else (
        select version from event where ${exposures} and unit_id = first.unit_id and occurred_at = first.first_at
        order by version limit 1
      ) end as version
    from first
    order by unit_id`;
}

/**
 * The caps of the metrics capped at a percentile of their units' values other than 0, by metric index: each shard
 * says how many such values it holds, then sends the few around the percentile's position among all of them.
 */
async function percentileCaps(
  tx: Database,
  metrics: AnalysedMetric[],
  party: number,
  meetings: Meetings,
): Promise<(number | null)[]> {
  const capped = percentileCapped(metrics);
  const caps: (number | null)[] = [];
  if (capped.length === 0) return caps;
  const [row] = rowsOf<Record<string, number>>(await tx.execute(nonZeroCountsSql(capped.map(({ index }) => index))));
  const counts = await meetings.counts.meet(
    party,
    capped.map(({ index }) => Number(row?.[`n_${index}`] ?? 0)),
  );
  const totals = capped.map((_, i) => counts.reduce((sum, shard) => sum + (shard[i] ?? 0), 0));
  const requests = capped.map(({ p }, i) => extremesFor(p, totals[i] as number));
  const mine: number[][] = [];
  for (const [i, request] of requests.entries()) {
    const values = request ? await tx.execute(extremeValuesSql(capped[i]!.index, request.end, request.size)) : null;
    mine.push(values ? rowsOf<{ value: number }>(values).map((value) => Number(value.value)) : []);
  }
  const sent = await meetings.extremes.meet(party, mine);
  for (const [i, { index, p }] of capped.entries()) {
    const request = requests[i];
    caps[index] = request
      ? percentileOfExtremes(
          p,
          totals[i] as number,
          request,
          sent.map((shard) => shard[i] ?? []),
        )
      : null;
  }
  return caps;
}

/** A snapshot id as pg_export_snapshot makes them; SET TRANSACTION SNAPSHOT takes no parameter, only a literal. */
const SNAPSHOT_ID = /^[0-9A-F]+-[0-9A-F]+(-[0-9]+)?$/;

/**
 * One shard's work, in its transaction (its tables are temporary tables of it): its exposed units, then each one's
 * metric values, then their sums per version and day of first exposure.
 */
async function aggregateShard(
  tx: Database,
  job: {
    scope: AggregationScope;
    metrics: AnalysedMetric[];
    shard: Shard;
    snapshot: string | null;
    meetings: Meetings;
    onProgress: (done: number) => void;
  },
): Promise<SnapshotData> {
  const { scope, metrics, shard } = job;
  if (job.snapshot !== null) {
    if (!SNAPSHOT_ID.test(job.snapshot)) throw new Error(`unexpected snapshot id ${job.snapshot}`);
    await tx.execute(sql.raw(`set transaction snapshot '${job.snapshot}'`));
  }
  // A million units' values fit in memory instead of spilling to disk, and compiling the many per-unit expressions
  // to machine code would cost seconds, more than it saves; the settings end with the transaction.
  await tx.execute(sql`set local work_mem = '256MB'`);
  await tx.execute(sql`set local jit = off`);
  const versions = await collectExposedUnits(tx, scope, shard);
  if (scope.dimension !== undefined) await tx.execute(foldRareSlicesSql(scope.maxSlices ?? MAX_SLICE_VALUES));
  const slices = scope.dimension === undefined ? {} : { slices: await countSlices(tx) };
  job.onProgress(0.3);
  if (metrics.length === 0) return { versions, metrics: {}, ...slices };
  await tx.execute(perUnitSql(metrics, scope.projectId, scope.until));
  job.onProgress(0.9);
  const caps = await percentileCaps(tx, metrics, shard.index, job.meetings);
  const rows = rowsOf<Record<string, number | string>>(await tx.execute(dailySumsSql(metrics, caps)));
  return { versions, metrics: splitDailySums(metrics, rows), ...slices };
}

/**
 * One refresh's database work: each unit of the experiment once, in the version of its first exposure, and every
 * metric's sums per version and day of first exposure. With several connections, each takes a share of the units
 * in a transaction of its own, all importing the snapshot a coordinating transaction exported, so together they read
 * the database as of one moment; their sums add up to the whole.
 */
export async function aggregate(
  db: Database,
  scope: AggregationScope,
  metrics: AnalysedMetric[],
  { connections = 1, onProgress = () => {} }: AggregationOptions = {},
): Promise<SnapshotData> {
  const count = Math.max(1, Math.floor(connections));
  const meetings: Meetings = { counts: createRendezvous(count), extremes: createRendezvous(count) };
  const done = new Array<number>(count).fill(0);
  const run = (index: number, snapshot: string | null) =>
    db
      .transaction(
        (tx) =>
          aggregateShard(tx, {
            scope,
            metrics,
            shard: { index, count },
            snapshot,
            meetings,
            onProgress: (share) => {
              done[index] = share;
              onProgress(Math.min(...done));
            },
          }),
        snapshot === null ? undefined : { isolationLevel: 'repeatable read' },
      )
      .catch((error: unknown) => {
        // The other shards would wait at the next meeting for ever.
        meetings.counts.cancel(error);
        meetings.extremes.cancel(error);
        throw error;
      });
  if (count === 1) return mergeShards([await run(0, null)]);
  return db.transaction(async (coordinator) => {
    const [exported] = rowsOf<{ snapshot: string }>(
      await coordinator.execute(sql`select pg_export_snapshot() as snapshot`),
    );
    const shards = await Promise.allSettled(
      Array.from({ length: count }, (_, index) => run(index, exported!.snapshot)),
    );
    const failed = shards.find((shard) => shard.status === 'rejected');
    if (failed) throw failed.reason;
    return mergeShards(shards.map((shard) => (shard as PromiseFulfilledResult<SnapshotData>).value));
  });
}
