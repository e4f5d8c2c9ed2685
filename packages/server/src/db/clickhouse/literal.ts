/**
 * ClickHouse 18.16 takes no query parameters over HTTP (they came in 19.11), so values are written into the SQL as
 * literals; everything a user typed passes through here and nowhere else.
 */

/** A string literal: backslash and quote are the only characters a quoted string gives meaning to. */
export const chString = (value: string): string => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** A Float64 literal; NaN and infinities have no meaning in a metric and are refused. */
export function chNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  return `toFloat64(${String(value)})`;
}

/** A non-negative whole number (epoch milliseconds, hours, counts). */
export function chInteger(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a whole number ≥ 0: ${value}`);
  return String(value);
}

/** A database, table or cluster name, as the settings allow them (letters, digits, underscore). */
export function chIdentifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`not a ClickHouse identifier: ${name}`);
  return name;
}

/** `(a, b, c)`: a list of string literals for IN. */
export const chStrings = (values: readonly string[]): string => `(${values.map(chString).join(', ')})`;
