import { describe, expect, it } from 'vitest';
import { benjaminiHochberg, correctedAlpha, frequentistDecision, frequentistTest, holm } from '../src';
import reference from './fixtures/reference.json';
import { expectClose } from './helpers';

function expectCloseAll(actual: number[], expected: number[]): void {
  expect(actual).toHaveLength(expected.length);
  for (const [index, value] of actual.entries()) expectClose(value, expected[index] ?? Number.NaN, `${index}`);
}

describe('multiple-testing corrections', () => {
  const { pValues, source } = reference.corrections;

  it(`Benjamini–Hochberg on the 1995 paper's example (${source})`, () => {
    const adjusted = benjaminiHochberg(pValues);
    expectCloseAll(adjusted, reference.corrections.benjaminiHochberg);
    // The paper rejects the four smallest p-values at q = 0.05; Holm (like Bonferroni) only three.
    expect(adjusted.filter((p) => p <= 0.05)).toHaveLength(4);
    expect(holm(pValues).filter((p) => p <= 0.05)).toHaveLength(3);
  });

  it(`Holm on the same example (${source})`, () => {
    expectCloseAll(holm(pValues), reference.corrections.holm);
  });

  it('matches a hand-computed example in the input order', () => {
    // Sorted: 0.005, 0.01, 0.03, 0.04 with m = 4.
    // Holm: 4·0.005 = 0.02, 3·0.01 = 0.03, 2·0.03 = 0.06, max(1·0.04, 0.06) = 0.06.
    // BH: 4·0.04/4 = 0.04, min(4·0.03/3, 0.04) = 0.04, min(4·0.01/2, 0.04) = 0.02, min(4·0.005/1, 0.02) = 0.02.
    const pValues = [0.01, 0.04, 0.03, 0.005];
    expectCloseAll(holm(pValues), [0.03, 0.06, 0.06, 0.02]);
    expectCloseAll(benjaminiHochberg(pValues), [0.02, 0.04, 0.04, 0.02]);
  });

  it('caps at 1, keeps NaN out of the family and handles the empty family', () => {
    expect(holm([0.6, 0.7])).toEqual([1, 1]);
    expect(benjaminiHochberg([0.6, Number.NaN, 0.7])).toEqual([0.7, Number.NaN, 0.7]);
    expect(holm([0.02, Number.NaN])).toEqual([0.02, Number.NaN]);
    expect(holm([])).toEqual([]);
  });

  it('rejects values that are not p-values', () => {
    expect(() => holm([0.1, 1.2])).toThrow(RangeError);
    expect(() => benjaminiHochberg([-0.1])).toThrow(RangeError);
  });
});

describe('correctedAlpha', () => {
  it('draws the interval of a Holm-adjusted comparison wide enough to agree with its verdict', () => {
    // Two comparisons with raw p ≈ 0.034 and 0.2: Holm makes the first 0.068, above alpha = 0.05, so its plain 95%
    // interval (which excludes 0) would contradict "inconclusive".
    const control = { n: 5000, conversions: 500 };
    const treatment = { n: 5000, conversions: 570 };
    const raw = frequentistTest(control, treatment);
    expect(raw.pValue).toBeLessThan(0.05);
    expect(raw.ci[0]).toBeGreaterThan(0);
    const [adjusted] = holm([raw.pValue, 0.2]);
    expect(adjusted).toBeGreaterThan(0.05);
    const intervalAlpha = correctedAlpha(0.05, raw.pValue, adjusted!);
    expect(intervalAlpha).toBeCloseTo(0.025, 12);
    const { ci } = frequentistTest(control, treatment, { intervalAlpha });
    expect(ci[0]).toBeLessThan(0);
    expect(frequentistDecision(ci, adjusted!, 0.05)).toBe('inconclusive');
  });

  it('keeps alpha when nothing was adjusted or the p-value is 0', () => {
    expect(correctedAlpha(0.05, 0.01, 0.01)).toBe(0.05);
    expect(correctedAlpha(0.05, 0, 0)).toBe(0.05);
  });
});
