import { toText } from './coercion';
import { type OperatorCompiler, type Predicate, someOperand } from './operands';
import { sha256 } from './sha256';

/**
 * `in_hashed` and `not_in_hashed`: the payload lists SHA-256 digests (hex) instead of values, and the attribute, read
 * as text, is hashed to look it up. The last attribute hashed is remembered, as one visitor is evaluated many times.
 */
const inHashed: OperatorCompiler = (values) => {
  const digests = new Set(values.map((value) => String(value).toLowerCase()));
  let last: string | undefined;
  let lastDigest = '';
  return someOperand([digests], toText, (subject, listed) => {
    if (subject !== last) {
      last = subject;
      lastDigest = sha256(subject);
    }
    return listed.has(lastDigest);
  });
};

export const hashedOperators = {
  in_hashed: inHashed,
  not_in_hashed: ((values, cache) => {
    const holds = inHashed(values, cache) as Predicate;
    return (value) => !holds(value);
  }) as OperatorCompiler,
};
