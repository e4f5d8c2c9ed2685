import { type FlagUsageQuery, HOURLY_SPAN_MAX_DAYS, USAGE_RETENTION_DAYS, WEB_SDK_NAME } from '@tabula/protocol';
import { SDK_SNIPPET_VERSIONS } from '../../constants';
import type { Database } from '../../db/client';
import { invalidField } from '../../http/app-error';
import { getFlag, recordFlagUsage } from '../flags/service';
import { findEnvironment } from '../projects/service';
import { hourOf, mergeUsage, seriesOf, type UsageSeries } from './aggregate';
import { isOutdated } from './sdk-version';
import {
  addHourlyCounts,
  addUnknownFlags,
  deleteUsageBefore,
  selectHourlyCounts,
  selectSdkInstances,
  selectUnknownFlags,
  upsertSdkInstances,
} from './store';
import type { EvaluationReport, SdkInstanceRow, UnknownFlagRow, UsageReport } from './types';

export { EMPTY_USAGE, mergeUsage, servedUsage, usageOf, usageWeight } from './aggregate';
export type { UsageReport } from './types';

const DAY_MS = 86_400_000;

/** The SDK versions this server ships, per SDK name: what an instance's version is compared with. */
export const SHIPPED_SDK_VERSIONS: Record<string, string[]> = {
  [WEB_SDK_NAME]: [...new Set(Object.values(SDK_SNIPPET_VERSIONS))],
};

/** Per (environment, flag): the evaluations of all its variants together. */
function perFlag(evaluations: EvaluationReport[]): EvaluationReport[] {
  const flags = new Map<string, EvaluationReport>();
  for (const item of evaluations) {
    const key = `${item.environmentId}\u0000${item.flagKey}`;
    const found = flags.get(key);
    flags.set(key, { ...item, variant: '', count: (found?.count ?? 0) + item.count });
  }
  return [...flags.values()];
}

/**
 * Records a group of SDK reports at `at`: when each flag was last evaluated, its hourly counts, keys the project does
 * not have, and the SDK instances. Written by the SDK endpoints, not by a person: nothing goes to the audit log. All
 * or nothing, so a group refused and sent again is not counted twice.
 */
export async function recordUsage(db: Database, reports: UsageReport[], at: Date): Promise<void> {
  const { evaluations, instances } = mergeUsage(reports);
  if (evaluations.length === 0 && instances.length === 0) return;
  const flags = perFlag(evaluations);
  await db.transaction(async (tx) => {
    await recordFlagUsage(tx, flags, at);
    await addHourlyCounts(tx, evaluations, hourOf(at));
    await addUnknownFlags(tx, flags, at);
    await upsertSdkInstances(tx, instances, at);
  });
}

export interface FlagUsageSummary {
  environment: string;
  days: number;
  granularity: 'hour' | 'day';
  series: UsageSeries[];
  total: number;
  lastEvaluatedAt: Date | null;
}

/** A flag's evaluations in one environment over the last `days`: per hour up to a week, per day beyond. */
export async function getFlagUsage(
  db: Database,
  projectId: string,
  flagKey: string,
  query: FlagUsageQuery,
  now = new Date(),
): Promise<FlagUsageSummary> {
  const flag = await getFlag(db, projectId, flagKey);
  const environment = await findEnvironment(db, projectId, query.environment);
  const state = flag.environments[query.environment];
  if (!environment || !state) {
    throw invalidField('environment', `This project has no environment "${query.environment}"`);
  }
  const environmentId = environment.id;
  const granularity = query.days > HOURLY_SPAN_MAX_DAYS ? 'day' : 'hour';
  const since = new Date(hourOf(now).getTime() - query.days * DAY_MS);
  const series = seriesOf(await selectHourlyCounts(db, { projectId, environmentId, flagKey, since }), granularity);
  return {
    environment: query.environment,
    days: query.days,
    granularity,
    series,
    total: series.reduce((sum, line) => sum + line.total, 0),
    lastEvaluatedAt: state.lastEvaluatedAt,
  };
}

export interface SdkInstanceSummary extends SdkInstanceRow {
  outdated: boolean | null;
}

export async function listSdkInstances(db: Database, projectId: string): Promise<SdkInstanceSummary[]> {
  const rows = await selectSdkInstances(db, projectId);
  return rows.map((row) => {
    const shipped = SHIPPED_SDK_VERSIONS[row.sdkName];
    return { ...row, outdated: shipped ? isOutdated(row.sdkVersion, shipped) : null };
  });
}

export const listUnknownFlags = (db: Database, projectId: string): Promise<UnknownFlagRow[]> =>
  selectUnknownFlags(db, projectId);

/** Deletes usage older than the retention: hourly buckets, and instances and unknown keys not seen since. */
export const deleteExpiredUsage = (db: Database, now = new Date()): Promise<void> =>
  deleteUsageBefore(db, new Date(now.getTime() - USAGE_RETENTION_DAYS * DAY_MS));
