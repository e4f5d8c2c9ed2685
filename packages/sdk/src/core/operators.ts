import type { ConditionOperator, PayloadHoldout } from '@tabula/protocol';
import { compareOrdered, isNumericString, toNumber, toText } from './coercion';
import { FAST_PATHS } from './fast-paths';
import type { Holdout } from './holdout';
import { type Accept, above, below, type OperatorCompiler, type Predicate, someOperand } from './operands';
import type { compilePrerequisites as Prerequisites } from './prerequisites';
import { Problem } from './problem';
import { explain, type PayloadCache } from './report';

/** The orders each ordering operator accepts. */
const ORDERS: Partial<Record<ConditionOperator, Accept>> = {
  gt: above,
  gte: (order) => order >= 0,
  lt: below,
  lte: (order) => order <= 0,
};

/**
 * The pattern, version, date and hashed-membership operators live in optional-operators.ts (with the holdout check and
 * flag prerequisites, see fromPart). Every build but the snippet bundle installs them at once (all-operators.ts); the
 * snippet bundle loads them when a payload uses one, so pages that never need them do not download that code.
 */
export type OptionalOperator =
  | 'matches'
  | 'semver_eq'
  | 'semver_gt'
  | 'semver_lt'
  | 'before'
  | 'after'
  | 'in_hashed'
  | 'not_in_hashed';
export type OptionalOperators = Record<OptionalOperator, OperatorCompiler>;

/**
 * What optional-operators.ts exports: the optional operators by name, the holdout check and flag prerequisites (the
 * last two there for size, as only some payloads need them).
 */
export interface OptionalPart {
  operators: ReadonlyMap<string, OperatorCompiler>;
  compileHoldout: (holdout: PayloadHoldout) => Holdout;
  compilePrerequisites: typeof Prerequisites;
}

/** The optional part once installed. */
let installed: OptionalPart | undefined;

export function installOperators(part: OptionalPart): void {
  installed = part;
}

/** Holds every unit out: the holdout check when its part failed to load, as a condition without its operator is false. */
export const HELD: Holdout = () => true;

/**
 * What the optional part's compiler `name` makes of `args`: the holdout check (holdout.ts) and flag prerequisites
 * (prerequisites.ts) come with the optional operators, for size, as only some payloads need them. Until the part is
 * installed the payload needs it (MISSING_OPERATORS) and is not served; when it failed to load, `otherwise` stands in.
 */
export function fromPart<Name extends 'compileHoldout' | 'compilePrerequisites'>(
  name: Name,
  cache: PayloadCache,
  otherwise: ReturnType<OptionalPart[Name]>,
  ...args: Parameters<OptionalPart[Name]>
): ReturnType<OptionalPart[Name]> {
  if (installed) return (installed[name] as unknown as (...given: typeof args) => typeof otherwise)(...args);
  cache.set(MISSING_OPERATORS, true);
  return otherwise;
}

/**
 * Set in a payload's cache when a condition names an operator this module does not compile while the optional ones
 * are not installed (it may be one of them), or an experiment or flag carries a holdout or prerequisites (see
 * compilePayload). Empty, the one key no message or pattern has.
 */
export const MISSING_OPERATORS = '';

/**
 * The predicate of an operator over its operands, or what makes the condition broken. `not_in` and `neq` answer as
 * `in` and `eq`: the condition inverts them.
 */
export function compileOperator(operator: string, values: unknown[], cache: PayloadCache): Predicate | string {
  const known = operator as ConditionOperator;
  const accept = ORDERS[known] as Accept;
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
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return someOperand(
        values,
        (value) => value,
        (value, operand) => accept(compareOrdered(value, operand)),
      );
    case 'exists':
      // Not per element: an array is present whatever it holds.
      return (value) => value != null;
    default: {
      // The optional operators (typed so: a new protocol operator without a case here fails to compile), and at run
      // time an operator from a newer server, which is unknown once the optional operators are installed.
      const optional: OptionalOperator = known;
      const compile = installed?.operators.get(optional);
      if (compile) return compile(values, cache);
      if (!installed) cache.set(MISSING_OPERATORS, true);
      return explain(Problem.UnknownOperator, optional);
    }
  }
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
  // A short list is scanned, which beats hashing (a fast path). Two strings compare as strings ("1" ≠ "1.0"), but a
  // numeric string equals a listed number.
  const scanned = FAST_PATHS && strings.size <= 8 ? [...strings] : undefined;
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
  // The common case, a string, without the array check (a fast path).
  if (FAST_PATHS) {
    return (value) =>
      typeof value === 'string' ? matchesText(value) : Array.isArray(value) ? value.some(matches) : matches(value);
  }
  return (value) => (Array.isArray(value) ? value.some(matches) : matches(value));
}

function texts(values: unknown[], test: (subject: string, operand: string) => boolean): Predicate {
  const operands = values.map(toText).filter((operand): operand is string => operand !== undefined);
  return someOperand(operands, toText, test);
}
