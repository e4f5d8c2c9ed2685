import { toNumber } from './coercion';
import { above, below, orderedBy } from './operands';

const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:\d{2})?)?$/;

/** Epoch milliseconds, or undefined when the value is no date. */
export function toTime(value: unknown): number | undefined {
  if (value instanceof Date) return toNumber(value.getTime());
  const parts = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (parts === null) return toNumber(value);
  // Date.parse reads a date-time without offset as local time; conditions must not depend on the visitor's zone.
  return toNumber(Date.parse(parts[2] === undefined ? (value as string) : `${parts[1]}T${parts[2]}${parts[3] || 'Z'}`));
}

const date = orderedBy(toTime, toTime, (a, b) => a - b, 'date');

export const dateOperators = { before: date(below), after: date(above) };
