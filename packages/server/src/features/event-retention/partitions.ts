/**
 * Which monthly partitions of the event table should exist and which retention drops: dates and names only.
 * A month is a calendar month in UTC, named by its first instant.
 */

/**
 * Partitions kept ready before events need them: last month (late batches, a clock a few days behind) to two months
 * ahead, so that a daily upkeep missing for weeks still leaves every current event a partition of its own.
 */
const MONTHS_BEHIND = 1;
const MONTHS_AHEAD = 2;

export interface MonthRange {
  /** The partition's name, `event_YYYY_MM`, as the migration names them. */
  name: string;
  from: Date;
  /** Exclusive: the next month's first instant. */
  to: Date;
}

export const monthStart = (date: Date): Date => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));

const addMonths = (month: Date, months: number): Date =>
  new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + months, 1));

const partitionName = (month: Date): string =>
  `event_${String(month.getUTCFullYear()).padStart(4, '0')}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`;

const monthRange = (month: Date): MonthRange => ({
  name: partitionName(month),
  from: month,
  to: addMonths(month, 1),
});

/** A monthly partition's range from its name; null for any other table (the default partition). */
export function parsePartitionName(name: string): MonthRange | null {
  const match = /^event_(\d{4})_(\d{2})$/.exec(name);
  if (!match) return null;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return monthRange(new Date(Date.UTC(Number(match[1]), month - 1, 1)));
}

/** The months whose partitions should exist at `now`, oldest first. */
export function monthsToKeepReady(now: Date): MonthRange[] {
  const current = monthStart(now);
  const months: MonthRange[] = [];
  for (let offset = -MONTHS_BEHIND; offset <= MONTHS_AHEAD; offset += 1) {
    months.push(monthRange(addMonths(current, offset)));
  }
  return months;
}

/**
 * Events before this instant are past retention: the current month and the `retentionMonths` full months before it
 * are kept. Null when events are kept forever (0).
 */
export function retentionCutoff(now: Date, retentionMonths: number): Date | null {
  if (retentionMonths <= 0) return null;
  return addMonths(monthStart(now), -retentionMonths);
}

/** The monthly partitions that hold only events before the cutoff, by name. */
export const partitionsPastRetention = (names: readonly string[], cutoff: Date): string[] =>
  names.filter((name) => {
    const range = parsePartitionName(name);
    return range !== null && range.to.getTime() <= cutoff.getTime();
  });
