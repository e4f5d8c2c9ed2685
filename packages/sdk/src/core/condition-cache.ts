import { type Problem, problem, reportOnce } from './report';
import type { Attributes, EvaluationOptions } from './types';

/** A compiled condition (or audience): options carry the onError that hears about broken pieces. */
export type Test = (attributes: Attributes, options: EvaluationOptions) => boolean;

/** What one payload's conditions share: each fault is reported once, each pattern compiled once. */
export interface ConditionCache {
  readonly problems: Map<string, Problem>;
  readonly patterns: Map<string, RegExp>;
}

export function createConditionCache(): ConditionCache {
  return { problems: new Map(), patterns: new Map() };
}

export function problemOf(cache: ConditionCache, key: string, message: string): Problem {
  let fault = cache.problems.get(key);
  if (fault === undefined) {
    fault = problem(message);
    cache.problems.set(key, fault);
  }
  return fault;
}

export function failing(fault: Problem): Test {
  return (_attributes, options) => {
    reportOnce(fault, options);
    return false;
  };
}
