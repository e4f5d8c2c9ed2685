import { describe, expect, it } from 'vitest';
import { type CupedMeanArm, cupedAdjust, frequentistTest } from '../src';
import reference from './fixtures/reference.json';
import { expectAllClose, expectClose } from './helpers';

// Expected values from fixtures/reference.py: θ from numpy on the pooled per-unit data, then each unit's adjusted
// value y − θ(x − x̄) (for ratios, of the linearised values), and their mean and sample variance.
describe('cupedAdjust against independent references', () => {
  it(`${reference.cupedMean.name} (${reference.cupedMean.source})`, () => {
    const { control, treatment, expected } = reference.cupedMean;
    const adjusted = cupedAdjust(control, treatment);
    expectClose(adjusted.theta, expected.theta, 'theta');
    expectClose(adjusted.varianceReduction, expected.varianceReduction, 'varianceReduction');
    expectAllClose({ ...adjusted.control }, expected.control);
    expectAllClose({ ...adjusted.treatment }, expected.treatment);
    // A Welch test on the adjusted units is what frequentistTest must give on the adjusted summaries.
    const result = frequentistTest(adjusted.control, adjusted.treatment, { relative: false });
    expectAllClose({ ...result }, expected.absolute);
  });

  it(`${reference.cupedRatio.name} (${reference.cupedRatio.source})`, () => {
    const { control, treatment, expected } = reference.cupedRatio;
    const adjusted = cupedAdjust(control, treatment);
    expectClose(adjusted.theta, expected.theta, 'theta');
    expectAllClose({ ...adjusted.control }, expected.control);
    expectAllClose({ ...adjusted.treatment }, expected.treatment);
  });
});

describe('cupedAdjust', () => {
  const arm: CupedMeanArm = { n: 4, sum: 10, sumSquares: 30, covariateSum: 8, covariateSumSquares: 20, crossSum: 22 };

  it('narrows the interval of the reference data', () => {
    const { control, treatment } = reference.cupedMean;
    const raw = frequentistTest(control, treatment);
    const adjusted = cupedAdjust(control, treatment);
    const cuped = frequentistTest(adjusted.control, adjusted.treatment);
    expect(cuped.stdError).toBeLessThan(raw.stdError * 0.6);
  });

  it('leaves the arms unadjusted when the covariate does not vary', () => {
    const constant = { ...arm, covariateSum: 4, covariateSumSquares: 4, crossSum: 10 };
    const { control, theta, varianceReduction } = cupedAdjust(constant, constant);
    expect(theta).toBe(0);
    expect(varianceReduction).toBe(0);
    expect(control).toEqual({ n: 4, mean: 2.5, variance: 5 / 3 });
  });

  it('leaves a ratio unadjusted when an arm has no pre-exposure denominator', () => {
    const { control, treatment } = reference.cupedRatio;
    const newcomers = { ...treatment, covariateSum: 0, covariateSumSquares: 0, covariateDenominatorSum: 0 };
    const adjusted = cupedAdjust(control, { ...newcomers, covariateDenominatorSumSquares: 0, covariateCrossSum: 0 });
    expect(adjusted.theta).toBe(0);
    expect(adjusted.control.mean).toBeCloseTo(control.sum / control.denominatorSum, 12);
  });

  it('returns NaN summaries for arms without data', () => {
    const empty = { n: 0, sum: 0, sumSquares: 0, covariateSum: 0, covariateSumSquares: 0, crossSum: 0 };
    const { control } = cupedAdjust(empty, arm);
    expect(control.mean).toBeNaN();
    expect(frequentistTest(control, arm).pValue).toBeNaN();
  });

  it('reads only the sums it needs, so rows may carry other fields', () => {
    const row = { ...arm, version: 'b' } as CupedMeanArm;
    expect(cupedAdjust(row, arm)).toEqual(cupedAdjust(arm, arm));
  });

  it('rejects mixed or invalid arms with a RangeError', () => {
    const { control } = reference.cupedRatio;
    expect(() => cupedAdjust(arm, control)).toThrow(RangeError);
    expect(() => cupedAdjust({ ...arm, crossSum: Number.NaN }, arm)).toThrow(RangeError);
    expect(() => cupedAdjust({ ...arm, n: -2 }, arm)).toThrow(RangeError);
  });
});
