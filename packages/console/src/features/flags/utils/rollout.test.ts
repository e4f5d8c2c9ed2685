import { BUCKETS } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { evenWeights, fromPercent, setWeight, toPercent, weightsTotal as total } from './rollout';

describe('rollout weights', () => {
  it('splits evenly, the remainder going to the first variants', () => {
    expect(evenWeights(['a', 'b'])).toEqual([
      { variant: 'a', weight: 5000 },
      { variant: 'b', weight: 5000 },
    ]);
    expect(evenWeights(['a', 'b', 'c']).map((entry) => entry.weight)).toEqual([3334, 3333, 3333]);
  });

  it('gives the others what one variant gives up, in proportion to their shares', () => {
    const weights = [
      { variant: 'a', weight: 5000 },
      { variant: 'b', weight: 3000 },
      { variant: 'c', weight: 2000 },
    ];
    expect(setWeight(weights, 0, 0).map((entry) => entry.weight)).toEqual([0, 6000, 4000]);
    expect(setWeight(weights, 2, 10000).map((entry) => entry.weight)).toEqual([0, 0, 10000]);
  });

  it('shares equally among others that had nothing', () => {
    const weights = [
      { variant: 'a', weight: 10000 },
      { variant: 'b', weight: 0 },
      { variant: 'c', weight: 0 },
    ];
    expect(setWeight(weights, 0, 4000).map((entry) => entry.weight)).toEqual([4000, 3000, 3000]);
  });

  it('always adds up to 100%, whatever is moved where', () => {
    let weights = evenWeights(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    // A deterministic walk over awkward values: fractions, out of range, the edges.
    const moves = [1234.5, -50, 10001, 0, 9999, 3333.3333, 1, 7777, 5000, 42];
    for (let step = 0; step < 200; step++) {
      const index = (step * 5) % weights.length;
      weights = setWeight(weights, index, moves[step % moves.length] as number);
      expect(total(weights), `step ${step}`).toBe(BUCKETS);
      for (const entry of weights) {
        expect(Number.isInteger(entry.weight)).toBe(true);
        expect(entry.weight).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('never changes a share the person typed: only untyped variants absorb the rest', () => {
    const typed = new Set<string>();
    let weights = evenWeights(['a', 'b', 'c']);
    weights = setWeight(weights, 0, 3000, typed);
    typed.add('a');
    expect(weights.map((entry) => entry.weight)).toEqual([3000, 3500, 3500]);
    weights = setWeight(weights, 1, 5000, typed);
    typed.add('b');
    expect(weights.map((entry) => entry.weight)).toEqual([3000, 5000, 2000]);
  });

  it('leaves the sum off 100% rather than change a typed share when no untyped variant is left', () => {
    const typed = new Set(['a', 'b']);
    const weights = [
      { variant: 'a', weight: 3000 },
      { variant: 'b', weight: 5000 },
      { variant: 'c', weight: 2000 },
    ];
    const next = setWeight(weights, 2, 4000, typed);
    expect(next.map((entry) => entry.weight)).toEqual([3000, 5000, 4000]);
    expect(total(next)).toBe(12000);
    // More typed than 100%: the untyped ones drop to zero, the typed ones stay.
    const over = setWeight(evenWeights(['a', 'b', 'c']), 1, 8000, new Set(['a']));
    expect(over.map((entry) => entry.weight)).toEqual([3334, 8000, 0]);
  });

  it('keeps a single variant at 100%', () => {
    expect(setWeight([{ variant: 'on', weight: 10000 }], 0, 2500)).toEqual([{ variant: 'on', weight: 10000 }]);
  });

  it('converts between percent and basis points', () => {
    expect(toPercent(2550)).toBe(25.5);
    expect(fromPercent(33.33)).toBe(3333);
  });
});
