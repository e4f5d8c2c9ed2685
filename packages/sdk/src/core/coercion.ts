/**
 * How condition operators read attribute values and operands. Every SDK must agree, so these rules are also in the
 * SDK README ("Conditions").
 *
 * - Missing: an attribute that is absent, `undefined` or `null` matches nothing; hence `not_in` and `neq` hold for it,
 *   `exists` does not, and every other operator is false.
 * - Arrays: an attribute holding an array matches when any element matches; `not_in` and `neq` hold when no element
 *   matches. Objects (and arrays inside arrays) match nothing.
 * - Operands: a condition's `values` are any-of: the condition holds when one of them matches.
 * - Text (`contains`, `starts_with`, `ends_with`, `matches`): both sides are compared as strings, case-sensitively;
 *   finite numbers and booleans are stringified (`String(x)`); NaN and ±Infinity match nothing.
 * - Equality (`eq`, `neq`, `in`, `not_in`): same types compare strictly; a number equals a numeric string with the same
 *   value (1 = "1" = "1.0"); a boolean equals "true"/"false". Two strings compare as strings ("1" ≠ "1.0").
 *   A numeric string is decimal: optional sign, digits with an optional fraction, optional exponent, no spaces.
 * - Order (`gt`, `gte`, `lt`, `lte`): numeric when both sides are numbers or numeric strings, otherwise both are
 *   stringified and compared by UTF-16 code units.
 * - Versions (`semver_*`): `[v]MAJOR[.MINOR[.PATCH]][-PRERELEASE][+BUILD]`, missing parts are 0, precedence as in
 *   SemVer 2.0.0 §11 (build metadata ignored). An attribute that is no version matches nothing.
 * - Dates (`before`, `after`): epoch milliseconds (numbers, numeric strings or Date objects) or ISO 8601 strings
 *   (`YYYY-MM-DD`, optionally `THH:MM[:SS[.fff]]` or a space for the T, and `Z` or `±HH:MM`); no offset means UTC.
 * - `exists`: the attribute is present and not null (an empty string exists); its operands are ignored.
 * - `matches`: a JavaScript regular expression without flags, tested anywhere in the string; patterns longer than
 *   MAX_PATTERN_LENGTH are refused.
 * - Broken conditions (unknown operator, bad pattern, an operand that is no version or date) are false even when
 *   negated, and reported through onError.
 */

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export const isNumericString = (text: string): boolean => DECIMAL.test(text);

/** A number for finite numbers and numeric strings, undefined otherwise. */
export function toNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value;
  return Number.isFinite(number) ? (number as number) : undefined;
}

/** The string a text operator sees: strings as they are, finite numbers and booleans stringified. */
export function toText(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'boolean' || Number.isFinite(value) ? String(value) : undefined;
}

/** Negative when a < b, positive when a > b, 0 when equal; NaN (which no comparison accepts) when they cannot be ordered. */
export function compareOrdered(a: unknown, b: unknown): number {
  const x = toNumber(a);
  const y = toNumber(b);
  if (x !== undefined && y !== undefined) return x - y;
  const s = toText(a);
  const t = toText(b);
  if (s === undefined || t === undefined) return Number.NaN;
  return s === t ? 0 : s < t ? -1 : 1;
}
