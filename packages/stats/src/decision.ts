/** Which way a comparison clearly points (treatment against control), or that it does not point clearly yet. */
export type Decision = 'higher' | 'lower' | 'inconclusive';

// P(L > 0) ≥ t ⇔ q(1 − t) ≥ 0: the decision and the lower bound of bayesianTest's 2t − 1 interval agree.
export function bayesianDecision(chanceToWin: number, threshold: number): Decision {
  if (chanceToWin >= threshold) return 'higher';
  if (1 - chanceToWin >= threshold) return 'lower';
  return 'inconclusive';
}

// A difference needs both the (adjusted) p-value below α and an interval that excludes 0. With the interval drawn at
// correctedAlpha the two agree; requiring both keeps rounding at the boundary from pairing a verdict with an interval
// across 0.
export function frequentistDecision(ci: readonly [number, number], pValue: number, alpha: number): Decision {
  if (!(pValue < alpha)) return 'inconclusive';
  if (ci[0] > 0) return 'higher';
  if (ci[1] < 0) return 'lower';
  return 'inconclusive';
}
