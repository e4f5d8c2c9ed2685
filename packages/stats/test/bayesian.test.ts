import { describe, expect, it } from 'vitest';
import { type Arm, type BayesianOptions, bayesianTest, frequentistTest } from '../src';
import reference from './fixtures/reference.json';
import { expectAllClose } from './helpers';

// Expected values come from fixtures/reference.py: scipy's normal distribution, the risks by numerical integration.
describe('bayesianTest against independent references', () => {
  for (const example of reference.bayesian) {
    it(`${example.name} (${example.source})`, () => {
      const result = bayesianTest(example.control as Arm, example.treatment as Arm, example.options as BayesianOptions);
      expectAllClose({ ...result }, example.expected);
    });
  }
});

describe('bayesianTest', () => {
  const control = { n: 5000, conversions: 500 };
  const treatment = { n: 5000, conversions: 540 };

  it('centres a flat-prior posterior on the frequentist estimate with a normal interval', () => {
    const bayes = bayesianTest(control, treatment);
    const welch = frequentistTest(control, treatment);
    expect(bayes.estimate).toBe(welch.estimate);
    // With ~10,000 degrees of freedom the t and normal intervals agree closely but not exactly.
    expect(bayes.ci[0]).toBeCloseTo(welch.ci[0], 4);
    expect(bayes.ci[0]).not.toBe(welch.ci[0]);
  });

  it('shrinks towards the prior mean and narrows the interval', () => {
    const flat = bayesianTest(control, treatment);
    const informed = bayesianTest(control, treatment, { prior: { mean: 0, variance: 0.05 ** 2 } });
    expect(informed.estimate).toBeGreaterThan(0);
    expect(informed.estimate).toBeLessThan(flat.estimate);
    expect(informed.ci[1] - informed.ci[0]).toBeLessThan(flat.ci[1] - flat.ci[0]);
  });

  it('splits the chance to win and the risks symmetrically when the arms are swapped', () => {
    const forward = bayesianTest(control, treatment, { relative: false });
    const backward = bayesianTest(treatment, control, { relative: false });
    expect(forward.chanceToWin + backward.chanceToWin).toBeCloseTo(1, 12);
    expect(forward.risk[0]).toBeCloseTo(backward.risk[1], 12);
  });

  it('returns NaN beyond the observed lift when the data cannot support a posterior', () => {
    expect(bayesianTest({ n: 1, conversions: 1 }, treatment, { relative: false })).toEqual({
      estimate: 0.108 - 1,
      ci: [Number.NaN, Number.NaN],
      chanceToWin: Number.NaN,
      risk: [Number.NaN, Number.NaN],
    });
    expect(bayesianTest({ n: 100, conversions: 0 }, treatment).estimate).toBeNaN();
  });

  it('rejects an invalid alpha or prior with a RangeError', () => {
    expect(() => bayesianTest(control, treatment, { alpha: 1.5 })).toThrow(RangeError);
    expect(() => bayesianTest(control, treatment, { prior: { mean: 0, variance: 0 } })).toThrow(RangeError);
    expect(() => bayesianTest(control, treatment, { prior: { mean: Number.NaN, variance: 1 } })).toThrow(RangeError);
  });
});
