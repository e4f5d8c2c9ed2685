import betaRandom from '@stdlib/random-base-beta';
import normalRandom from '@stdlib/random-base-normal';
import type { ConversionArm, MeanArm } from './arms';
import { sampleVariance } from './moments';
import { requireUnitCount } from './validate';

/** Weights are basis points of 10,000, as the SDK buckets units. */
export const WEIGHT_TOTAL = 10_000;

/** Monte Carlo draws behind each probability of being best: its standard error is at most 0.5/√draws = 0.005. */
export const DEFAULT_THOMPSON_DRAWS = 10_000;

export interface ThompsonOptions {
  /** Seed of the generator, so that one recomputation always yields the same weights (an integer 1…2³²−1). */
  seed: number;
  /** Lower values are better (e.g. a latency or a bounce rate). */
  lowerIsBetter?: boolean;
  draws?: number;
}

/** One arm's posterior sampler. */
type Sampler = () => number;

// Conversions: Beta(1 + conversions, 1 + n − conversions), the posterior under a uniform prior (Thompson 1933).
function conversionSampler(arm: ConversionArm, beta: (a: number, b: number) => number): Sampler {
  requireUnitCount('n', arm.n);
  requireUnitCount('conversions', arm.conversions);
  if (arm.conversions > arm.n) throw new RangeError(`conversions (${arm.conversions}) cannot exceed n (${arm.n})`);
  return () => beta(1 + arm.conversions, 1 + arm.n - arm.conversions);
}

// Means: the large-sample posterior of the mean under a flat prior, N(ȳ, s²/n) (Gelman et al., Bayesian Data
// Analysis, 3rd ed., §3.2); null while the arm has too few units to estimate s².
function meanSampler(arm: MeanArm, normal: (mu: number, sigma: number) => number): Sampler | null {
  requireUnitCount('n', arm.n);
  if (arm.n < 2) return null;
  const mean = arm.sum / arm.n;
  const sd = Math.sqrt(sampleVariance(arm.n, arm.sum, arm.sumSquares) / arm.n);
  return sd > 0 ? () => normal(mean, sd) : () => mean;
}

/**
 * Each arm's posterior probability of being the best, by Monte Carlo over `draws` joint draws from the arms'
 * independent posteriors (Scott 2010, "A modern Bayesian look at the multi-armed bandit", Applied Stochastic Models in
 * Business and Industry 26(6), §3). Ties go to the first arm. While a mean arm has fewer than two units nothing is
 * known of its spread, and every arm is equally likely to be best.
 */
export function probabilityBest(arms: (ConversionArm | MeanArm)[], options: ThompsonOptions): number[] {
  const draws = options.draws ?? DEFAULT_THOMPSON_DRAWS;
  requireUnitCount('draws', draws);
  if (arms.length === 0) return [];
  const beta = betaRandom.factory({ seed: options.seed });
  const normal = normalRandom.factory({ seed: options.seed });
  const samplers = arms.map((arm) => ('conversions' in arm ? conversionSampler(arm, beta) : meanSampler(arm, normal)));
  if (draws === 0 || samplers.some((sampler) => sampler === null)) return arms.map(() => 1 / arms.length);
  const sign = options.lowerIsBetter ? -1 : 1;
  const wins = new Array<number>(arms.length).fill(0);
  for (let draw = 0; draw < draws; draw += 1) {
    let best = 0;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (const [index, sampler] of samplers.entries()) {
      const value = sign * (sampler as Sampler)();
      if (value > bestValue) {
        best = index;
        bestValue = value;
      }
    }
    wins[best] = (wins[best] as number) + 1;
  }
  return wins.map((count) => count / draws);
}

/**
 * Integer weights summing to exactly 10,000 with every arm at least `minWeight`: each arm gets the floor and shares
 * the rest in proportion to its probability, w_i = minWeight + p_i·(10,000 − k·minWeight), rounded by largest
 * remainder (ties to the first arm). Adding the floor before sharing, rather than clipping after, keeps every arm at
 * or above it exactly.
 */
export function banditWeights(probabilities: number[], minWeight: number): number[] {
  requireUnitCount('minWeight', minWeight);
  const k = probabilities.length;
  if (k === 0) return [];
  if (k * minWeight > WEIGHT_TOTAL) {
    throw new RangeError(`minWeight ${minWeight} leaves less than nothing for ${k} arms out of ${WEIGHT_TOTAL}`);
  }
  for (const p of probabilities) {
    if (!(p >= 0 && Number.isFinite(p))) throw new RangeError(`probabilities must be non-negative, got ${p}`);
  }
  const total = probabilities.reduce((sum, p) => sum + p, 0);
  const shares = probabilities.map((p) => (total > 0 ? p / total : 1 / k));
  const rest = WEIGHT_TOTAL - k * minWeight;
  const exact = shares.map((share) => share * rest);
  const weights = exact.map((value) => Math.floor(value));
  let left = rest - weights.reduce((sum, w) => sum + w, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) }));
  byRemainder.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    weights[index] = (weights[index] as number) + 1;
    left -= 1;
  }
  return weights.map((w) => w + minWeight);
}

/** Equal integer weights summing to 10,000, the first arms taking the remainder: the burn-in's weights. */
export const equalWeights = (arms: number): number[] => banditWeights(new Array<number>(arms).fill(1), 0);

/**
 * Thompson sampling by randomized probability matching: each arm's share of new units is its posterior probability
 * of being best (Thompson 1933, Biometrika 25(3–4); Scott 2010), floored at `minWeight` so no arm starves.
 */
export function thompsonWeights(
  arms: (ConversionArm | MeanArm)[],
  options: ThompsonOptions & { minWeight: number },
): { probabilities: number[]; weights: number[] } {
  const probabilities = probabilityBest(arms, options);
  return { probabilities, weights: banditWeights(probabilities, options.minWeight) };
}
