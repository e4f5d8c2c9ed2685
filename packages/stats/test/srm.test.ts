import { describe, expect, it } from 'vitest';
import { srmTest } from '../src';

// References computed independently: for df = 1, p = erfc(sqrt(x / 2)); for df = 2, p = exp(−x / 2).
describe('srmTest', () => {
  it('matches the closed form for two arms', () => {
    const { chiSquare, pValue } = srmTest([5000, 5200], [0.5, 0.5]);
    expect(chiSquare).toBeCloseTo(3.921569, 6);
    expect(pValue).toBeCloseTo(0.0476704, 6);
  });

  it('matches the closed form for three unequal arms', () => {
    const { chiSquare, pValue } = srmTest([1000, 480, 520], [5000, 2500, 2500]);
    expect(chiSquare).toBeCloseTo(1.6, 9);
    expect(pValue).toBeCloseTo(0.449329, 6);
  });

  it('finds no mismatch in an exact split and none without data', () => {
    expect(srmTest([300, 100], [0.75, 0.25])).toEqual({ chiSquare: 0, pValue: 1, excludedUnits: 0 });
    expect(srmTest([0, 0], [1, 1])).toEqual({ chiSquare: 0, pValue: 1, excludedUnits: 0 });
  });

  it('leaves versions planned at 0% out of the test and counts their units apart', () => {
    // One QA-forced visitor in a 0% version used to give an infinite chi-square and p = 0.
    const { pValue, excludedUnits } = srmTest([5000, 5000, 1], [0.5, 0.5, 0]);
    expect(pValue).toBeCloseTo(1, 9);
    expect(excludedUnits).toBe(1);
    expect(srmTest([5000, 5200, 3], [1, 1, 0])).toMatchObject({ chiSquare: srmTest([5000, 5200], [1, 1]).chiSquare });
  });

  it('has nothing to test with fewer than two planned versions', () => {
    expect(srmTest([900, 4], [1, 0])).toEqual({ chiSquare: 0, pValue: 1, excludedUnits: 4 });
  });

  it('refuses counts and weights that do not line up', () => {
    expect(() => srmTest([1, 2], [1])).toThrow(RangeError);
    expect(() => srmTest([1], [1])).toThrow(RangeError);
  });
});
