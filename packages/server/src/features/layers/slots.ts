import { BUCKETS } from '@tabula/protocol';
import type { SlotRange } from './types';

const sizeOf = (range: SlotRange) => range.end - range.start;

/** The gaps between held ranges, ordered by start. */
export function freeRanges(held: readonly SlotRange[]): SlotRange[] {
  const free: SlotRange[] = [];
  let cursor = 0;
  for (const range of [...held].sort((a, b) => a.start - b.start)) {
    if (range.start > cursor) free.push({ start: cursor, end: range.start });
    cursor = Math.max(cursor, range.end);
  }
  if (cursor < BUCKETS) free.push({ start: cursor, end: BUCKETS });
  return free;
}

/** First fit: the first `size` slots of the lowest free range large enough; null when none is. */
export function firstFit(held: readonly SlotRange[], size: number): SlotRange | null {
  const gap = freeRanges(held).find((range) => sizeOf(range) >= size);
  return gap ? { start: gap.start, end: gap.start + size } : null;
}

export const largestFree = (held: readonly SlotRange[]): number => Math.max(0, ...freeRanges(held).map(sizeOf));
