import type { ConditionOperator } from '@tabula/protocol';
import { compareOrdered, isNumericString, toNumber, toText, toTime } from './coercion';
import { MAX_PATTERN_LENGTH } from './constants';
import { Problem } from './problem';
import { cached, explain, type PayloadCache } from './report';
import { compareSemver, parseSemver } from './semver';

/** Tests one attribute value (an array is handled by the operator, element by element). */
export type Predicate = (value: unknown) => boolean;

const above = (order: number): boolean => order > 0;
const below = (order: number): boolean => order < 0;
/** The orders each ordering operator accepts. An order that cannot be taken is NaN, which none accepts. */
const ORDERS: Partial<Record<ConditionOperator, (order: number) => boolean>> = {
  gt: above,
  gte: (order) => order >= 0,
  lt: below,
  lte: (order) => order <= 0,
  semver_eq: (order) => order === 0,
  semver_gt: above,
  semver_lt: below,
  before: below,
  after: above,
};

/** What a semver operand must be: a version string (an attribute may also be a number, read as text). */
const versionOperand = (value: unknown) => (typeof value === 'string' ? parseSemver(value) : undefined);
const versionOf = (value: unknown) => {
  const text = toText(value);
  return text === undefined ? undefined : parseSemver(text);
};

/**
 * The predicate of an operator over its operands, or what makes the condition broken. `not_in` and `neq` answer as
 * `in` and `eq`: the condition inverts them.
 */
export function compileOperator(operator: string, values: unknown[], cache: PayloadCache): Predicate | string {
  const known = operator as ConditionOperator;
  const accept = ORDERS[known] as (order: number) => boolean;
  switch (known) {
    case 'in':
    case 'eq':
    case 'not_in':
    case 'neq':
      return membership(values);
    case 'contains':
      return texts(values, (subject, operand) => subject.includes(operand));
    case 'starts_with':
      return texts(values, (subject, operand) => subject.startsWith(operand));
    case 'ends_with':
      return texts(values, (subject, operand) => subject.endsWith(operand));
    case 'matches':
      return patterns(values, cache);
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return someOperand(
        values,
        (value) => value,
        (value, operand) => accept(compareOrdered(value, operand)),
      );
    case 'semver_eq':
    case 'semver_gt':
    case 'semver_lt': {
      const operands = operandsOf(values, versionOperand, 'version');
      if (typeof operands === 'string') return operands;
      return someOperand(operands, versionOf, (version, operand) => accept(compareSemver(version, operand)));
    }
    case 'before':
    case 'after': {
      const operands = operandsOf(values, toTime, 'date');
      if (typeof operands === 'string') return operands;
      return someOperand(operands, toTime, (time, operand) => accept(time - operand));
    }
    case 'exists':
      // Not per element: an array is present whatever it holds.
      return (value) => value != null;
    default: {
      // Typed never: a new protocol operator without a case here fails to compile; at run time an operator from a
      // newer server lands here.
      const unknown: never = known;
      return explain(Problem.UnknownOperator, unknown);
    }
  }
}

/**
 * Holds when the attribute, or one element of an array attribute, read as a subject, passes `test` with one of the
 * operands. A value that reads as nothing matches nothing.
 */
function someOperand<Subject, Operand>(
  operands: readonly Operand[],
  read: (value: unknown) => Subject | undefined,
  test: (subject: Subject, operand: Operand) => boolean,
): Predicate {
  const holds = (value: unknown): boolean => {
    const subject = read(value);
    if (subject !== undefined) for (const operand of operands) if (test(subject, operand)) return true;
    return false;
  };
  return (value) => (Array.isArray(value) ? value.some(holds) : holds(value));
}

/** Operands that must all read as versions or dates: the first that does not breaks the condition. */
function operandsOf<T>(values: unknown[], read: (value: unknown) => T | undefined, what: string): T[] | string {
  const operands: T[] = [];
  for (const value of values) {
    const operand = read(value);
    if (operand === undefined) return explain(Problem.BadOperand, value, what);
    operands.push(operand);
  }
  return operands;
}

/** Equality with number↔numeric-string and boolean↔"true"/"false" coercion, as sets so long `in` lists stay fast. */
function membership(values: unknown[]): Predicate {
  /** Listed strings, and listed booleans as "true"/"false": a boolean and its string then match alike. */
  const strings = new Set<string>();
  const numbers = new Set<number>();
  /** The values of listed numeric strings, which a number matches ("2.50" lists 2.5). */
  const numericStrings = new Set<number>();
  for (const value of values) {
    if (typeof value === 'number') {
      if (Number.isFinite(value)) numbers.add(value);
    } else if (typeof value === 'string' || typeof value === 'boolean') {
      strings.add(String(value));
      const number = toNumber(value);
      if (number !== undefined) numericStrings.add(number);
    }
  }
  // A short list is scanned, which beats hashing. Two strings compare as strings ("1" ≠ "1.0"), but a numeric
  // string equals a listed number.
  const scanned = strings.size > 8 ? undefined : [...strings];
  const matchesText = (value: string): boolean => {
    if (scanned) {
      for (const text of scanned) if (text === value) return true;
    } else if (strings.has(value)) {
      return true;
    }
    return numbers.size > 0 && isNumericString(value) && numbers.has(Number(value));
  };
  const matches = (value: unknown): boolean =>
    typeof value === 'string'
      ? matchesText(value)
      : typeof value === 'number'
        ? numbers.has(value) || numericStrings.has(value)
        : typeof value === 'boolean' && strings.has(String(value));
  // The common case, a string, without the array check.
  return (value) =>
    typeof value === 'string' ? matchesText(value) : Array.isArray(value) ? value.some(matches) : matches(value);
}

function texts(values: unknown[], test: (subject: string, operand: string) => boolean): Predicate {
  const operands = values.map(toText).filter((operand): operand is string => operand !== undefined);
  return someOperand(operands, toText, test);
}

function patterns(values: unknown[], cache: PayloadCache): Predicate | string {
  const compiled: RegExp[] = [];
  for (const value of values) {
    const source = toText(value);
    if (source === undefined) continue;
    if (source.length > MAX_PATTERN_LENGTH) {
      return explain(Problem.LongPattern, MAX_PATTERN_LENGTH);
    }
    try {
      compiled.push(cached(cache, `/${source}/`, () => new RegExp(source)));
    } catch (error) {
      return explain(Problem.BadPattern, source, (error as Error).message);
    }
  }
  return someOperand(compiled, toText, (subject, pattern) => pattern.test(subject));
}
