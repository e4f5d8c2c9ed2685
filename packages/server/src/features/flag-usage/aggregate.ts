import { type EvaluationCounts, MAX_REPORTED_KEY_LENGTH, NO_VARIANT, type SdkIdentity } from '@tabula/protocol';
import type { EvaluationReport, HourlyCount, SdkInstanceReport, UsageReport } from './types';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const EMPTY_USAGE: UsageReport = { evaluations: [], instances: [] };

/** The start of the UTC hour `at` falls in. */
export const hourOf = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

interface Scope {
  projectId: string;
  environmentId: string;
}

/**
 * What one SDK request reports. Keys from `flags` (SDKs that predate counts) count once each, without a variant;
 * over-long keys are dropped rather than refusing the batch's events.
 */
export function usageOf(
  scope: Scope,
  report: { flags?: string[] | undefined; evaluations?: EvaluationCounts | undefined; sdk?: SdkIdentity | undefined },
): UsageReport {
  const counts: EvaluationCounts = { ...report.evaluations };
  for (const key of report.flags ?? []) counts[key] ??= { [NO_VARIANT]: 1 };
  const evaluations: EvaluationReport[] = [];
  for (const [flagKey, variants] of Object.entries(counts)) {
    if (flagKey.length > MAX_REPORTED_KEY_LENGTH) continue;
    for (const [variant, count] of Object.entries(variants)) evaluations.push({ ...scope, flagKey, variant, count });
  }
  const { sdk } = report;
  const instances: SdkInstanceReport[] = sdk
    ? [{ ...scope, instanceId: sdk.instance ?? '', sdkName: sdk.name, sdkVersion: sdk.version }]
    : [];
  return { evaluations, instances };
}

/** One evaluation of each flag and variant served, as server-side evaluation (online retrieval, OFREP) reports. */
export const servedUsage = (
  scope: Scope,
  served: { key: string; variant?: string | null | undefined }[],
): UsageReport =>
  usageOf(scope, {
    evaluations: served.reduce<EvaluationCounts>((counts, { key, variant }) => {
      const byVariant = counts[key] ?? {};
      const name = variant ?? NO_VARIANT;
      byVariant[name] = (byVariant[name] ?? 0) + 1;
      counts[key] = byVariant;
      return counts;
    }, {}),
  });

/**
 * A group's reports as one: counts of the same environment, flag and variant summed, each instance once — one
 * statement may write a row only once, and fewer rows cost the ingest less.
 */
export function mergeUsage(reports: UsageReport[]): UsageReport {
  const evaluations = new Map<string, EvaluationReport>();
  const instances = new Map<string, SdkInstanceReport>();
  for (const report of reports) {
    for (const item of report.evaluations) {
      const key = `${item.environmentId}\u0000${item.flagKey}\u0000${item.variant}`;
      const found = evaluations.get(key);
      evaluations.set(key, found ? { ...found, count: found.count + item.count } : item);
    }
    for (const item of report.instances) {
      instances.set(`${item.environmentId}\u0000${item.instanceId}\u0000${item.sdkName}\u0000${item.sdkVersion}`, item);
    }
  }
  return { evaluations: [...evaluations.values()], instances: [...instances.values()] };
}

export const usageWeight = (usage: UsageReport): number => usage.evaluations.length + usage.instances.length;

export interface UsageSeries {
  variant: string;
  total: number;
  points: { at: Date; count: number }[];
}

/** Hourly counts as one series per variant, per hour or summed per UTC day, points in time order. */
export function seriesOf(rows: HourlyCount[], granularity: 'hour' | 'day'): UsageSeries[] {
  const byVariant = new Map<string, Map<number, number>>();
  for (const row of rows) {
    const at = granularity === 'day' ? Math.floor(row.hour.getTime() / DAY_MS) * DAY_MS : row.hour.getTime();
    const points = byVariant.get(row.variant) ?? new Map<number, number>();
    points.set(at, (points.get(at) ?? 0) + row.count);
    byVariant.set(row.variant, points);
  }
  return [...byVariant.entries()]
    .map(([variant, points]) => ({
      variant,
      total: [...points.values()].reduce((sum, count) => sum + count, 0),
      points: [...points.entries()].sort(([a], [b]) => a - b).map(([at, count]) => ({ at: new Date(at), count })),
    }))
    .sort((a, b) => b.total - a.total || a.variant.localeCompare(b.variant));
}
