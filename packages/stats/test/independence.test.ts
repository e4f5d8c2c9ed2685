import { describe, expect, it } from 'vitest';
import { independenceTest } from '../src';

// References from SciPy's chi2_contingency(table, correction=False).
describe('independenceTest', () => {
  it('matches the reference for a 2×2 table', () => {
    const { chiSquare, degreesOfFreedom, pValue } = independenceTest([
      [12, 5],
      [7, 9],
    ]);
    expect(chiSquare).toBeCloseTo(2.4305755196815575, 10);
    expect(degreesOfFreedom).toBe(1);
    expect(pValue).toBeCloseTo(0.118989205532145, 9);
  });

  it('matches the reference for a 2×3 table', () => {
    const { chiSquare, degreesOfFreedom, pValue } = independenceTest([
      [20, 15, 25],
      [30, 35, 25],
    ]);
    expect(chiSquare).toBeCloseTo(4.166666666666667, 10);
    expect(degreesOfFreedom).toBe(2);
    expect(pValue).toBeCloseTo(0.12451447144412299, 9);
  });

  it('finds perfect dependence and leaves empty rows and columns out', () => {
    expect(
      independenceTest([
        [500, 0],
        [0, 500],
      ]).pValue,
    ).toBeLessThan(1e-12);
    expect(
      independenceTest([
        [10, 20, 0],
        [20, 40, 0],
      ]),
    ).toEqual({ chiSquare: 0, degreesOfFreedom: 1, pValue: 1 });
    expect(
      independenceTest([
        [0, 0],
        [3, 4],
      ]),
    ).toEqual({ chiSquare: 0, degreesOfFreedom: 0, pValue: 1 });
  });

  it('refuses a table that is not at least 2×2 or is ragged', () => {
    expect(() => independenceTest([[1, 2]])).toThrow(RangeError);
    expect(() => independenceTest([[1, 2], [3]])).toThrow(RangeError);
  });
});
