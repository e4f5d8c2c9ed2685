import { compareOrdered, isNumericString, toNumber, toText, toTime } from './coercion';
import { type ConditionCache, problemOf } from './condition-cache';
import { MAX_PATTERN_LENGTH } from './constants';
import type { Problem } from './report';
import { compareSemver, parseSemver, type Semver } from './semver';

/** Tests one attribute value (an array is handled by the operator, element by element). */
export type Predicate = (value: unknown) => boolean;
/** `negative` predicates (not_in, neq) hold when no operand matches. */
export type Compiled = { predicate: Predicate; negative: boolean };

function anyElement(predicate: Predicate): Predicate {
  return (value) => {
    if (!Array.isArray(value)) return predicate(value);
    for (const element of value) if (predicate(element)) return true;
    return false;
  };
}

/** Equality with number↔numeric-string and boolean↔"true"/"false" coercion, as sets so long `in` lists stay fast. */
export function membership(values: unknown[]): Predicate {
  const strings = new Set<string>();
  const numbers = new Set<number>();
  const numericStrings = new Set<number>();
  let hasTrue = false;
  let hasFalse = false;
  for (const value of values) {
    if (typeof value === 'string') {
      strings.add(value);
      const parsed = toNumber(value);
      if (parsed !== undefined) numericStrings.add(parsed);
    } else if (typeof value === 'number') {
      if (Number.isFinite(value)) numbers.add(value);
    } else if (value === true) {
      hasTrue = true;
    } else if (value === false) {
      hasFalse = true;
    }
  }
  const trueMatches = hasTrue || strings.has('true');
  const falseMatches = hasFalse || strings.has('false');
  const checkNumbers = numbers.size > 0;
  /** A string not listed as is may still equal a listed number or boolean. */
  const coercedString = (value: string) =>
    value === 'true'
      ? hasTrue
      : value === 'false'
        ? hasFalse
        : checkNumbers && isNumericString(value) && numbers.has(Number(value));
  const matchOne: Predicate = (value) => {
    switch (typeof value) {
      case 'string':
        return strings.has(value) || coercedString(value);
      case 'number':
        return numbers.has(value) || numericStrings.has(value);
      case 'boolean':
        return value ? trueMatches : falseMatches;
      default:
        return false;
    }
  };
  const matchAny = anyElement(matchOne);
  // The common case, a string attribute, skips the array check; a short list is scanned, which beats hashing.
  const listed = [...strings];
  if (listed.length > SHORT_LIST) {
    return (value) => (typeof value === 'string' ? strings.has(value) || coercedString(value) : matchAny(value));
  }
  return (value) => {
    if (typeof value !== 'string') return matchAny(value);
    for (const text of listed) if (text === value) return true;
    return coercedString(value);
  };
}

const SHORT_LIST = 8;

export function text(values: unknown[], test: (subject: string, operand: string) => boolean): Compiled {
  const operands = values.map(toText).filter((operand) => operand !== undefined);
  const predicate: Predicate = (value) => {
    const subject = toText(value);
    if (subject === undefined) return false;
    for (const operand of operands) if (test(subject, operand)) return true;
    return false;
  };
  return { predicate: anyElement(predicate), negative: false };
}

export function patterns(values: unknown[], cache: ConditionCache): Compiled | Problem {
  const compiled: RegExp[] = [];
  for (const value of values) {
    const source = toText(value);
    if (source === undefined) continue;
    const known = cache.patterns.get(source);
    if (known !== undefined) {
      compiled.push(known);
      continue;
    }
    if (source.length > MAX_PATTERN_LENGTH) {
      return problemOf(
        cache,
        `pattern:${source}`,
        `Pattern of ${source.length} characters refused (at most ${MAX_PATTERN_LENGTH}): the condition is false`,
      );
    }
    try {
      const pattern = new RegExp(source);
      cache.patterns.set(source, pattern);
      compiled.push(pattern);
    } catch (error) {
      return problemOf(cache, `pattern:${source}`, `Bad pattern /${source}/: ${(error as Error).message}`);
    }
  }
  const predicate: Predicate = (value) => {
    const subject = toText(value);
    if (subject === undefined) return false;
    for (const pattern of compiled) if (pattern.test(subject)) return true;
    return false;
  };
  return { predicate: anyElement(predicate), negative: false };
}

export function ordered(values: unknown[], accept: (order: number) => boolean): Compiled {
  const predicate: Predicate = (value) => {
    for (const operand of values) {
      const order = compareOrdered(value, operand);
      if (order !== undefined && accept(order)) return true;
    }
    return false;
  };
  return { predicate: anyElement(predicate), negative: false };
}

export function versions(
  values: unknown[],
  cache: ConditionCache,
  accept: (order: number) => boolean,
): Compiled | Problem {
  const operands: Semver[] = [];
  for (const value of values) {
    const parsed = typeof value === 'string' ? parseSemver(value) : undefined;
    if (parsed === undefined) {
      return problemOf(cache, `semver:${String(value)}`, `"${String(value)}" is no version: the condition is false`);
    }
    operands.push(parsed);
  }
  const predicate: Predicate = (value) => {
    const subject = toText(value);
    const version = subject === undefined ? undefined : parseSemver(subject);
    if (version === undefined) return false;
    for (const operand of operands) if (accept(compareSemver(version, operand))) return true;
    return false;
  };
  return { predicate: anyElement(predicate), negative: false };
}

export function dates(
  values: unknown[],
  cache: ConditionCache,
  accept: (time: number, operand: number) => boolean,
): Compiled | Problem {
  const operands: number[] = [];
  for (const value of values) {
    const time = toTime(value);
    if (time === undefined) {
      return problemOf(cache, `date:${String(value)}`, `"${String(value)}" is no date: the condition is false`);
    }
    operands.push(time);
  }
  const predicate: Predicate = (value) => {
    const time = toTime(value);
    if (time === undefined) return false;
    for (const operand of operands) if (accept(time, operand)) return true;
    return false;
  };
  return { predicate: anyElement(predicate), negative: false };
}
