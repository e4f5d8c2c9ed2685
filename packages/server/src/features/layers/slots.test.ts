import { BUCKETS } from '@tabula/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstFit, freeRanges, largestFree } from './slots';
import type { SlotRange } from './types';

describe('layer slots', () => {
  it('finds the gaps between held ranges, in order', () => {
    expect(freeRanges([])).toEqual([{ start: 0, end: BUCKETS }]);
    expect(
      freeRanges([
        { start: 6000, end: 7000 },
        { start: 0, end: 2000 },
      ]),
    ).toEqual([
      { start: 2000, end: 6000 },
      { start: 7000, end: BUCKETS },
    ]);
    expect(freeRanges([{ start: 0, end: BUCKETS }])).toEqual([]);
  });

  it('takes the first gap large enough, from its start', () => {
    const held = [
      { start: 1000, end: 2000 },
      { start: 2500, end: 8000 },
    ];
    expect(firstFit(held, 1000)).toEqual({ start: 0, end: 1000 });
    expect(firstFit(held, 1001)).toEqual({ start: 8000, end: 9001 });
    expect(firstFit(held, 2001)).toBeNull();
    expect(largestFree(held)).toBe(2000);
    expect(largestFree([{ start: 0, end: BUCKETS }])).toBe(0);
  });

  /** Disjoint ranges, as reservations leave them: cut points of [0, BUCKETS], every other piece held. */
  const heldRanges = fc.uniqueArray(fc.integer({ min: 1, max: BUCKETS - 1 }), { maxLength: 12 }).chain((cuts) => {
    const points = [0, ...cuts.sort((a, b) => a - b), BUCKETS];
    const pieces = points.slice(1).map((end, index): SlotRange => ({ start: points[index]!, end }));
    return fc.subarray(pieces);
  });

  it('keeps a new reservation apart from every held range and inside the layer', () => {
    fc.assert(
      fc.property(heldRanges, fc.integer({ min: 1, max: BUCKETS }), (held, size) => {
        const range = firstFit(held, size);
        if (range === null) {
          expect(largestFree(held)).toBeLessThan(size);
          return;
        }
        expect(range.end - range.start).toBe(size);
        expect(range.start).toBeGreaterThanOrEqual(0);
        expect(range.end).toBeLessThanOrEqual(BUCKETS);
        for (const other of held) expect(range.end <= other.start || range.start >= other.end).toBe(true);
      }),
    );
  });

  it('accounts for every slot as either held or free', () => {
    fc.assert(
      fc.property(heldRanges, (held) => {
        const total = [...held, ...freeRanges(held)].reduce((sum, range) => sum + range.end - range.start, 0);
        expect(total).toBe(BUCKETS);
      }),
    );
  });
});
