import { describe, expect, it } from 'vitest';
import { type Arm, type FrequentistOptions, frequentistTest } from '../src';
import reference from './fixtures/reference.json';
import { expectAllClose } from './helpers';

// Expected values come from fixtures/reference.py (scipy, and the published data sets each case names).
describe('frequentistTest against independent references', () => {
  for (const example of reference.frequentist) {
    it(`${example.name} (${example.source})`, () => {
      const result = frequentistTest(
        example.control as Arm,
        example.treatment as Arm,
        example.options as FrequentistOptions,
      );
      expectAllClose({ ...result }, example.expected);
    });
  }

  it('reproduces the published Welch statistics of the NIST AUTO83B example', () => {
    // NIST e-Handbook §1.3.5.3: T = −12.94627 (US − Japan) on 136.8750 degrees of freedom, unequal variances.
    const nist = reference.frequentist.find((example) => example.name === 'NIST AUTO83B, absolute');
    const { estimate, stdError } = frequentistTest(nist!.control as Arm, nist!.treatment as Arm, { relative: false });
    expect(estimate / stdError).toBeCloseTo(12.94627, 4);
  });

  it('reproduces R’s t.test on the sleep data', () => {
    // R: t.test(extra ~ group, data = sleep) gives t = −1.8608, df = 17.776, p = 0.07939, CI (−3.3654832, 0.2054832).
    const sleep = reference.frequentist[0]!;
    const result = frequentistTest(sleep.control as Arm, sleep.treatment as Arm, { relative: false });
    expect(result.pValue).toBeCloseTo(0.07939, 5);
    expect(result.ci[1]).toBeCloseTo(3.3654832, 6);
  });
});

describe('frequentistTest options', () => {
  const control = { n: 10000, conversions: 1000 };
  const treatment = { n: 10000, conversions: 1100 };

  it('defaults to a relative, two-sided test at alpha 0.05', () => {
    expect(frequentistTest(control, treatment)).toEqual(
      frequentistTest(control, treatment, { relative: true, alpha: 0.05, twoSided: true }),
    );
  });

  it('widens the interval when alpha shrinks', () => {
    const narrow = frequentistTest(control, treatment, { alpha: 0.1 });
    const wide = frequentistTest(control, treatment, { alpha: 0.01 });
    expect(wide.ci[1] - wide.ci[0]).toBeGreaterThan(narrow.ci[1] - narrow.ci[0]);
    expect(wide.pValue).toBe(narrow.pValue);
  });

  it('tests treatment > control when one-sided', () => {
    const better = frequentistTest(control, treatment, { twoSided: false });
    const worse = frequentistTest(treatment, control, { twoSided: false });
    expect(better.pValue).toBeLessThan(0.05);
    expect(worse.pValue).toBeGreaterThan(0.95);
    expect(better.ci[1]).toBe(Number.POSITIVE_INFINITY);
  });

  it('gives a sequential interval wider than the fixed one and a larger p-value', () => {
    const fixed = frequentistTest(control, treatment);
    const sequential = frequentistTest(control, treatment, { sequentialTuning: 20000 });
    expect(sequential.estimate).toBe(fixed.estimate);
    expect(sequential.ci[0]).toBeLessThan(fixed.ci[0]);
    expect(sequential.pValue).toBeGreaterThan(fixed.pValue);
  });
});

describe('frequentistTest on degenerate data', () => {
  const nanInterval = { ci: [Number.NaN, Number.NaN], pValue: Number.NaN };

  it('returns NaN for arms with fewer than two units', () => {
    expect(frequentistTest({ n: 0, sum: 0, sumSquares: 0 }, { n: 5, sum: 5, sumSquares: 7 })).toEqual({
      estimate: Number.NaN,
      stdError: Number.NaN,
      ...nanInterval,
    });
    const single = frequentistTest(
      { n: 1, sum: 2, sumSquares: 4 },
      { n: 5, sum: 5, sumSquares: 7 },
      { relative: false },
    );
    expect(single).toEqual({ estimate: -1, stdError: Number.NaN, ...nanInterval });
  });

  it('returns NaN intervals when neither arm varies', () => {
    const flat = { n: 10, sum: 10, sumSquares: 10 };
    expect(frequentistTest(flat, { n: 10, sum: 20, sumSquares: 40 }, { relative: false })).toEqual({
      estimate: 1,
      stdError: 0,
      ...nanInterval,
    });
    expect(frequentistTest({ n: 100, conversions: 0 }, { n: 100, conversions: 0 }, { sequentialTuning: 1000 })).toEqual(
      {
        estimate: Number.NaN,
        stdError: Number.NaN,
        ...nanInterval,
      },
    );
  });

  it('has no relative lift over a control mean of 0, but an absolute one', () => {
    const control = { n: 100, conversions: 0 };
    const treatment = { n: 100, conversions: 3 };
    expect(frequentistTest(control, treatment).estimate).toBeNaN();
    const absolute = frequentistTest(control, treatment, { relative: false });
    expect(absolute.estimate).toBeCloseTo(0.03, 12);
    expect(absolute.pValue).toBeGreaterThan(0);
  });

  it('has no ratio when the denominator sums to 0', () => {
    const empty = { n: 20, sum: 0, sumSquares: 0, denominatorSum: 0, denominatorSumSquares: 0, crossSum: 0 };
    const result = frequentistTest(empty, {
      ...empty,
      sum: 5,
      sumSquares: 5,
      denominatorSum: 5,
      denominatorSumSquares: 5,
      crossSum: 5,
    });
    expect(result.estimate).toBeNaN();
    expect(result.pValue).toBeNaN();
  });

  it('rejects invalid arguments with a RangeError', () => {
    const arm = { n: 100, conversions: 10 };
    const invalid: [Arm, FrequentistOptions][] = [
      [arm, { alpha: 0 }],
      [arm, { alpha: 1 }],
      [arm, { alpha: Number.NaN }],
      [arm, { sequentialTuning: 0 }],
      [arm, { sequentialTuning: Number.POSITIVE_INFINITY }],
      [arm, { sequentialTuning: 1000, twoSided: false, alpha: 0.5 }],
      [{ n: -1, conversions: 0 }, {}],
      [{ n: 2.5, sum: 1, sumSquares: 1 }, {}],
      [{ n: 10, conversions: 11 }, {}],
      [{ n: 10, sum: Number.NaN, sumSquares: 1 }, {}],
      [{ n: 10, mean: 1, variance: -1 }, {}],
    ];
    for (const [control, options] of invalid) {
      expect(() => frequentistTest(control, arm, options)).toThrow(RangeError);
    }
  });
});
