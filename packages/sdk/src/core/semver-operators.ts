import { toText } from './coercion';
import { above, below, orderedBy } from './operands';
import { compareSemver, parseSemver } from './semver';

/** An operand must be a version string; an attribute may also be a number, read as text. */
const semver = orderedBy(
  (value) => (typeof value === 'string' ? parseSemver(value) : undefined),
  (value) => {
    const text = toText(value);
    return text === undefined ? undefined : parseSemver(text);
  },
  compareSemver,
  'version',
);

export const semverOperators = {
  semver_eq: semver((order) => order === 0),
  semver_gt: semver(above),
  semver_lt: semver(below),
};
