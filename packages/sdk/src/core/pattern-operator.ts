import { toText } from './coercion';
import { MAX_PATTERN_LENGTH } from './constants';
import { type OperatorCompiler, someOperand } from './operands';
import { Problem } from './problem';
import { cached, explain } from './report';

/** `matches`: each pattern is compiled once per payload (the cache), and refused past MAX_PATTERN_LENGTH. */
const matches: OperatorCompiler = (values, cache) => {
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
};

export const patternOperators = { matches };
