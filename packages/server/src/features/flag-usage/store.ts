import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { environment, flagUsageHourly, sdkInstance, unknownFlag } from '../../db/schema';
import type { EvaluationReport, HourlyCount, SdkInstanceReport, SdkInstanceRow, UnknownFlagRow } from './types';

/** Rows are written in key order, so concurrent statements lock them in the same order and cannot deadlock. */
const byKey = <T>(rows: T[], key: (row: T) => string): T[] => rows.toSorted((a, b) => key(a).localeCompare(key(b)));
const param = <T>(rows: T[], pick: (row: T) => string | number) => sql.param(rows.map(pick));

/**
 * Adds the evaluations of flags the project has to their hour's buckets; keys it does not have, or of an environment
 * deleted meanwhile, are left out by the joins. One statement for any number of reports (each column one array); the
 * caller sends each (environment, flag, variant) once, as a statement may update a row only once.
 */
export async function addHourlyCounts(db: Database, reports: EvaluationReport[], hour: Date): Promise<void> {
  if (reports.length === 0) return;
  const rows = byKey(reports, (row) => `${row.environmentId}\u0000${row.flagKey}\u0000${row.variant}`);
  await db.execute(sql`
    insert into flag_usage_hourly (environment_id, flag_key, variant, hour, project_id, count)
    select environment.id, flag.key, report.variant, ${hour.toISOString()}::timestamptz, flag.project_id, report.count
    from unnest(
      ${param(rows, (row) => row.projectId)}::text[],
      ${param(rows, (row) => row.environmentId)}::text[],
      ${param(rows, (row) => row.flagKey)}::text[],
      ${param(rows, (row) => row.variant)}::text[],
      ${param(rows, (row) => row.count)}::bigint[]
    ) with ordinality as report(project_id, environment_id, flag_key, variant, count, position)
    join environment on environment.id = report.environment_id and environment.project_id = report.project_id
    join flag on flag.project_id = report.project_id and flag.key = report.flag_key
    order by report.position
    on conflict (environment_id, flag_key, variant, hour) do update
      set count = flag_usage_hourly.count + excluded.count`);
}

/** Evaluations of keys the project has no flag for, one report per (environment, key). */
export async function addUnknownFlags(db: Database, reports: EvaluationReport[], at: Date): Promise<void> {
  if (reports.length === 0) return;
  const rows = byKey(reports, (row) => `${row.environmentId}\u0000${row.flagKey}`);
  await db.execute(sql`
    insert into unknown_flag (environment_id, flag_key, project_id, evaluations, first_seen_at, last_seen_at)
    select environment.id, report.flag_key, environment.project_id, report.count,
      ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
    from unnest(
      ${param(rows, (row) => row.projectId)}::text[],
      ${param(rows, (row) => row.environmentId)}::text[],
      ${param(rows, (row) => row.flagKey)}::text[],
      ${param(rows, (row) => row.count)}::bigint[]
    ) with ordinality as report(project_id, environment_id, flag_key, count, position)
    join environment on environment.id = report.environment_id and environment.project_id = report.project_id
    where not exists (select 1 from flag where flag.project_id = report.project_id and flag.key = report.flag_key)
    order by report.position
    on conflict (environment_id, flag_key) do update
      set evaluations = unknown_flag.evaluations + excluded.evaluations,
        last_seen_at = greatest(unknown_flag.last_seen_at, excluded.last_seen_at)`);
}

export async function upsertSdkInstances(db: Database, reports: SdkInstanceReport[], at: Date): Promise<void> {
  if (reports.length === 0) return;
  const rows = byKey(
    reports,
    (row) => `${row.environmentId}\u0000${row.instanceId}\u0000${row.sdkName}\u0000${row.sdkVersion}`,
  );
  await db.execute(sql`
    insert into sdk_instance (environment_id, instance_id, sdk_name, sdk_version, project_id, first_seen_at, last_seen_at)
    select environment.id, report.instance_id, report.sdk_name, report.sdk_version, environment.project_id,
      ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
    from unnest(
      ${param(rows, (row) => row.projectId)}::text[],
      ${param(rows, (row) => row.environmentId)}::text[],
      ${param(rows, (row) => row.instanceId)}::text[],
      ${param(rows, (row) => row.sdkName)}::text[],
      ${param(rows, (row) => row.sdkVersion)}::text[]
    ) with ordinality as report(project_id, environment_id, instance_id, sdk_name, sdk_version, position)
    join environment on environment.id = report.environment_id and environment.project_id = report.project_id
    order by report.position
    on conflict (environment_id, instance_id, sdk_name, sdk_version) do update
      set last_seen_at = greatest(sdk_instance.last_seen_at, excluded.last_seen_at)`);
}

export async function selectHourlyCounts(
  db: Database,
  scope: { projectId: string; environmentId: string; flagKey: string; since: Date },
): Promise<HourlyCount[]> {
  return db
    .select({ variant: flagUsageHourly.variant, hour: flagUsageHourly.hour, count: flagUsageHourly.count })
    .from(flagUsageHourly)
    .where(
      and(
        eq(flagUsageHourly.projectId, scope.projectId),
        eq(flagUsageHourly.environmentId, scope.environmentId),
        eq(flagUsageHourly.flagKey, scope.flagKey),
        gte(flagUsageHourly.hour, scope.since),
      ),
    )
    .orderBy(asc(flagUsageHourly.hour));
}

/** Enough for any page; the oldest are left out past it. */
const LIST_LIMIT = 500;

export async function selectSdkInstances(db: Database, projectId: string): Promise<SdkInstanceRow[]> {
  return db
    .select({
      environmentKey: environment.key,
      instanceId: sdkInstance.instanceId,
      sdkName: sdkInstance.sdkName,
      sdkVersion: sdkInstance.sdkVersion,
      firstSeenAt: sdkInstance.firstSeenAt,
      lastSeenAt: sdkInstance.lastSeenAt,
    })
    .from(sdkInstance)
    .innerJoin(environment, eq(environment.id, sdkInstance.environmentId))
    .where(eq(sdkInstance.projectId, projectId))
    .orderBy(desc(sdkInstance.lastSeenAt), asc(sdkInstance.instanceId))
    .limit(LIST_LIMIT);
}

/** Keys created as flags since they were reported are no longer unknown. */
export async function selectUnknownFlags(db: Database, projectId: string): Promise<UnknownFlagRow[]> {
  return db
    .select({
      environmentKey: environment.key,
      flagKey: unknownFlag.flagKey,
      evaluations: unknownFlag.evaluations,
      firstSeenAt: unknownFlag.firstSeenAt,
      lastSeenAt: unknownFlag.lastSeenAt,
    })
    .from(unknownFlag)
    .innerJoin(environment, eq(environment.id, unknownFlag.environmentId))
    .where(
      and(
        eq(unknownFlag.projectId, projectId),
        sql`not exists (select 1 from flag where flag.project_id = ${unknownFlag.projectId} and flag.key = ${unknownFlag.flagKey})`,
      ),
    )
    .orderBy(desc(unknownFlag.lastSeenAt), asc(unknownFlag.flagKey))
    .limit(LIST_LIMIT);
}

/** Deletes buckets older than `before`, and instances and unknown keys not seen since. */
export async function deleteUsageBefore(db: Database, before: Date): Promise<void> {
  await db.delete(flagUsageHourly).where(lt(flagUsageHourly.hour, before));
  await db.delete(unknownFlag).where(lt(unknownFlag.lastSeenAt, before));
  await db.delete(sdkInstance).where(lt(sdkInstance.lastSeenAt, before));
}
