import { linearizeRatio, ratioVariance, sampleVariance } from './moments';
import { requireFinite, requireUnitCount } from './validate';

/** A mean metric (count or sum per unit): units, Σy and Σy². */
export interface MeanArm {
  n: number;
  sum: number;
  sumSquares: number;
}

/** A conversion metric: units, and how many of them converted at least once. */
export interface ConversionArm {
  n: number;
  conversions: number;
}

/**
 * A ratio metric of two per-unit sums (e.g. revenue per order): numerator m (`sum`, `sumSquares`),
 * denominator d (`denominatorSum`, `denominatorSumSquares`) and `crossSum` = Σm·d.
 */
export interface RatioArm extends MeanArm {
  denominatorSum: number;
  denominatorSumSquares: number;
  crossSum: number;
}

/** An arm already reduced to its mean and per-unit variance, as cupedAdjust returns it. */
export interface ArmSummary {
  n: number;
  mean: number;
  variance: number;
}

export type Arm = MeanArm | ConversionArm | RatioArm | ArmSummary;

function requireSums(arm: Record<string, number>, fields: readonly string[]): void {
  for (const field of fields) requireFinite(field, arm[field] ?? Number.NaN);
}

function summarizeMean(arm: MeanArm): ArmSummary {
  requireSums({ ...arm }, ['sum', 'sumSquares']);
  return {
    n: arm.n,
    mean: arm.n > 0 ? arm.sum / arm.n : Number.NaN,
    variance: sampleVariance(arm.n, arm.sum, arm.sumSquares),
  };
}

// Bernoulli variance p(1 − p), the convention of the two-proportion z- and Welch tests on conversion rates.
function summarizeConversion(arm: ConversionArm): ArmSummary {
  requireUnitCount('conversions', arm.conversions);
  if (arm.conversions > arm.n) throw new RangeError(`conversions (${arm.conversions}) cannot exceed n (${arm.n})`);
  const rate = arm.n > 0 ? arm.conversions / arm.n : Number.NaN;
  return { n: arm.n, mean: rate, variance: arm.n < 2 ? Number.NaN : rate * (1 - rate) };
}

function summarizeRatio(arm: RatioArm): ArmSummary {
  requireSums({ ...arm }, ['sum', 'sumSquares', 'denominatorSum', 'denominatorSumSquares', 'crossSum']);
  const ratio = linearizeRatio(arm.n, arm.sum, arm.denominatorSum);
  const sums = {
    n: arm.n,
    numeratorSum: arm.sum,
    numeratorSumSquares: arm.sumSquares,
    denominatorSum: arm.denominatorSum,
    denominatorSumSquares: arm.denominatorSumSquares,
    crossSum: arm.crossSum,
  };
  return { n: arm.n, mean: ratio.value, variance: ratioVariance(sums, ratio) };
}

// NaN is let through: it is how an earlier step (e.g. cupedAdjust on an empty arm) says "not enough data".
function checkSummary(arm: ArmSummary): ArmSummary {
  if (Math.abs(arm.mean) === Number.POSITIVE_INFINITY) throw new RangeError('mean must not be infinite');
  if (arm.variance < 0 || arm.variance === Number.POSITIVE_INFINITY) {
    throw new RangeError(`variance must be a non-negative finite number, got ${arm.variance}`);
  }
  return arm;
}

/** Reduces any arm shape to { n, mean, variance } where variance is per unit (the mean's variance is variance / n). */
export function summarizeArm(arm: Arm): ArmSummary {
  requireUnitCount('n', arm.n);
  if ('mean' in arm) return checkSummary(arm);
  if ('conversions' in arm) return summarizeConversion(arm);
  if ('denominatorSum' in arm) return summarizeRatio(arm);
  return summarizeMean(arm);
}
