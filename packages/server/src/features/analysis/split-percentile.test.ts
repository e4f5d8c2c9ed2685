import { describe, expect, it } from 'vitest';
import { extremesFor, percentileOfExtremes } from './split-percentile';

/** percentile_cont as PostgreSQL documents it, over all values at once. */
function percentileCont(p: number, values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = p * (sorted.length - 1);
  const low = sorted[Math.floor(at)]!;
  const high = sorted[Math.ceil(at)]!;
  return low + (at - Math.floor(at)) * (high - low);
}

/** What a shard would send: its `size` highest or lowest values. */
const extremesOf = (values: number[], end: 'top' | 'bottom', size: number) =>
  [...values].sort((a, b) => (end === 'top' ? b - a : a - b)).slice(0, size);

describe('a percentile of values held in parts', () => {
  it('asks each part for the fewer values, from the top or from the bottom', () => {
    expect(extremesFor(0.99, 1001)).toEqual({ end: 'top', size: 11 });
    expect(extremesFor(0.1, 1001)).toEqual({ end: 'bottom', size: 101 });
    expect(extremesFor(1, 5)).toEqual({ end: 'top', size: 1 });
    expect(extremesFor(0, 5)).toEqual({ end: 'bottom', size: 1 });
    expect(extremesFor(0.5, 0)).toBeNull();
  });

  it('comes to percentile_cont over all values, however they are split', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (let round = 0; round < 200; round++) {
      const count = 1 + Math.floor(random() * 60);
      const values = Array.from({ length: count }, () => Math.round(random() * 50) / 4);
      const parts: number[][] = [[], [], []];
      for (const value of values) parts[Math.floor(random() * 3)]!.push(value);
      const p = [0, 0.25, 0.5, 0.9, 0.99, 1, random()][round % 7]!;
      const request = extremesFor(p, count)!;
      const sent = parts.map((part) => extremesOf(part, request.end, request.size));
      expect(percentileOfExtremes(p, count, request, sent)).toBe(percentileCont(p, values));
    }
  });
});
