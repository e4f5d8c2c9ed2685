import { dateOperators } from './date-operators';
import { hashedOperators } from './hashed-operators';
import type { OperatorCompiler } from './operands';
import type { OptionalOperators } from './operators';
import { patternOperators } from './pattern-operator';
import { semverOperators } from './semver-operators';

const byName: OptionalOperators = { ...patternOperators, ...semverOperators, ...dateOperators, ...hashedOperators };

/**
 * The operators the snippet bundle loads, as a part of its own, only for payloads that use one of them. A map, not
 * the object: an operator named `constructor` must find nothing.
 */
export const operators: ReadonlyMap<string, OperatorCompiler> = new Map(Object.entries(byName));

// The holdout check and flag prerequisites travel with the operators (size): in the snippet, only payloads that carry
// a holdout or a prerequisite load them.
export { compileHoldout } from './holdout';
export { compilePrerequisites } from './prerequisites';
