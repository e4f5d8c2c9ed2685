import binomialRandom from '@stdlib/random-base-binomial';
import chisquareRandom from '@stdlib/random-base-chisquare';
import normalRandom from '@stdlib/random-base-normal';
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';
import type { CupedMeanArm, MeanArm } from '../src';

/** Seeded draws of what the server would aggregate, without materialising per-unit arrays where it can. */
export function createSimulator(seed: number) {
  const normal = normalRandom.factory({ seed });
  const chisquare = chisquareRandom.factory({ seed: seed + 1 });
  const binomial = binomialRandom.factory({ seed: seed + 2 });
  return {
    // k draws from N(mu, sigma²) as sums: x̄ ~ N(mu, sigma²/k) and (k − 1)s²/sigma² ~ χ²(k − 1), independently
    // (Cochran's theorem), so Σx = k·x̄ and Σx² = (k − 1)s² + k·x̄².
    meanBatch(k: number, mu: number, sigma: number): MeanArm {
      const mean = normal(mu, sigma / Math.sqrt(k));
      const squares = chisquare(k - 1) * sigma * sigma;
      return { n: k, sum: k * mean, sumSquares: squares + k * mean * mean };
    },
    conversions(k: number, rate: number): number {
      return binomial(k, rate);
    },
    binomial(k: number, p: number): number {
      return binomial(k, p);
    },
    // k units whose covariate x ~ N(0, 1) and metric y = correlation·x + √(1 − correlation²)·e, e ~ N(0, 1).
    correlatedUnits(k: number, correlation: number): CupedMeanArm {
      const arm = { n: k, sum: 0, sumSquares: 0, covariateSum: 0, covariateSumSquares: 0, crossSum: 0 };
      const noise = Math.sqrt(1 - correlation * correlation);
      for (let unit = 0; unit < k; unit += 1) {
        const x = normal(0, 1);
        const y = correlation * x + noise * normal(0, 1);
        arm.sum += y;
        arm.sumSquares += y * y;
        arm.covariateSum += x;
        arm.covariateSumSquares += x * x;
        arm.crossSum += x * y;
      }
      return arm;
    },
  };
}

export function addMeanArms(a: MeanArm, b: MeanArm): MeanArm {
  return { n: a.n + b.n, sum: a.sum + b.sum, sumSquares: a.sumSquares + b.sumSquares };
}

/** Two-sided 99.9% band for the share of `trials` independent events of probability `rate` (normal approximation). */
export function binomialBand(trials: number, rate: number): [number, number] {
  const spread = normalQuantile(0.9995, 0, 1) * Math.sqrt((rate * (1 - rate)) / trials);
  return [rate - spread, rate + spread];
}
