import type { PayloadHoldout } from '@tabula/protocol';
import { createBucketer } from './bucket';
import type { EvaluationOptions } from './types';

/** Whether the unit is held out; either way its exposure to the holdout is heard, so the report knows who was eligible. */
export type Holdout = (unit: string, options: EvaluationOptions) => boolean;

/**
 * The project's holdout as an experiment or flag it covers carries it. Part of the optional operators' part
 * (optional-operators.ts), for size: evaluation reaches it through operators.ts, once that part is installed.
 */
export function compileHoldout(holdout: PayloadHoldout): Holdout {
  const { key, percent } = holdout;
  const bucketOf = createBucketer(holdout.salt);
  return (unit, options) => {
    const held = bucketOf(unit) < percent;
    options.expose?.(key, held ? 'holdout' : 'general', unit);
    return held;
  };
}
