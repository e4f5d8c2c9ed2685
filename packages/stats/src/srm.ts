import chisquareCdf from '@stdlib/stats-base-dists-chisquare-cdf';

export interface SrmResult {
  chiSquare: number;
  pValue: number;
}

/** Below this p-value the observed split is flagged as a sample ratio mismatch. */
export const SRM_THRESHOLD = 0.001;

// Pearson's chi-square goodness-of-fit test of observed arm counts against the configured weights (df = arms − 1).
export function srmTest(counts: readonly number[], weights: readonly number[]): SrmResult {
  if (counts.length !== weights.length || counts.length < 2) {
    throw new RangeError('srmTest needs one weight per arm and at least two arms');
  }
  const total = counts.reduce((sum, count) => sum + count, 0);
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return { chiSquare: 0, pValue: 1 };
  let chiSquare = 0;
  counts.forEach((count, arm) => {
    const expected = (total * (weights[arm] ?? 0)) / weightSum;
    chiSquare += ((count - expected) * (count - expected)) / expected;
  });
  return { chiSquare, pValue: 1 - chisquareCdf(chiSquare, counts.length - 1) };
}
