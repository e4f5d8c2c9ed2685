import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type AnalysedMetric, dailySumsSql, EXPOSED, splitDailySums } from './metric-sql';
import type { SnapshotData, VersionExposure } from './types';

export interface AggregationScope {
  projectId: string;
  experimentKey: string;
  versionKeys: string[];
  /** Exposures from here (the phase's start)… */
  from: Date;
  /** …up to here; events too. */
  until: Date;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Each unit once, in the version of its first exposure within the scope; `multiple` marks units exposed to several
 * versions, counted once and reported. Exposures to versions the experiment no longer has are left out. The first
 * and last version by name settle almost every unit in one hash aggregate; only units seen in several versions look
 * up which came first. Each unit gets a number: grouping by it is cheaper than by its id.
 */
async function collectExposedUnits(tx: Database, scope: AggregationScope): Promise<VersionExposure[]> {
  const exposures = sql`project_id = ${scope.projectId} and type = 'exposure' and experiment = ${scope.experimentKey}
    and occurred_at >= ${scope.from} and occurred_at < ${scope.until}`;
  await tx.execute(sql`drop table if exists ${EXPOSED}`);
  await tx.execute(sql`
    create temp table ${EXPOSED} on commit drop as
    with first as (
      select unit_id, min(occurred_at) as first_at, min(version) as lo, max(version) as hi
      from event
      where ${exposures} and version in (${sql.join(
        scope.versionKeys.map((key) => sql`${key}`),
        sql`, `,
      )})
      group by unit_id
    )
    select (row_number() over ())::int as id, unit_id, first_at, (first_at at time zone 'UTC')::date as day,
      lo <> hi as multiple,
      case when lo = hi then lo else (
        select version from event where ${exposures} and unit_id = first.unit_id and occurred_at = first.first_at
        order by version limit 1
      ) end as version
    from first`);
  await tx.execute(sql`alter table ${EXPOSED} add primary key (id)`);
  await tx.execute(sql`analyze ${EXPOSED}`);
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

/**
 * One refresh's database work, in one transaction (the exposed units are a temporary table of it): the exposed
 * units, then every metric's sums per version and day of first exposure in one pass over their events.
 * `onProgress` hears the share done.
 */
export function aggregate(
  db: Database,
  scope: AggregationScope,
  metrics: AnalysedMetric[],
  onProgress: (done: number) => void = () => {},
): Promise<SnapshotData> {
  return db.transaction(async (tx) => {
    // A million units' hash tables fit in memory instead of spilling to disk; the setting ends with the transaction.
    await tx.execute(sql`set local work_mem = '256MB'`);
    const versions = await collectExposedUnits(tx, scope);
    onProgress(0.5);
    if (metrics.length === 0) return { versions, metrics: {} };
    const rows = rowsOf<Record<string, number | string>>(
      await tx.execute(dailySumsSql(metrics, scope.projectId, scope.until)),
    );
    return { versions, metrics: splitDailySums(metrics, rows) };
  });
}
