import type { ExperimentStatus, Layer } from '@tabula/protocol';
import { BUCKETS } from '@tabula/protocol';

export type SlotRange =
  | { kind: 'experiment'; start: number; end: number; experiment: string; name: string; status: ExperimentStatus }
  | { kind: 'free'; start: number; end: number };

/** A range placed on the bar: where it begins and how wide it is, in percent of the bar. */
export type SlotSegment = SlotRange & { left: number; width: number };

const clamp = (value: number) => Math.min(BUCKETS, Math.max(0, value));
const percentOf = (slots: number) => (slots / BUCKETS) * 100;

/**
 * The layer's 10000 slots as consecutive segments from 0 to 10000: each held range, and the gaps between them as
 * free. Ranges are clipped to the bar and an overlap (which the server never hands out) is cut off, so the
 * segments never overlap and always fill the bar exactly.
 */
export function slotSegments(slots: Layer['slots']): SlotSegment[] {
  const held = [...slots]
    .map((slot) => ({ ...slot, start: clamp(slot.start), end: clamp(slot.end) }))
    .sort((a, b) => a.start - b.start);
  const ranges: SlotRange[] = [];
  let cursor = 0;
  for (const slot of held) {
    const start = Math.max(slot.start, cursor);
    if (slot.end <= start) continue;
    if (start > cursor) ranges.push({ kind: 'free', start: cursor, end: start });
    ranges.push({ kind: 'experiment', ...slot, start });
    cursor = slot.end;
  }
  if (cursor < BUCKETS) ranges.push({ kind: 'free', start: cursor, end: BUCKETS });
  return ranges.map((range) => ({ ...range, left: percentOf(range.start), width: percentOf(range.end - range.start) }));
}

/** Slots no experiment holds. */
export const freeSlots = (segments: readonly SlotSegment[]): number =>
  segments.filter((segment) => segment.kind === 'free').reduce((sum, segment) => sum + segment.end - segment.start, 0);
