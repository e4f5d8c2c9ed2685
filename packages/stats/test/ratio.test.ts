import { describe, expect, it } from 'vitest';
import { frequentistTest, summarizeArm } from '../src';

import reference from './fixtures/reference.json';
import { expectAllClose } from './helpers';

// Expected values: the sample variance of each unit's linearised value (m − R·d) / d̄, computed from per-unit data
// in fixtures/reference.py, a different route from the package's closed form on sums.
describe('ratio metrics by the delta method', () => {
  for (const example of reference.ratio) {
    it(`${example.name} (${example.source})`, () => {
      expectAllClose({ ...summarizeArm(example.arm) }, example.expected);
    });
  }

  it('reduces to the mean metric when every denominator is 1', () => {
    const mean = { n: 8, sum: 20, sumSquares: 70 };
    const ratio = { ...mean, denominatorSum: 8, denominatorSumSquares: 8, crossSum: 20 };
    const [a, b] = [summarizeArm(mean), summarizeArm(ratio)];
    expect(b.mean).toBe(a.mean);
    expect(b.variance).toBeCloseTo(a.variance, 12);
  });

  it('feeds frequentistTest like any other arm', () => {
    const [small, large] = reference.ratio;
    const result = frequentistTest(small!.arm, large!.arm);
    expect(result.estimate).toBeCloseTo(large!.expected.mean / small!.expected.mean - 1, 12);
    expect(result.pValue).toBeGreaterThan(0);
  });
});
