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
    expect(srmTest([300, 100], [0.75, 0.25])).toEqual({ chiSquare: 0, pValue: 1 });
    expect(srmTest([0, 0], [1, 1])).toEqual({ chiSquare: 0, pValue: 1 });
  });

  it('refuses counts and weights that do not line up', () => {
    expect(() => srmTest([1, 2], [1])).toThrow(RangeError);
    expect(() => srmTest([1], [1])).toThrow(RangeError);
  });
});
