import chisquareCdf from '@stdlib/stats-base-dists-chisquare-cdf';

export interface SrmResult {
  chiSquare: number;
  pValue: number;
  /** Units in versions planned at 0%: QA-forced visitors or leftovers, left out of the test. */
  excludedUnits: number;
}

/** Below this p-value the observed split is flagged as a sample ratio mismatch. */
export const SRM_THRESHOLD = 0.001;

/**
 * Pearson's chi-square goodness-of-fit test of observed arm counts against the configured weights
 * (df = planned arms − 1). Arms weighted 0 expect no units, so any unit there (a forced visitor) would make the
 * statistic infinite: they are left out and their units reported apart.
 */
export function srmTest(counts: readonly number[], weights: readonly number[]): SrmResult {
  if (counts.length !== weights.length || counts.length < 2) {
    throw new RangeError('srmTest needs one weight per arm and at least two arms');
  }
  const planned = counts.flatMap((count, arm) => ((weights[arm] ?? 0) > 0 ? [{ count, weight: weights[arm]! }] : []));
  const excludedUnits = counts.reduce((sum, count, arm) => ((weights[arm] ?? 0) > 0 ? sum : sum + count), 0);
  const total = planned.reduce((sum, arm) => sum + arm.count, 0);
  const weightSum = planned.reduce((sum, arm) => sum + arm.weight, 0);
  if (planned.length < 2 || total === 0) return { chiSquare: 0, pValue: 1, excludedUnits };
  let chiSquare = 0;
  for (const { count, weight } of planned) {
    const expected = (total * weight) / weightSum;
    chiSquare += ((count - expected) * (count - expected)) / expected;
  }
  return { chiSquare, pValue: 1 - chisquareCdf(chiSquare, planned.length - 1), excludedUnits };
}
