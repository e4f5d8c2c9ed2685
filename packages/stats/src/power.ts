import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';
import { requireFinite, requireOpenUnitInterval, requirePositive } from './validate';

interface SampleSizeCommon {
  /** Minimum detectable effect, relative to the baseline (0.05 = a 5% lift). */
  mde: number;
  alpha?: number;
  power?: number;
  /** Number of versions including control; the total is units per arm × arms. */
  arms?: number;
  twoSided?: boolean;
}

export type SampleSizeInput =
  | (SampleSizeCommon & { baselineRate: number })
  | (SampleSizeCommon & { baselineMean: number; variance: number });

export interface SampleSize {
  perArm: number;
  total: number;
}

// Per-unit variances of control and treatment under the alternative, and the absolute effect δ.
function effectAndVariances(input: SampleSizeInput): { delta: number; varianceSum: number } {
  if ('baselineRate' in input) {
    const p1 = input.baselineRate;
    const p2 = p1 * (1 + input.mde);
    requireOpenUnitInterval('baselineRate', p1);
    if (!(p2 > 0 && p2 < 1))
      throw new RangeError(`baselineRate × (1 + mde) must lie strictly between 0 and 1, got ${p2}`);
    return { delta: p2 - p1, varianceSum: p1 * (1 - p1) + p2 * (1 - p2) };
  }
  requireFinite('baselineMean', input.baselineMean);
  requirePositive('variance', input.variance);
  return { delta: input.mde * input.baselineMean, varianceSum: 2 * input.variance };
}

/**
 * Units per arm for a two-sample test of means or proportions with normal quantiles (Chow, Shao & Wang, Sample Size
 * Calculations in Clinical Research, 2nd ed., §3.2.1 and §4.2.1): n = (z₁₋α′ + z₁₋β)² · (σ²c + σ²t) / δ², with
 * α′ = α/2 two-sided, σ² = p(1 − p) for rates (control at the baseline, treatment at baseline × (1 + mde)) and the
 * given variance in both arms for means. No correction for more than two arms is applied.
 */
export function sampleSize(input: SampleSizeInput): SampleSize {
  const { mde, alpha = 0.05, power = 0.8, arms = 2, twoSided = true } = input;
  requireFinite('mde', mde);
  if (mde === 0) throw new RangeError('mde must not be 0');
  requireOpenUnitInterval('alpha', alpha);
  requireOpenUnitInterval('power', power);
  if (!Number.isInteger(arms) || arms < 2) throw new RangeError(`arms must be an integer of at least 2, got ${arms}`);
  const { delta, varianceSum } = effectAndVariances(input);
  if (delta === 0) throw new RangeError('the baseline and mde give no effect to detect');
  const z = normalQuantile(1 - (twoSided ? alpha / 2 : alpha), 0, 1) + normalQuantile(power, 0, 1);
  const perArm = Math.ceil((z * z * varianceSum) / (delta * delta));
  return { perArm, total: perArm * arms };
}

/** Days needed to reach `total` units at `unitsPerDay`, rounded up. */
export function duration(total: number, unitsPerDay: number): number {
  requireFinite('total', total);
  if (total < 0) throw new RangeError(`total must not be negative, got ${total}`);
  requirePositive('unitsPerDay', unitsPerDay);
  return Math.ceil(total / unitsPerDay);
}
