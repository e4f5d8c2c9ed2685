const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/**
 * A phase younger than this is summed by hour of first exposure, so the cumulative lift chart has points from its
 * first hour; older, by day, which keeps a snapshot small for months.
 */
export const HOURLY_WHILE_MS = 2 * DAY_MS;

/** How first exposures are grouped: by UTC hour or by UTC day. */
export type Bucket = 'hour' | 'day';

/**
 * The phase's span an aggregation covers (an AggregationScope's), typed here so the two modules do not cycle. A
 * bandit's sums stay hourly (`hourly`) for as long as it runs: its weights change on whole hours, and its analysis
 * tells its periods apart by the hour of each unit's first exposure.
 */
export const bucketOf = (scope: { from: Date; until: Date; hourly?: boolean }): Bucket =>
  scope.hourly || scope.until.getTime() - scope.from.getTime() < HOURLY_WHILE_MS ? 'hour' : 'day';

/** The label of the hour bucket a moment falls in. */
export const hourLabel = (at: Date): string => bucketLabel(Math.floor(at.getTime() / HOUR_MS), 'hour');

/** The first whole hour at or after a moment. */
export const nextWholeHour = (ms: number): number => Math.ceil(ms / HOUR_MS) * HOUR_MS;

export const bucketMs = (bucket: Bucket): number => (bucket === 'hour' ? HOUR_MS : DAY_MS);

/** A bucket's label, as both engines write it: `YYYY-MM-DD` for a day, `YYYY-MM-DDTHH` for an hour (UTC). */
export const bucketLabel = (index: number | string, bucket: Bucket): string =>
  new Date(Number(index) * bucketMs(bucket)).toISOString().slice(0, bucket === 'hour' ? 13 : 10);

/** PostgreSQL's to_char pattern of the same labels. */
export const bucketPattern = (bucket: Bucket): string => (bucket === 'hour' ? 'YYYY-MM-DD"T"HH24' : 'YYYY-MM-DD');

/** The day of a label, and its hour when it is an hour's (`HH:00`). */
export function splitLabel(label: string): { day: string; hour?: string } {
  return label.length > 10 ? { day: label.slice(0, 10), hour: `${label.slice(11, 13)}:00` } : { day: label };
}
