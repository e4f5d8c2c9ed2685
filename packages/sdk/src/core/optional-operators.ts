import { dateOperators } from './date-operators';
import { hashedOperators } from './hashed-operators';
import type { OptionalOperators } from './operators';
import { patternOperators } from './pattern-operator';
import { semverOperators } from './semver-operators';

/** The operators the snippet bundle loads, as a part of its own, only for payloads that use one of them. */
export const operators: OptionalOperators = {
  ...patternOperators,
  ...semverOperators,
  ...dateOperators,
  ...hashedOperators,
};
