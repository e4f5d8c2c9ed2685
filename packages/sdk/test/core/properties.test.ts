import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucket, createEvaluator } from '../../src/core';
import { experimentOf, payloadOf, units, versionOf } from './fixtures';

/** Fixed seeds: the sampling checks are deterministic, so a tolerance once met stays met. */
const SEEDED = { seed: 20_260_101 };

/**
 * Upper critical value of the chi-square distribution (Wilson–Hilferty 1931 cube-root approximation):
 * χ²(df, α) ≈ df · (1 − 2/(9df) + z_α · √(2/(9df)))³, accurate to well under 0.1 % at df ≈ 100.
 */
function chiSquareCritical(degreesOfFreedom: number, zAlpha: number): number {
  const spread = 2 / (9 * degreesOfFreedom);
  return degreesOfFreedom * (1 - spread + zAlpha * Math.sqrt(spread)) ** 3;
}
/** Standard normal quantile for an upper tail of 0.001. */
const Z_0_001 = 3.090_232;

describe('bucket distribution', () => {
  it('is uniform: chi-square over 100 000 units into 100 bins has p > 0.001', () => {
    const critical = chiSquareCritical(99, Z_0_001);
    expect(critical).toBeCloseTo(148.23, 0);
    for (const salt of ['checkout', 'traffic.checkout', 'flag.rule-1', 'layer-é']) {
      const bins = new Array<number>(100).fill(0);
      for (let i = 0; i < 100_000; i++) {
        const slot = bucket(salt, `visitor-${i}`);
        bins[Math.floor(slot / 100)] = (bins[Math.floor(slot / 100)] as number) + 1;
      }
      const expected = 1_000;
      const chiSquare = bins.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
      expect(chiSquare, salt).toBeLessThan(critical);
    }
  });
});

describe('assignment properties', () => {
  it('is deterministic: the same unit gets the same version from any evaluator of the same payload', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ unit: 'binary', minLength: 1 }), (key, unit) => {
        const payload = payloadOf({ experiments: [experimentOf({ key, traffic: 7_000 })] });
        const first = createEvaluator(payload).experiment(key, { id: unit });
        const again = createEvaluator(payload).experiment(key, { id: unit });
        return JSON.stringify(first) === JSON.stringify(again);
      }),
      { ...SEEDED, numRuns: 300 },
    );
  });

  it('honours the weights within 4 standard deviations', () => {
    const weights = fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 2, maxLength: 5 }).map((raw) => {
      const total = raw.reduce((sum, value) => sum + value, 0);
      const scaled = raw.map((value) => Math.floor((value * 10_000) / total));
      scaled[0] = (scaled[0] as number) + 10_000 - scaled.reduce((sum, value) => sum + value, 0);
      return scaled;
    });
    const sample = units(20_000, 'visitor');
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), weights, (key, split) => {
        const versions = split.map((weight, index) => versionOf(`v${index}`, weight));
        const evaluator = createEvaluator(payloadOf({ experiments: [experimentOf({ key, versions })] }));
        const counts = new Map<string, number>();
        for (const unit of sample) {
          const version = evaluator.experiment(key, { id: unit })?.version as string;
          counts.set(version, (counts.get(version) ?? 0) + 1);
        }
        return split.every((weight, index) => {
          const p = weight / 10_000;
          const sigma = Math.sqrt(sample.length * p * (1 - p));
          return Math.abs((counts.get(`v${index}`) ?? 0) - sample.length * p) <= 4 * sigma;
        });
      }),
      { ...SEEDED, numRuns: 12 },
    );
  });

  it('honours traffic within 4 standard deviations', () => {
    const sample = units(20_000, 'visitor');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (traffic) => {
        const evaluator = createEvaluator(payloadOf({ experiments: [experimentOf({ key: 'exp', traffic })] }));
        const entered = sample.filter((unit) => evaluator.experiment('exp', { id: unit }) !== null).length;
        const p = traffic / 10_000;
        return Math.abs(entered - sample.length * p) <= 4 * Math.sqrt(sample.length * p * (1 - p));
      }),
      { ...SEEDED, numRuns: 10 },
    );
  });

  it('keeps experiments of disjoint ranges of one layer mutually exclusive', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.string({ unit: 'binary', minLength: 1, maxLength: 24 }), { minLength: 50, maxLength: 200 }),
        (a, b, sample) => {
          const split = Math.min(a, b);
          const evaluator = createEvaluator(
            payloadOf({
              experiments: [
                experimentOf({ key: 'left', layer: { key: 'home', start: 0, end: split } }),
                experimentOf({ key: 'right', layer: { key: 'home', start: split, end: Math.max(a, b) } }),
              ],
            }),
          );
          return sample.every((unit) => Object.keys(evaluator.allExperiments({ id: unit })).length <= 1);
        },
      ),
      { ...SEEDED, numRuns: 200 },
    );
  });

  it('fills a fully split layer: every unit is in exactly one of its experiments', () => {
    const evaluator = createEvaluator(
      payloadOf({
        experiments: [
          experimentOf({ key: 'a', layer: { key: 'l', start: 0, end: 3_000 } }),
          experimentOf({ key: 'b', layer: { key: 'l', start: 3_000, end: 10_000 } }),
        ],
      }),
    );
    for (const unit of units(2_000)) expect(Object.keys(evaluator.allExperiments({ id: unit }))).toHaveLength(1);
  });
});
