import { BUCKETS } from './bucket';
import { Problem } from './problem';
import { explain, fault } from './report';
import type { EvaluationOptions } from './types';

/**
 * Cuts 0..9999 into the weights' intervals, in order: a slot falls in the first interval whose end exceeds it, and
 * the split answers that interval's index. A slot past the last end (weights summing below 10000) falls in none:
 * -1, reported the first time.
 */
export function compileSplit(
  weights: readonly number[],
  what: string,
): (slot: number, options: EvaluationOptions) => number {
  const ends: number[] = [];
  let total = 0;
  for (const weight of weights) {
    if (!Number.isInteger(weight) || weight < 0) {
      throw new Error(explain(Problem.BadWeight, what, weight));
    }
    total += weight;
    ends.push(total);
  }
  const short = fault(explain(Problem.ShortWeights, what, total, BUCKETS));
  return (slot, options) => {
    for (let i = 0; i < ends.length; i++) if (slot < (ends[i] as number)) return i;
    short(options);
    return -1;
  };
}
