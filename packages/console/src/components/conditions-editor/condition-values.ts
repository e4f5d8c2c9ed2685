import {
  CONDITION_OPERATORS,
  type Condition,
  type ConditionOperator,
  type ConditionValue,
  HASHED_OPERATORS,
} from '@tabula/protocol';

/** The kind of input an operator's operands are typed into. */
export type ValueInput = 'list' | 'number' | 'date' | 'version' | 'pattern' | 'none';

const INPUTS: Record<ConditionOperator, ValueInput> = {
  in: 'list',
  not_in: 'list',
  eq: 'list',
  neq: 'list',
  contains: 'list',
  starts_with: 'list',
  ends_with: 'list',
  matches: 'pattern',
  gt: 'number',
  gte: 'number',
  lt: 'number',
  lte: 'number',
  semver_eq: 'version',
  semver_gt: 'version',
  semver_lt: 'version',
  before: 'date',
  after: 'date',
  exists: 'none',
  // Typed and kept as text like in/not_in; only the payload carries them hashed.
  in_hashed: 'list',
  not_in_hashed: 'list',
};

export const isKnownOperator = (operator: string): operator is ConditionOperator =>
  CONDITION_OPERATORS.includes(operator as ConditionOperator);

/** Operators whose values SDKs receive only as SHA-256 digests, so a page cannot read the list. */
export const isHashedOperator = (operator: string): boolean =>
  (HASHED_OPERATORS as readonly string[]).includes(operator);

/** An operator saved by a newer server is shown as a list, so its operands stay visible and editable. */
export const valueInputOf = (operator: string): ValueInput => (isKnownOperator(operator) ? INPUTS[operator] : 'list');

// The SDK's reading of a version: an optional "v" or "V", one to three numeric parts, prerelease and build tags.
const SEMVER = /^[vV]?\d+(?:\.\d+){0,2}(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z.-]*)?$/;

export const isVersion = (value: ConditionValue): boolean => typeof value === 'string' && SEMVER.test(value.trim());

export function isPattern(value: ConditionValue): boolean {
  if (typeof value !== 'string') return false;
  try {
    new RegExp(value);
    return true;
  } catch {
    return false;
  }
}

export const isDate = (value: ConditionValue): boolean =>
  typeof value === 'string' && value !== '' && !Number.isNaN(Date.parse(value));

export const isNumber = (value: ConditionValue): boolean => typeof value === 'number' && Number.isFinite(value);

const VALID: Record<Exclude<ValueInput, 'none'>, (value: ConditionValue) => boolean> = {
  list: (value) => String(value) !== '',
  number: isNumber,
  date: isDate,
  version: isVersion,
  pattern: isPattern,
};

/** What a condition lacks, or holds wrongly, named by the noun its message (spec §5 prompts) speaks of. */
export type ProblemNoun = 'attribute' | 'value' | 'number' | 'date' | 'version' | 'pattern';
export interface ConditionProblem {
  field: 'attribute' | 'values';
  /** `input`: "Please input {s}"; `inputValid`: "Please input valid {s}". */
  prompt: 'input' | 'inputValid';
  noun: ProblemNoun;
}

export function conditionProblem(condition: Condition): ConditionProblem | null {
  if (condition.attribute.trim() === '') return { field: 'attribute', prompt: 'input', noun: 'attribute' };
  const input = valueInputOf(condition.operator);
  if (input === 'none') return null;
  const noun: ProblemNoun = input === 'list' ? 'value' : input;
  if (condition.values.length === 0) return { field: 'values', prompt: 'input', noun };
  return condition.values.every(VALID[input]) ? null : { field: 'values', prompt: 'inputValid', noun };
}

/** The first problem among conditions, with the index of the condition it is in. */
export function firstConditionProblem(conditions: Condition[]): (ConditionProblem & { index: number }) | null {
  for (const [index, condition] of conditions.entries()) {
    const problem = conditionProblem(condition);
    if (problem) return { ...problem, index };
  }
  return null;
}

/**
 * The operands kept when the operator changes: those that still make sense for the new input, converted
 * (a list keeps text; "42" stays usable as a number), so switching `eq` to `gt` does not throw away the value.
 */
export function convertValues(values: ConditionValue[], operator: string): ConditionValue[] {
  const input = valueInputOf(operator);
  switch (input) {
    case 'none':
      return [];
    case 'list':
      return values.map(String).filter((value) => value !== '');
    case 'pattern':
      return values.map(String).filter((value) => value !== '' && isPattern(value));
    case 'number': {
      const numbers = values.map((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value));
      return numbers.filter(isNumber).slice(0, 1);
    }
    case 'date':
      return values.filter(isDate).slice(0, 1);
    case 'version':
      return values.map(String).filter(isVersion).slice(0, 1);
  }
}

export const withOperator = (condition: Condition, operator: string): Condition => ({
  ...condition,
  operator,
  values: convertValues(condition.values, operator),
});

export const emptyCondition = (): Condition => ({ attribute: '', operator: 'in', values: [] });

/** Attributes most pages pass; anything else can be typed. */
export const COMMON_ATTRIBUTES = [
  'id',
  'email',
  'country',
  'language',
  'browser',
  'device',
  'platform',
  'version',
  'url',
  'path',
  'referrer',
  'plan',
  'createdAt',
];
