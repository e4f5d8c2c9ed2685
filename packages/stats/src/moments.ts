// Sample moments from per-unit sums, and the delta method for a ratio of two per-unit sums.

// Unbiased sample covariance of two per-unit variables: (Σab − Σa·Σb/n) / (n − 1); undefined below two units.
export function sampleCovariance(n: number, sumA: number, sumB: number, crossSum: number): number {
  if (n < 2) return Number.NaN;
  return (crossSum - (sumA * sumB) / n) / (n - 1);
}

// Σa² − (Σa)²/n can round to a tiny negative number where the true variance is 0, hence the floor.
export function sampleVariance(n: number, sum: number, sumSquares: number): number {
  return Math.max(0, sampleCovariance(n, sum, sum, sumSquares));
}

/** Sums of a per-unit numerator m and denominator d: Σm, Σm², Σd, Σd², Σm·d. */
export interface RatioSums {
  n: number;
  numeratorSum: number;
  numeratorSumSquares: number;
  denominatorSum: number;
  denominatorSumSquares: number;
  crossSum: number;
}

/** A ratio estimate R = Σm / Σd with the weights of its first-order linearisation in the means of m and d. */
export interface LinearizedRatio {
  value: number;
  numeratorWeight: number;
  denominatorWeight: number;
}

// Delta method (Deng, Knoblich & Lu 2018, "Applying the Delta Method in Metric Analytics"):
// R = m̄ / d̄ ≈ R + (m̄ − μm)/μd − R·(d̄ − μd)/μd, so the gradient is (1/d̄, −R/d̄).
export function linearizeRatio(n: number, numeratorSum: number, denominatorSum: number): LinearizedRatio {
  if (n === 0 || denominatorSum === 0) {
    return { value: Number.NaN, numeratorWeight: Number.NaN, denominatorWeight: Number.NaN };
  }
  const value = numeratorSum / denominatorSum;
  const denominatorMean = denominatorSum / n;
  return { value, numeratorWeight: 1 / denominatorMean, denominatorWeight: -value / denominatorMean };
}

/** Covariances of the pairs (a, b) where a ∈ {m, d} of one ratio and b ∈ {m, d} of another (or the same). */
export interface CovarianceBlock {
  numeratorNumerator: number;
  numeratorDenominator: number;
  denominatorNumerator: number;
  denominatorDenominator: number;
}

// gᵀ C h: the covariance of two linearised ratios with gradients g and h and cross-covariance block C.
export function linearizedCovariance(g: LinearizedRatio, block: CovarianceBlock, h: LinearizedRatio): number {
  return (
    g.numeratorWeight *
      (block.numeratorNumerator * h.numeratorWeight + block.numeratorDenominator * h.denominatorWeight) +
    g.denominatorWeight *
      (block.denominatorNumerator * h.numeratorWeight + block.denominatorDenominator * h.denominatorWeight)
  );
}

// Per-unit variance of a ratio metric by the delta method: (var m − 2R·cov(m, d) + R²·var d) / d̄².
export function ratioVariance(sums: RatioSums, ratio: LinearizedRatio): number {
  const { n } = sums;
  const covariance = sampleCovariance(n, sums.numeratorSum, sums.denominatorSum, sums.crossSum);
  const block: CovarianceBlock = {
    numeratorNumerator: sampleVariance(n, sums.numeratorSum, sums.numeratorSumSquares),
    numeratorDenominator: covariance,
    denominatorNumerator: covariance,
    denominatorDenominator: sampleVariance(n, sums.denominatorSum, sums.denominatorSumSquares),
  };
  return Math.max(0, linearizedCovariance(ratio, block, ratio));
}
