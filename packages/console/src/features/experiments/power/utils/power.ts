import type { Experiment, ExperimentMetrics } from '@tabula/protocol';
import { duration, sampleSize } from '@tabula/stats';
import { daysRunning } from '../../utils/days-running';

export type Baseline = { kind: 'rate'; rate: number } | { kind: 'mean'; mean: number; standardDeviation: number };

export interface PowerInput {
  baseline: Baseline;
  /** Minimum detectable effect relative to the baseline: 0.05 is a 5% lift. */
  mde: number;
  unitsPerDay: number;
  alpha: number;
  power: number;
  /** Versions including control. */
  versions: number;
}

export type PowerPlan =
  | { ok: true; perVersion: number; total: number; days: number }
  | { ok: false; problem: 'rate_out_of_range' | 'incomplete' };

const positive = (value: number) => Number.isFinite(value) && value > 0;
const fraction = (value: number) => Number.isFinite(value) && value > 0 && value < 1;

/**
 * Units each version needs to detect the effect with a two-sided test, and the days the experiment's traffic takes
 * to bring them. A rate the effect would push past 0–100% cannot be planned for.
 */
export function planExperiment(input: PowerInput): PowerPlan {
  const { baseline, mde, unitsPerDay, alpha, power } = input;
  const arms = Math.max(2, input.versions);
  if (!(Number.isFinite(mde) && mde !== 0 && positive(unitsPerDay) && fraction(alpha) && fraction(power))) {
    return { ok: false, problem: 'incomplete' };
  }
  const common = { mde, alpha, power, arms };
  let size: ReturnType<typeof sampleSize>;
  if (baseline.kind === 'rate') {
    if (!fraction(baseline.rate)) return { ok: false, problem: 'incomplete' };
    if (!fraction(baseline.rate * (1 + mde))) return { ok: false, problem: 'rate_out_of_range' };
    size = sampleSize({ ...common, baselineRate: baseline.rate });
  } else {
    if (!(Number.isFinite(baseline.mean) && baseline.mean !== 0 && positive(baseline.standardDeviation))) {
      return { ok: false, problem: 'incomplete' };
    }
    size = sampleSize({ ...common, baselineMean: baseline.mean, variance: baseline.standardDeviation ** 2 });
  }
  return { ok: true, perVersion: size.perArm, total: size.total, days: duration(size.total, unitsPerDay) };
}

/** Every metric an experiment measures, each once: primary first. */
export const metricKeysOf = (metrics: ExperimentMetrics): string[] => [
  ...new Set([...metrics.primary, ...metrics.secondary, ...metrics.guardrails]),
];

/** The traffic the experiment has seen so far, per day; null until it has run a whole day. */
export function observedUnitsPerDay(
  experiment: Pick<Experiment, 'exposures' | 'startedAt' | 'stoppedAt'>,
  now: Date = new Date(),
): number | null {
  const days = daysRunning(experiment.startedAt, experiment.stoppedAt, now);
  if (!days || !experiment.exposures) return null;
  return Math.round(experiment.exposures / days);
}
