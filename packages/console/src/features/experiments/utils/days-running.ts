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

export interface PlanProgress {
  /** The day it is on while it runs (the first day is day 1); the days it ran once stopped. */
  day: number;
  planned: number;
  /** The planned days have passed: what the decision rule needs to call a flat result inconclusive. */
  ended: boolean;
}

/** Where the experiment stands against its planned duration; null before it started or without one. */
export function planProgress(
  experiment: { startedAt: string | null; stoppedAt: string | null; plannedDays: number | null },
  now: Date = new Date(),
): PlanProgress | null {
  const days = daysRunning(experiment.startedAt, experiment.stoppedAt, now);
  if (days === null || experiment.plannedDays === null) return null;
  return {
    day: experiment.stoppedAt ? days : days + 1,
    planned: experiment.plannedDays,
    ended: days >= experiment.plannedDays,
  };
}
