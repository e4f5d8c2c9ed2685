import { BUCKETS } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { rolloutWeights } from './rollout-weights';

const sum = (weights: { weight: number }[]) => weights.reduce((total, weight) => total + weight.weight, 0);

describe('rolloutWeights', () => {
  it('gives a boolean flag its percentage on and the rest off', () => {
    expect(rolloutWeights(['on', 'off'], null, 'on', 10)).toEqual([
      { variant: 'on', weight: 1000 },
      { variant: 'off', weight: 9000 },
    ]);
    expect(rolloutWeights(['on', 'off'], null, 'on', 100)).toEqual([
      { variant: 'on', weight: BUCKETS },
      { variant: 'off', weight: 0 },
    ]);
  });

  it('keeps the proportion between the other variants', () => {
    const current = [
      { variant: 'new', weight: 1000 },
      { variant: 'a', weight: 6000 },
      { variant: 'b', weight: 3000 },
    ];
    expect(rolloutWeights(['a', 'b', 'new'], current, 'new', 50)).toEqual([
      { variant: 'new', weight: 5000 },
      { variant: 'a', weight: 3334 },
      { variant: 'b', weight: 1666 },
    ]);
  });

  it('shares evenly among others that had nothing, and always sums to the buckets', () => {
    for (const percentage of [0, 0.01, 12.345, 33.3, 99.99]) {
      const weights = rolloutWeights(['a', 'b', 'c', 'd'], [{ variant: 'a', weight: BUCKETS }], 'a', percentage);
      expect(sum(weights)).toBe(BUCKETS);
      const others = weights.slice(1).map((weight) => weight.weight);
      expect(Math.max(...others) - Math.min(...others)).toBeLessThanOrEqual(1);
    }
  });
});
