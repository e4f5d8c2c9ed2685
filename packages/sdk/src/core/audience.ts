import type { Condition, PayloadSegment } from '@tabula/protocol';
import { type ConditionCache, failing, problemOf, type Test } from './condition-cache';
import { compileCondition } from './conditions';

/** One payload's segments, compiled once and shared by every rule and experiment that names them. */
export type Segments = ReadonlyMap<string, Test>;

export function compileSegments(segments: readonly PayloadSegment[], cache: ConditionCache): Segments {
  const compiled = new Map<string, Test>();
  if (!Array.isArray(segments)) return compiled;
  for (const segment of segments) {
    if (typeof segment?.key !== 'string') continue;
    compiled.set(segment.key, compileAudience(segment.conditions, [], compiled, cache) ?? always);
  }
  return compiled;
}

const always: Test = () => true;

/**
 * Conditions and segments ANDed into one test; undefined when there is nothing to test, so callers skip the call.
 * A segment the payload does not hold can never be matched: its test is false and reported.
 */
export function compileAudience(
  conditions: readonly Condition[],
  segmentKeys: readonly string[],
  segments: Segments,
  cache: ConditionCache,
): Test | undefined {
  const tests: Test[] = [];
  if (Array.isArray(conditions)) for (const condition of conditions) tests.push(compileCondition(condition, cache));
  else if (conditions !== undefined) tests.push(failing(problemOf(cache, 'conditions', 'Conditions are not a list')));
  if (Array.isArray(segmentKeys)) {
    for (const key of segmentKeys) {
      tests.push(
        segments.get(key) ?? failing(problemOf(cache, `segment:${key}`, `Unknown segment "${key}": it matches nobody`)),
      );
    }
  } else if (segmentKeys !== undefined) {
    tests.push(failing(problemOf(cache, 'segments', 'Segments are not a list')));
  }
  return allOf(tests);
}

function allOf(tests: Test[]): Test | undefined {
  if (tests.length === 0) return undefined;
  if (tests.length === 1) return tests[0];
  if (tests.length === 2) {
    const [first, second] = tests as [Test, Test];
    return (attributes, options) => first(attributes, options) && second(attributes, options);
  }
  return (attributes, options) => {
    for (const test of tests) if (!test(attributes, options)) return false;
    return true;
  };
}
