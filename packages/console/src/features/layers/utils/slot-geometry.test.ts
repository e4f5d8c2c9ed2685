import { describe, expect, it } from 'vitest';
import { freeSlots, slotSegments } from './slot-geometry';

const slot = (experiment: string, start: number, end: number) =>
  ({ experiment, name: experiment, status: 'running', start, end }) as const;

const shape = (segments: ReturnType<typeof slotSegments>) =>
  segments.map((segment) => [segment.kind === 'free' ? 'free' : segment.experiment, segment.left, segment.width]);

describe('slot map geometry', () => {
  it('is one free segment for an empty layer', () => {
    expect(shape(slotSegments([]))).toEqual([['free', 0, 100]]);
    expect(freeSlots(slotSegments([]))).toBe(10_000);
  });

  it('places held ranges in order with the gaps between them free', () => {
    const segments = slotSegments([slot('b', 6000, 10_000), slot('a', 1000, 3500)]);
    expect(shape(segments)).toEqual([
      ['free', 0, 10],
      ['a', 10, 25],
      ['free', 35, 25],
      ['b', 60, 40],
    ]);
    expect(freeSlots(segments)).toBe(3500);
  });

  it('always fills the bar exactly, without overlaps, whatever it is given', () => {
    const segments = slotSegments([
      slot('a', -50, 4000),
      slot('b', 3000, 5000),
      slot('c', 9000, 12_000),
      slot('d', 200, 100),
    ]);
    expect(segments[0]?.start).toBe(0);
    expect(segments.at(-1)?.end).toBe(10_000);
    for (let index = 1; index < segments.length; index++) {
      expect(segments[index]?.start).toBe(segments[index - 1]?.end);
    }
    expect(segments.reduce((sum, segment) => sum + segment.width, 0)).toBeCloseTo(100);
    expect(shape(segments)).toEqual([
      ['a', 0, 40],
      ['b', 40, 10],
      ['free', 50, 40],
      ['c', 90, 10],
    ]);
  });
});
