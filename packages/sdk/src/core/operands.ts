import { Problem } from './problem';
import { explain, type PayloadCache } from './report';

/** Tests one attribute value (an array is handled by the operator, element by element). */
export type Predicate = (value: unknown) => boolean;
/** An operator over its operands: the predicate, or what makes the condition broken. */
export type OperatorCompiler = (values: unknown[], cache: PayloadCache) => Predicate | string;
/** The orders an ordering operator accepts. An order that cannot be taken is NaN, which none accepts. */
export type Accept = (order: number) => boolean;

export const above: Accept = (order) => order > 0;
export const below: Accept = (order) => order < 0;

/**
 * Holds when the attribute, or one element of an array attribute, read as a subject, passes `test` with one of the
 * operands. A value that reads as nothing matches nothing.
 */
export function someOperand<Subject, Operand>(
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

/**
 * Ordering operators over operands that must all read as a `what` (a version, a date): the first that does not breaks
 * the condition. The attribute holds when its order to one operand is accepted.
 */
export const orderedBy =
  <T>(
    readOperand: (value: unknown) => T | undefined,
    readAttribute: (value: unknown) => T | undefined,
    compare: (a: T, b: T) => number,
    what: string,
  ) =>
  (accept: Accept): OperatorCompiler =>
  (values) => {
    const operands: T[] = [];
    for (const value of values) {
      const operand = readOperand(value);
      if (operand === undefined) return explain(Problem.BadOperand, value, what);
      operands.push(operand);
    }
    return someOperand(operands, readAttribute, (subject, operand) => accept(compare(subject, operand)));
  };
