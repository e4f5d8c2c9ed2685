import { describe, expect, it } from 'vitest';
import { type Arm, type BayesianOptions, bayesianDecision, bayesianTest, frequentistTest } from '../src';
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
    // The 0.975 threshold draws the central 95% interval, which the two-sided 95% Welch interval is compared with.
    const bayes = bayesianTest(control, treatment, { threshold: 0.975 });
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

  it('draws the interval whose bounds sit where the chance to beat control meets the threshold', () => {
    // 0.95 is the chance P(L > 0) at which the lower bound q(0.05) of the 90% central interval reaches 0.
    for (const threshold of [0.8, 0.9, 0.95, 0.99]) {
      const { ci, chanceToWin } = bayesianTest(control, treatment, { threshold });
      expect(bayesianDecision(chanceToWin, threshold)).toBe(ci[0] >= 0 ? 'higher' : 'inconclusive');
    }
    const { ci } = bayesianTest(control, treatment, { relative: false, threshold: 0.975 });
    const welch = frequentistTest(control, treatment, { relative: false, alpha: 0.05 });
    expect(ci[0]).toBeCloseTo(welch.ci[0], 4);
  });

  it('rejects an invalid threshold or prior with a RangeError', () => {
    expect(() => bayesianTest(control, treatment, { threshold: 0.5 })).toThrow(RangeError);
    expect(() => bayesianTest(control, treatment, { threshold: 1 })).toThrow(RangeError);
    expect(() => bayesianTest(control, treatment, { prior: { mean: 0, variance: 0 } })).toThrow(RangeError);
    expect(() => bayesianTest(control, treatment, { prior: { mean: Number.NaN, variance: 1 } })).toThrow(RangeError);
  });
});
