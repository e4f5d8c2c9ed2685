import type { Condition, ConditionOperator } from '@tabula/protocol';
import { type ConditionCache, createConditionCache, failing, problemOf, type Test } from './condition-cache';
import { type Compiled, dates, membership, ordered, patterns, text, versions } from './operators';
import type { Problem } from './report';
import type { Attributes, EvaluationOptions } from './types';

export function compileCondition(condition: Condition, cache: ConditionCache): Test {
  if (
    typeof condition !== 'object' ||
    condition === null ||
    typeof condition.attribute !== 'string' ||
    typeof condition.operator !== 'string' ||
    !Array.isArray(condition.values)
  ) {
    return failing(problemOf(cache, 'shape', 'A condition lacks its attribute, operator or values: it is false'));
  }
  const { attribute } = condition;
  const negate = condition.negate === true;
  const compiled = compileOperator(condition.operator, condition.values, cache);
  if ('error' in compiled) return failing(compiled);
  const predicate = compiled.predicate;
  return compiled.negative !== negate
    ? (attributes) => !predicate(attributes[attribute])
    : (attributes) => predicate(attributes[attribute]);
}

/** Evaluates one condition without a payload around it (no caching across calls). */
export function evaluateCondition(
  condition: Condition,
  attributes: Attributes,
  options: EvaluationOptions = {},
): boolean {
  return compileCondition(condition, createConditionCache())(attributes, options);
}

function compileOperator(operator: string, values: unknown[], cache: ConditionCache): Compiled | Problem {
  const known = operator as ConditionOperator;
  switch (known) {
    case 'in':
    case 'eq':
      return { predicate: membership(values), negative: false };
    case 'not_in':
    case 'neq':
      return { predicate: membership(values), negative: true };
    case 'contains':
      return text(values, (subject, operand) => subject.includes(operand));
    case 'starts_with':
      return text(values, (subject, operand) => subject.startsWith(operand));
    case 'ends_with':
      return text(values, (subject, operand) => subject.endsWith(operand));
    case 'matches':
      return patterns(values, cache);
    case 'gt':
      return ordered(values, (order) => order > 0);
    case 'gte':
      return ordered(values, (order) => order >= 0);
    case 'lt':
      return ordered(values, (order) => order < 0);
    case 'lte':
      return ordered(values, (order) => order <= 0);
    case 'semver_eq':
      return versions(values, cache, (order) => order === 0);
    case 'semver_gt':
      return versions(values, cache, (order) => order > 0);
    case 'semver_lt':
      return versions(values, cache, (order) => order < 0);
    case 'before':
      return dates(values, cache, (time, operand) => time < operand);
    case 'after':
      return dates(values, cache, (time, operand) => time > operand);
    case 'exists':
      // Not per element: an array is present whatever it holds.
      return { predicate: (value) => value != null, negative: false };
    default: {
      // Typed never: a new protocol operator without a case here fails to compile; at run time an operator from a
      // newer server lands here.
      const unknown: never = known;
      return problemOf(cache, `operator:${unknown}`, `Unknown condition operator "${unknown}": the condition is false`);
    }
  }
}
