import { MAX_PREREQUISITE_DEPTH, type PayloadFlag } from '@tabula/protocol';
import { Problem } from './problem';
import { explain, fault } from './report';
import type { CompiledFlag } from './types';

/**
 * A flag with prerequisites: each required flag is evaluated (once per evaluation, however many require it) and must
 * serve one of the allowed variants, else the flag serves `failed`; then `targeting` answers. Part of the optional
 * operators' part (optional-operators.ts), for size: few flags have prerequisites, so the snippet bundle loads this
 * only for payloads that hold one; evaluation reaches it through operators.ts once that part is installed.
 */
export function compilePrerequisites(
  key: string,
  prerequisites: NonNullable<PayloadFlag['prerequisites']>,
  flags: ReadonlyMap<string, CompiledFlag>,
  targeting: CompiledFlag,
  failed: CompiledFlag,
): CompiledFlag {
  const tooDeep = fault(explain(Problem.PrerequisitesTooDeep, key, MAX_PREREQUISITE_DEPTH));

  return (attributes, options, results = new Map(), depth = 0) => {
    if (depth >= MAX_PREREQUISITE_DEPTH) {
      tooDeep(options);
      return failed(attributes, options);
    }
    for (const { flag: required, variants: allowed } of prerequisites) {
      if (!results.has(required)) {
        const compiled = flags.get(required);
        results.set(required, compiled?.(attributes, options, results, depth + 1));
      }
      const result = results.get(required);
      // Missing (archived), off, or failing its own prerequisites, a required flag is not met.
      if (
        !result ||
        result.reason === 'DISABLED' ||
        result.reason === 'PREREQUISITE_FAILED' ||
        !allowed.includes(result.variant as string)
      ) {
        return failed(attributes, options);
      }
    }
    return targeting(attributes, options);
  };
}
