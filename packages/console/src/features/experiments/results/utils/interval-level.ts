import type { ExperimentResults } from '@tabula/protocol';

/**
 * The coverage of the intervals drawn before any multiple-testing correction: 1 − alpha, or for a Bayesian analysis
 * 2·threshold − 1, the interval that leaves 0 out exactly when the chance to beat control reaches the threshold.
 */
export const nominalLevel = (results: Pick<ExperimentResults, 'method' | 'alpha' | 'decisionThreshold'>): number =>
  results.method === 'bayesian' ? 2 * results.decisionThreshold - 1 : 1 - results.alpha;

/** A row's interval was widened by the correction (its level differs from the nominal one beyond rounding). */
export const isWidened = (level: number | null, nominal: number): level is number =>
  level !== null && Math.abs(level - nominal) > 1e-9;
