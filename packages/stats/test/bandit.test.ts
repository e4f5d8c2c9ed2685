import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  banditWeights,
  type ConversionArm,
  equalWeights,
  probabilityBest,
  stratifiedArms,
  thompsonWeights,
} from '../src';
import { createSimulator } from './simulate';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('probabilityBest', () => {
  it('matches the closed form for two Beta posteriors', () => {
    // P(X > Y) for X ~ Beta(2, 1), Y ~ Beta(1, 2): ∫ 2x·(2x − x²) dx over [0, 1] = 4/3 − 1/2 = 5/6.
    const [first] = probabilityBest(
      [
        { n: 1, conversions: 1 },
        { n: 1, conversions: 0 },
      ],
      { seed: 7, draws: 100_000 },
    );
    expect(first).toBeGreaterThan(5 / 6 - 0.005);
    expect(first).toBeLessThan(5 / 6 + 0.005);
  });

  it('is the same for the same seed and favours the lower arm when lower is better', () => {
    const arms = [
      { n: 200, sum: 1000, sumSquares: 5400 },
      { n: 200, sum: 900, sumSquares: 4400 },
    ];
    const higher = probabilityBest(arms, { seed: 3 });
    expect(probabilityBest(arms, { seed: 3 })).toEqual(higher);
    expect(higher[0]).toBeGreaterThan(0.99);
    expect(probabilityBest(arms, { seed: 3, lowerIsBetter: true })[1]).toBeGreaterThan(0.99);
  });

  it('says nothing is known while a mean arm has fewer than two units', () => {
    expect(
      probabilityBest(
        [
          { n: 1, sum: 5, sumSquares: 25 },
          { n: 50, sum: 100, sumSquares: 300 },
        ],
        { seed: 1 },
      ),
    ).toEqual([0.5, 0.5]);
  });
});

describe('banditWeights', () => {
  it('sums to exactly 10,000 with every arm at or above the floor', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 800 }),
        (probabilities, minWeight) => {
          const weights = banditWeights(probabilities, minWeight);
          expect(sum(weights)).toBe(10_000);
          for (const weight of weights) {
            expect(Number.isInteger(weight)).toBe(true);
            expect(weight).toBeGreaterThanOrEqual(minWeight);
          }
        },
      ),
    );
  });

  it('shares what is above the floor in proportion to the probabilities', () => {
    expect(banditWeights([0.7, 0.2, 0.1], 100)).toEqual([6890, 2040, 1070]);
    expect(banditWeights([1, 0, 0], 100)).toEqual([9800, 100, 100]);
    expect(equalWeights(3)).toEqual([3334, 3333, 3333]);
  });

  it('refuses a floor the arms cannot all have', () => {
    expect(() => banditWeights([0.5, 0.5, 0], 3400)).toThrow(RangeError);
    expect(() => banditWeights([0.5, -0.1], 100)).toThrow(RangeError);
  });
});

/** Splits `units` new units over the arms by weights in basis points (a multinomial draw, by successive binomials). */
function assign(simulate: ReturnType<typeof createSimulator>, units: number, weights: number[]): number[] {
  let left = units;
  let share = 10_000;
  return weights.map((weight, index) => {
    const n = index === weights.length - 1 ? left : simulate.binomial(left, Math.min(1, weight / share));
    left -= n;
    share -= weight;
    return n;
  });
}

describe('Thompson sampling in simulation', () => {
  // Three arms converting at 10%, 11% and 13%, 1,000 new units an hour, weights recomputed every hour with a 1% floor.
  // 500 Monte Carlo draws per recomputation (the product takes 10,000) keep 3,600 recomputations within seconds.
  const RATES = [0.1, 0.11, 0.13];
  const RUNS = 100;
  const PERIODS = 36;

  it('gives the best arm at least 80% of the weight after 36 hourly periods in at least 95 of 100 runs', {
    timeout: 60_000,
  }, () => {
    let converged = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const simulate = createSimulator(1000 + run);
      const arms: ConversionArm[] = RATES.map(() => ({ n: 0, conversions: 0 }));
      let weights = equalWeights(RATES.length);
      for (let period = 0; period < PERIODS; period += 1) {
        for (const [index, n] of assign(simulate, 1000, weights).entries()) {
          const arm = arms[index] as ConversionArm;
          arm.n += n;
          arm.conversions += simulate.conversions(n, RATES[index] as number);
        }
        weights = thompsonWeights(arms, { seed: run * PERIODS + period + 1, minWeight: 100, draws: 500 }).weights;
      }
      if ((weights[2] as number) >= 8000) converged += 1;
    }
    expect(converged).toBeGreaterThanOrEqual(95);
  });
});

