import type { Condition, PayloadSegment } from '@tabula/protocol';
import { isObject } from './coercion';
import { compileCondition, failing, type Test } from './conditions';
import { Problem } from './problem';
import { explain, faultOf, type PayloadCache } from './report';

/** One payload's segments, compiled once and shared by every rule and experiment that names them. */
export type Segments = ReadonlyMap<string, Test>;

export function compileSegments(segments: readonly PayloadSegment[], cache: PayloadCache): Segments {
  const compiled = new Map<string, Test>();
  for (const segment of segments) {
    if (isObject(segment) && typeof segment.key === 'string') {
      compiled.set(segment.key, compileAudience(segment.conditions, [], compiled, cache) || (() => true));
    }
  }
  return compiled;
}

/**
 * Conditions and segments ANDed into one test; undefined when there is nothing to test, so callers skip the call.
 * A segment the payload does not hold can never be matched: its test is false and reported.
 */
export function compileAudience(
  conditions: readonly Condition[],
  segmentKeys: readonly string[],
  segments: Segments,
  cache: PayloadCache,
): Test | undefined {
  const tests: Test[] = [];
  const notAList = (name: string) => tests.push(failing(faultOf(cache, explain(Problem.NotAList, name))));
  if (Array.isArray(conditions)) for (const condition of conditions) tests.push(compileCondition(condition, cache));
  else if (conditions !== undefined) notAList('Conditions');
  if (Array.isArray(segmentKeys)) {
    for (const key of segmentKeys) {
      tests.push(segments.get(key) || failing(faultOf(cache, explain(Problem.UnknownSegment, key))));
    }
  } else if (segmentKeys !== undefined) {
    notAList('Segments');
  }
  if (tests.length < 2) return tests[0];
  return (attributes, options) => {
    for (const test of tests) if (!test(attributes, options)) return false;
    return true;
  };
}
