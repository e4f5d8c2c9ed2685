import dayjs from 'dayjs';

/**
 * Whole days between the start and the stop (or now, while it runs); null before it ever started. A paused
 * experiment keeps counting: its first exposures still age.
 */
export function daysRunning(startedAt: string | null, stoppedAt: string | null, now: Date = new Date()): number | null {
  if (!startedAt) return null;
  const end = stoppedAt ? dayjs(stoppedAt) : dayjs(now);
  return Math.max(0, end.diff(dayjs(startedAt), 'day'));
}
