import type { Condition } from '@tabula/protocol';
import { compileOperator } from './operators';
import { Problem } from './problem';
import { explain, type Fault, faultOf, type PayloadCache } from './report';
import type { Attributes, EvaluationOptions } from './types';

/** A compiled condition (or audience): options carry the onError that hears about broken pieces. */
export type Test = (attributes: Attributes, options: EvaluationOptions) => boolean;

/** Stands in for a broken piece: false, even negated, and reported. */
export const failing =
  (problem: Fault): Test =>
  (_attributes, options) => {
    problem(options);
    return false;
  };

export function compileCondition(condition: Condition, cache: PayloadCache): Test {
  const { attribute, operator, values } = (condition || {}) as Partial<Condition>;
  const predicate =
    typeof attribute === 'string' && typeof operator === 'string' && Array.isArray(values)
      ? compileOperator(operator, values, cache)
      : explain(Problem.IncompleteCondition);
  if (typeof predicate === 'string') return failing(faultOf(cache, predicate));
  return (condition.negate === true) !== (operator === 'not_in' || operator === 'neq')
    ? (attributes) => !predicate(attributes[attribute as string])
    : (attributes) => predicate(attributes[attribute as string]);
}

/** Evaluates one condition without a payload around it (no caching across calls). */
export function evaluateCondition(
  condition: Condition,
  attributes: Attributes,
  options: EvaluationOptions = {},
): boolean {
  return compileCondition(condition, new Map())(attributes, options);
}