describe('the period-stratified estimator', () => {
  // Two arms, a true lift of +2 points, a baseline that drifts from 5% to 14.9% over 12 periods while the bandit moves
  // units to the better arm: pooling weighs the treatment towards the late, high-baseline periods.
  const RUNS = 400;
  const PERIODS = 12;
  const LIFT = 0.02;
  const baseline = (period: number) => 0.05 + 0.009 * period;
  // Four standard errors of the mean over the runs (each run's estimate has a standard error of about 0.0075).
  const TOLERANCE = 0.0015;

  it(`stays within ${TOLERANCE} of the true lift on average over ${RUNS} runs while pooling is biased`, {
    timeout: 60_000,
  }, () => {
    let stratifiedError = 0;
    let pooledError = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const simulate = createSimulator(5000 + run);
      const periods: ConversionArm[][] = [];
      const pooled: ConversionArm[] = [
        { n: 0, conversions: 0 },
        { n: 0, conversions: 0 },
      ];
      let weights = equalWeights(2);
      for (let period = 0; period < PERIODS; period += 1) {
        const rates = [baseline(period), baseline(period) + LIFT];
        const arms = assign(simulate, 1000, weights).map((n, index) => ({
          n,
          conversions: simulate.conversions(n, rates[index] as number),
        }));
        periods.push(arms);
        for (const [index, arm] of arms.entries()) {
          (pooled[index] as ConversionArm).n += arm.n;
          (pooled[index] as ConversionArm).conversions += arm.conversions;
        }
        weights = thompsonWeights(pooled, { seed: run * PERIODS + period + 1, minWeight: 100, draws: 200 }).weights;
      }
      const [control, treatment] = stratifiedArms(periods, 2);
      stratifiedError += (treatment?.mean as number) - (control?.mean as number) - LIFT;
      const rate = (arm: ConversionArm) => arm.conversions / arm.n;
      pooledError += rate(pooled[1] as ConversionArm) - rate(pooled[0] as ConversionArm) - LIFT;
    }
    expect(Math.abs(stratifiedError / RUNS)).toBeLessThan(TOLERANCE);
    expect(pooledError / RUNS).toBeGreaterThan(0.01);
  });

  it('weights periods by their share of all units and adds their variances', () => {
    const [arm] = stratifiedArms(
      [
        [
          { n: 100, mean: 1, variance: 4 },
          { n: 100, mean: 0, variance: 1 },
        ],
        [
          { n: 300, mean: 3, variance: 9 },
          { n: 100, mean: 0, variance: 1 },
        ],
      ],
      2,
    );
    // w = (200/600, 400/600); mean = 1/3 + 2 = 7/3; Var = (1/9)·4/100 + (4/9)·9/300 = 0.04/9 + 0.12/9.
    expect(arm?.n).toBe(400);
    expect(arm?.mean).toBeCloseTo(7 / 3, 12);
    expect((arm?.variance as number) / 400).toBeCloseTo(0.16 / 9, 12);
  });

  it('leaves out a period in which an arm has fewer than two units, for every arm', () => {
    const [first, second] = stratifiedArms(
      [
        [
          { n: 1, sum: 9, sumSquares: 81 },
          { n: 50, sum: 100, sumSquares: 300 },
        ],
        [
          { n: 50, sum: 50, sumSquares: 80 },
          { n: 50, sum: 150, sumSquares: 500 },
        ],
      ],
      2,
    );
    expect(first?.mean).toBe(1);
    expect(second?.mean).toBe(3);
    expect(first?.n).toBe(51);
    expect(stratifiedArms([], 2)[0]?.mean).toBeNaN();
  });
});
