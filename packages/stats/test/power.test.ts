import { describe, expect, it } from 'vitest';
import { duration, type SampleSizeInput, sampleSize } from '../src';
import reference from './fixtures/reference.json';

describe(`sampleSize (${reference.sampleSize.source})`, () => {
  for (const example of reference.sampleSize.cases) {
    it(`${JSON.stringify(example.input)} needs ${example.expected.perArm} units per arm`, () => {
      expect(sampleSize(example.input as SampleSizeInput)).toEqual(example.expected);
    });
  }

  it('rejects inputs without a detectable effect', () => {
    expect(() => sampleSize({ baselineRate: 0.1, mde: 0 })).toThrow(RangeError);
    expect(() => sampleSize({ baselineRate: 0.9, mde: 0.2 })).toThrow(RangeError);
    expect(() => sampleSize({ baselineMean: 0, variance: 1, mde: 0.1 })).toThrow(RangeError);
    expect(() => sampleSize({ baselineMean: 5, variance: 0, mde: 0.1 })).toThrow(RangeError);
    expect(() => sampleSize({ baselineRate: 0.1, mde: 0.1, arms: 1 })).toThrow(RangeError);
    expect(() => sampleSize({ baselineRate: 0.1, mde: 0.1, power: 1 })).toThrow(RangeError);
  });
});

describe('duration', () => {
  it('rounds up to whole days', () => {
    expect(duration(29498, 1000)).toBe(30);
    expect(duration(3000, 1000)).toBe(3);
    expect(duration(0, 1000)).toBe(0);
  });

  it('rejects a traffic of zero', () => {
    expect(() => duration(100, 0)).toThrow(RangeError);
    expect(() => duration(-1, 10)).toThrow(RangeError);
  });
});
