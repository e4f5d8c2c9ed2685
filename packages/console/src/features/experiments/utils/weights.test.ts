import { describe, expect, it } from 'vitest';
import { equalSplit, formatPercent, toBasisPoints, toPercent, totalWeight } from './weights';

describe('weights', () => {
  it('converts between percentages and basis points without float residue', () => {
    expect(toBasisPoints(33.33)).toBe(3333);
    expect(toBasisPoints(0.01)).toBe(1);
    expect(toPercent(2550)).toBe(25.5);
  });

  it('splits 100% evenly, the remainder going to the first versions', () => {
    expect(equalSplit(2)).toEqual([5000, 5000]);
    expect(equalSplit(3)).toEqual([3334, 3333, 3333]);
    expect(totalWeight(equalSplit(7))).toBe(10_000);
    expect(equalSplit(0)).toEqual([]);
  });

  it('formats percentages with at most two decimals', () => {
    expect(formatPercent(5000)).toBe('50%');
    expect(formatPercent(3333)).toBe('33.33%');
    expect(formatPercent(1)).toBe('0.01%');
  });
});
