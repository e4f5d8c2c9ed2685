import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bayesianDecision,
  bayesianTest,
  benjaminiHochberg,
  correctedAlpha,
  frequentistDecision,
  frequentistTest,
  holm,
} from '../src';

// Arms with a spread: n units whose values have the given mean and standard deviation.
const meanArm = fc
  .record({
    n: fc.integer({ min: 2, max: 100000 }),
    mean: fc.double({ min: 0.5, max: 1000, noNaN: true }),
    sd: fc.double({ min: 0.1, max: 100, noNaN: true }),
  })
  .map(({ n, mean, sd }) => ({ n, sum: n * mean, sumSquares: (n - 1) * sd * sd + n * mean * mean }));

const options = fc.record({
  relative: fc.boolean(),
  alpha: fc.double({ min: 0.001, max: 0.3, noNaN: true }),
  sequentialTuning: fc.option(fc.integer({ min: 100, max: 1000000 }), { nil: undefined }),
});

const pValues = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 30 });

describe('properties', () => {
  it('a two-sided result is significant exactly when its interval excludes 0', () => {
    fc.assert(
      fc.property(meanArm, meanArm, options, (control, treatment, settings) => {
        const { ci, pValue, estimate } = frequentistTest(control, treatment, settings);
        expect(ci[0]).toBeLessThanOrEqual(estimate);
        expect(ci[1]).toBeGreaterThanOrEqual(estimate);
        expect(pValue).toBeGreaterThanOrEqual(0);
        expect(pValue).toBeLessThanOrEqual(1);
        const excludesZero = ci[0] > 0 || ci[1] < 0;
        // Skip the measure-zero boundary where rounding may decide either way.
        fc.pre(Math.abs(pValue - settings.alpha) > 1e-9);
        expect(pValue < settings.alpha).toBe(excludesZero);
      }),
    );
  });

  it('after a correction, the interval at correctedAlpha excludes 0 exactly when the adjusted p-value is below alpha', () => {
    // The cause of a verdict contradicting its interval: correcting the p-value but drawing the 1 − alpha interval.
    fc.assert(
      fc.property(meanArm, meanArm, options, fc.double({ min: 1, max: 20, noNaN: true }), (c, t, settings, factor) => {
        const raw = frequentistTest(c, t, settings);
        const adjustedPValue = Math.min(1, raw.pValue * factor);
        fc.pre(Math.abs(adjustedPValue - settings.alpha) > 1e-9 && raw.pValue > 1e-300);
        const intervalAlpha = correctedAlpha(settings.alpha, raw.pValue, adjustedPValue);
        const { ci } = frequentistTest(c, t, { ...settings, intervalAlpha });
        const excludesZero = ci[0] > 0 || ci[1] < 0;
        expect(adjustedPValue < settings.alpha).toBe(excludesZero);
        expect(frequentistDecision(ci, adjustedPValue, settings.alpha) !== 'inconclusive').toBe(excludesZero);
      }),
    );
  });

  it('a Bayesian decision is reached exactly when the interval drawn for its threshold excludes 0', () => {
    const threshold = fc.double({ min: 0.51, max: 0.999, noNaN: true });
    fc.assert(
      fc.property(meanArm, meanArm, fc.boolean(), threshold, (control, treatment, relative, t) => {
        const { ci, chanceToWin } = bayesianTest(control, treatment, { relative, threshold: t });
        fc.pre(Math.abs(chanceToWin - t) > 1e-9 && Math.abs(1 - chanceToWin - t) > 1e-9);
        const expected = ci[0] > 0 ? 'higher' : ci[1] < 0 ? 'lower' : 'inconclusive';
        expect(bayesianDecision(chanceToWin, t)).toBe(expected);
      }),
    );
  });

  it('swapping the arms negates the absolute lift and keeps its uncertainty', () => {
    fc.assert(
      fc.property(meanArm, meanArm, (control, treatment) => {
        const forward = frequentistTest(control, treatment, { relative: false });
        const backward = frequentistTest(treatment, control, { relative: false });
        expect(backward.estimate).toBeCloseTo(-forward.estimate, 6);
        expect(backward.stdError).toBeCloseTo(forward.stdError, 9);
        expect(backward.pValue).toBeCloseTo(forward.pValue, 9);
      }),
    );
  });

  it('the two Bayesian risks differ by the posterior mean', () => {
    // E[max(L, 0)] − E[max(−L, 0)] = E[L].
    fc.assert(
      fc.property(meanArm, meanArm, fc.boolean(), (control, treatment, relative) => {
        const { estimate, risk } = bayesianTest(control, treatment, { relative });
        expect(risk[0] - risk[1]).toBeCloseTo(estimate, 6);
        expect(Math.min(...risk)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('adjusted p-values are capped, never below the raw ones, and keep their order', () => {
    fc.assert(
      fc.property(pValues, (raw) => {
        const byHolm = holm(raw);
        const byBh = benjaminiHochberg(raw);
        raw.forEach((p, i) => {
          expect(byBh[i]).toBeGreaterThanOrEqual(p);
          expect(byHolm[i]).toBeGreaterThanOrEqual(byBh[i]!);
          expect(byHolm[i]).toBeLessThanOrEqual(1);
        });
        const ascending = raw.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
        ascending.slice(1).forEach(({ i }, k) => {
          const previous = ascending[k]!.i;
          expect(byHolm[i]).toBeGreaterThanOrEqual(byHolm[previous]!);
          expect(byBh[i]).toBeGreaterThanOrEqual(byBh[previous]!);
        });
      }),
    );
  });
});
