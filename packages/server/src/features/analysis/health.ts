import type { HealthCheck, ResultsHealth } from '@tabula/protocol';
import { SRM_THRESHOLD, type SrmResult } from '@tabula/stats';

/**
 * Below this many exposed units a planned version's numbers swing too much to read: the normal approximation behind
 * the intervals and the sample ratio test needs a few hundred units, and 100 is the least that keeps a day's noise
 * from deciding the verdict.
 */
export const MIN_UNITS_PER_VERSION = 100;

/** A running experiment's snapshot older than this no longer shows what is happening now. */
export const MAX_SNAPSHOT_AGE_HOURS = 24;

const HOUR_MS = 3_600_000;

export interface HealthInput {
  versions: { weight: number; units: number }[];
  srm: SrmResult | null;
  multipleExposures: number;
  /** When the snapshot shown finished; its age is measured from there to `now`. */
  finishedAt: Date | null;
  running: boolean;
  now: Date;
}

/** Every check the snapshot must pass before its verdicts can be trusted; versions planned at 0% are not read. */
export function assessHealth(input: HealthInput): ResultsHealth {
  const srmP = input.srm?.pValue ?? 1;
  const planned = input.versions.filter((version) => version.weight > 0);
  const fewest = Math.min(...planned.map((version) => version.units));
  const ageHours = input.finishedAt ? Math.max(0, (input.now.getTime() - input.finishedAt.getTime()) / HOUR_MS) : 0;
  const checks: HealthCheck[] = [
    { check: 'sample_ratio', passed: srmP >= SRM_THRESHOLD, value: srmP, limit: SRM_THRESHOLD },
    {
      check: 'multiple_exposures',
      passed: input.multipleExposures === 0,
      value: input.multipleExposures,
      limit: 0,
    },
    {
      check: 'min_units',
      passed: planned.length > 0 && fewest >= MIN_UNITS_PER_VERSION,
      value: Number.isFinite(fewest) ? fewest : 0,
      limit: MIN_UNITS_PER_VERSION,
    },
    {
      check: 'freshness',
      passed: !input.running || ageHours <= MAX_SNAPSHOT_AGE_HOURS,
      value: ageHours,
      limit: MAX_SNAPSHOT_AGE_HOURS,
    },
  ];
  return { checks, excludedUnits: input.srm?.excludedUnits ?? 0 };
}
