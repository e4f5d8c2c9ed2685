import { BUCKETS } from './constants';

/**
 * Interval ends of cumulative weights: a bucket falls in the first interval whose end exceeds it. A bucket past the
 * last end (weights summing below 10000) falls in none.
 */
export function cumulativeEnds(weights: readonly number[]): Int32Array {
  const ends = new Int32Array(weights.length);
  let total = 0;
  for (let i = 0; i < weights.length; i++) {
    const weight = weights[i];
    if (typeof weight !== 'number' || !Number.isInteger(weight) || weight < 0) {
      throw new Error(`Weight ${String(weight)} is not a whole number of basis points`);
    }
    total += weight;
    ends[i] = total;
  }
  return ends;
}

export function weightsProblem(ends: Int32Array, what: string): string | undefined {
  const total = ends.length === 0 ? 0 : (ends[ends.length - 1] as number);
  return total === BUCKETS ? undefined : `${what}: weights sum to ${total}, not ${BUCKETS}`;
}

/** The index of the interval holding `slot`, or -1. */
export function intervalOf(ends: Int32Array, slot: number): number {
  for (let i = 0; i < ends.length; i++) if (slot < (ends[i] as number)) return i;
  return -1;
}
