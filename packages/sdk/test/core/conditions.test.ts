import { createHash } from 'node:crypto';
import type { Condition } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { type Attributes, evaluateCondition, MAX_PATTERN_LENGTH } from '../../src/core';
import { errorLog } from './fixtures';

function holds(operator: string, values: Condition['values'], value: unknown, negate?: boolean): boolean {
  const condition: Condition = { attribute: 'a', operator, values, ...(negate === undefined ? {} : { negate }) };
  const attributes: Attributes = value === undefined ? {} : { a: value };
  return evaluateCondition(condition, attributes);
}

describe('in / not_in', () => {
  it('matches listed strings, case-sensitively', () => {
    expect(holds('in', ['US', 'CA'], 'US')).toBe(true);
    expect(holds('in', ['US', 'CA'], 'us')).toBe(false);
    expect(holds('not_in', ['US', 'CA'], 'FR')).toBe(true);
    expect(holds('not_in', ['US', 'CA'], 'CA')).toBe(false);
  });

  it('coerces numbers and numeric strings, booleans and "true"/"false"', () => {
    expect(holds('in', [1, 2], '2')).toBe(true);
    expect(holds('in', [1, 2], '2.0')).toBe(true);
    expect(holds('in', ['2'], 2)).toBe(true);
    expect(holds('in', ['2.50'], 2.5)).toBe(true);
    expect(holds('in', [true], 'true')).toBe(true);
    expect(holds('in', ['false'], false)).toBe(true);
    expect(holds('in', [true], 1)).toBe(false);
    expect(holds('in', [1], true)).toBe(false);
    expect(holds('in', ['1'], '1.0')).toBe(false);
    expect(holds('in', [2], ' 2')).toBe(false);
    expect(holds('in', [16], '0x10')).toBe(false);
  });

  it('uses a set for long lists with the same answers', () => {
    const many = Array.from({ length: 50 }, (_, i) => `v${i}`);
    expect(holds('in', [...many, 7], 'v42')).toBe(true);
    expect(holds('in', [...many, 7], '7')).toBe(true);
    expect(holds('in', [...many, 7], 'v50')).toBe(false);
  });

  it('matches an array attribute when any element is listed; not_in when none is', () => {
    expect(holds('in', ['beta'], ['alpha', 'beta'])).toBe(true);
    expect(holds('in', ['beta'], ['alpha'])).toBe(false);
    expect(holds('not_in', ['beta'], ['alpha', 'beta'])).toBe(false);
    expect(holds('not_in', ['beta'], ['alpha'])).toBe(true);
    expect(holds('in', ['beta'], [])).toBe(false);
    expect(holds('not_in', ['beta'], [])).toBe(true);
    expect(holds('in', ['beta'], [['beta']])).toBe(false);
  });

  it('treats a missing or null attribute as matching nothing', () => {
    expect(holds('in', ['x'], undefined)).toBe(false);
    expect(holds('in', ['x'], null)).toBe(false);
    expect(holds('not_in', ['x'], undefined)).toBe(true);
    expect(holds('in', ['[object Object]'], {})).toBe(false);
  });

  it('never matches an empty list', () => {
    expect(holds('in', [], 'x')).toBe(false);
    expect(holds('not_in', [], 'x')).toBe(true);
  });
});

describe('eq / neq', () => {
  it('is any-of over its operands, with the same coercion as in', () => {
    expect(holds('eq', ['pro'], 'pro')).toBe(true);
    expect(holds('eq', ['pro', 'team'], 'team')).toBe(true);
    expect(holds('eq', [3], '3')).toBe(true);
    expect(holds('eq', ['pro'], 'Pro')).toBe(false);
    expect(holds('neq', ['pro'], 'free')).toBe(true);
    expect(holds('neq', ['pro'], 'pro')).toBe(false);
    expect(holds('neq', [false], 'false')).toBe(false);
  });

  it('holds neq for missing attributes and for arrays without the value', () => {
    expect(holds('neq', ['pro'], undefined)).toBe(true);
    expect(holds('neq', ['pro'], ['free', 'team'])).toBe(true);
    expect(holds('neq', ['pro'], ['free', 'pro'])).toBe(false);
  });
});

describe('contains / starts_with / ends_with', () => {
  it('compares strings case-sensitively', () => {
    expect(holds('contains', ['@acme.'], 'ann@acme.com')).toBe(true);
    expect(holds('contains', ['@ACME.'], 'ann@acme.com')).toBe(false);
    expect(holds('starts_with', ['/shop'], '/shop/cart')).toBe(true);
    expect(holds('starts_with', ['/cart'], '/shop/cart')).toBe(false);
    expect(holds('ends_with', ['.de', '.fr'], 'site.fr')).toBe(true);
    expect(holds('ends_with', ['.de'], 'site.fr')).toBe(false);
  });

  it('stringifies numbers and booleans on both sides', () => {
    expect(holds('contains', [23], 'a123b')).toBe(true);
    expect(holds('starts_with', ['12'], 123)).toBe(true);
    expect(holds('ends_with', ['ue'], true)).toBe(true);
  });

  it('matches an array when any element matches, and nothing for missing or objects', () => {
    expect(holds('contains', ['eta'], ['alpha', 'beta'])).toBe(true);
    expect(holds('contains', ['x'], undefined)).toBe(false);
    expect(holds('contains', ['object'], { a: 1 })).toBe(false);
  });
});

describe('matches', () => {
  it('tests a regular expression anywhere in the string', () => {
    expect(holds('matches', ['^user-\\d+$'], 'user-42')).toBe(true);
    expect(holds('matches', ['^user-\\d+$'], 'user-x')).toBe(false);
    expect(holds('matches', ['ab'], 'xxabxx')).toBe(true);
    expect(holds('matches', ['^4'], 42)).toBe(true);
    expect(holds('matches', ['x', '^y'], 'yes')).toBe(true);
  });

  it('reports a bad pattern and is false, even negated', () => {
    const log = errorLog();
    const condition: Condition = { attribute: 'a', operator: 'matches', values: ['(unclosed'] };
    expect(evaluateCondition(condition, { a: '(unclosed' }, log)).toBe(false);
    expect(evaluateCondition({ ...condition, negate: true }, { a: 'x' }, log)).toBe(false);
    expect(log.errors).toHaveLength(2);
    expect(log.errors[0]?.message).toMatch(/Bad pattern/);
  });

  it('refuses patterns longer than the limit', () => {
    const log = errorLog();
    const long = 'a'.repeat(MAX_PATTERN_LENGTH + 1);
    expect(evaluateCondition({ attribute: 'a', operator: 'matches', values: [long] }, { a: long }, log)).toBe(false);
    expect(log.errors[0]?.message).toMatch(/refused/);
    const fits = 'a'.repeat(MAX_PATTERN_LENGTH);
    expect(evaluateCondition({ attribute: 'a', operator: 'matches', values: [fits] }, { a: fits })).toBe(true);
  });
});

describe('gt / gte / lt / lte', () => {
  it('compares numerically when both sides are numbers or numeric strings', () => {
    expect(holds('gt', [10], 11)).toBe(true);
    expect(holds('gt', [10], 10)).toBe(false);
    expect(holds('gte', [10], 10)).toBe(true);
    expect(holds('lt', ['10'], '9')).toBe(true);
    expect(holds('lte', [9.5], '9.5')).toBe(true);
    expect(holds('gt', [-1], '-0.5')).toBe(true);
    expect(holds('gt', ['1e3'], 999)).toBe(false);
  });

  it('falls back to string order otherwise', () => {
    expect(holds('gt', ['b'], 'c')).toBe(true);
    expect(holds('lt', ['b'], 'a')).toBe(true);
    expect(holds('lt', ['b'], 'B')).toBe(true);
    expect(holds('gt', ['abc'], 5)).toBe(false);
  });

  it('matches nothing for missing attributes, objects or non-finite numbers', () => {
    expect(holds('gt', [1], undefined)).toBe(false);
    expect(holds('lt', [1], null)).toBe(false);
    expect(holds('gt', [1], { a: 2 })).toBe(false);
    expect(holds('gt', [1], Number.NaN)).toBe(false);
  });

  it('matches an array when any element is in range', () => {
    expect(holds('gt', [10], [1, 20])).toBe(true);
    expect(holds('gt', [10], [1, 2])).toBe(false);
  });
});

describe('semver_eq / semver_gt / semver_lt', () => {
  it('follows semver precedence', () => {
    expect(holds('semver_eq', ['1.2.3'], 'v1.2.3')).toBe(true);
    expect(holds('semver_eq', ['1.2.0'], '1.2')).toBe(true);
    expect(holds('semver_eq', ['1.2.3'], '1.2.3+build.5')).toBe(true);
    expect(holds('semver_gt', ['1.9.0'], '1.10.0')).toBe(true);
    expect(holds('semver_lt', ['1.0.0'], '1.0.0-rc.1')).toBe(true);
    expect(holds('semver_gt', ['1.0.0-alpha'], '1.0.0-alpha.1')).toBe(true);
    expect(holds('semver_lt', ['1.0.0-alpha.beta'], '1.0.0-alpha.1')).toBe(true);
    expect(holds('semver_gt', ['1.0.0-beta.2'], '1.0.0-beta.11')).toBe(true);
    expect(holds('semver_gt', ['2.0.0'], '10.0.0')).toBe(true);
    expect(holds('semver_gt', ['2.0.0'], 3)).toBe(true);
  });

  it('matches nothing when the attribute is no version', () => {
    expect(holds('semver_gt', ['1.0.0'], 'latest')).toBe(false);
    expect(holds('semver_lt', ['1.0.0'], '')).toBe(false);
    expect(holds('semver_eq', ['1.0.0'], undefined)).toBe(false);
    expect(holds('semver_eq', ['1.0.0'], '1.0.0.0')).toBe(false);
  });

  it('reports an operand that is no version and is false, even negated', () => {
    const log = errorLog();
    const condition: Condition = { attribute: 'a', operator: 'semver_gt', values: ['one'], negate: true };
    expect(evaluateCondition(condition, { a: '1.0.0' }, log)).toBe(false);
    expect(log.errors[0]?.message).toMatch(/no version/);
  });
});

describe('before / after', () => {
  it('compares ISO dates and epoch milliseconds', () => {
    expect(holds('before', ['2026-01-01'], '2025-12-31T23:59:59Z')).toBe(true);
    expect(holds('before', ['2026-01-01'], '2026-01-01T00:00:00Z')).toBe(false);
    expect(holds('after', ['2026-01-01T00:00:00+02:00'], '2025-12-31T23:00:00Z')).toBe(true);
    expect(holds('after', [Date.UTC(2026, 0, 1)], '2026-01-02')).toBe(true);
    expect(holds('before', ['2026-01-01'], Date.UTC(2025, 5, 1))).toBe(true);
    expect(holds('before', ['2026-01-01'], String(Date.UTC(2025, 5, 1)))).toBe(true);
    expect(holds('after', ['2026-01-01'], new Date(Date.UTC(2026, 5, 1)))).toBe(true);
  });

  it('reads a date-time without offset as UTC', () => {
    expect(holds('before', ['2026-01-01T10:00:00Z'], '2026-01-01T09:59:59')).toBe(true);
    expect(holds('after', ['2026-01-01T10:00:00Z'], '2026-01-01 10:00:01')).toBe(true);
  });

  it('matches nothing for attributes that are no dates', () => {
    expect(holds('before', ['2026-01-01'], 'yesterday')).toBe(false);
    expect(holds('after', ['2026-01-01'], 'Jan 2 2026')).toBe(false);
    expect(holds('after', ['2026-01-01'], undefined)).toBe(false);
    expect(holds('after', ['2026-01-01'], new Date(Number.NaN))).toBe(false);
  });

  it('reports an operand that is no date', () => {
    const log = errorLog();
    expect(evaluateCondition({ attribute: 'a', operator: 'after', values: ['soon'] }, { a: '2026-01-01' }, log)).toBe(
      false,
    );
    expect(log.errors[0]?.message).toMatch(/no date/);
  });
});

describe('exists', () => {
  it('holds for present, non-null attributes whatever they hold, and ignores operands', () => {
    expect(holds('exists', [], '')).toBe(true);
    expect(holds('exists', [], 0)).toBe(true);
    expect(holds('exists', [], false)).toBe(true);
    expect(holds('exists', [], [])).toBe(true);
    expect(holds('exists', ['ignored'], 'x')).toBe(true);
    expect(holds('exists', [], null)).toBe(false);
    expect(holds('exists', [], undefined)).toBe(false);
    expect(holds('exists', [], undefined, true)).toBe(true);
  });
});

describe('negate', () => {
  it('inverts every operator', () => {
    expect(holds('in', ['US'], 'US', true)).toBe(false);
    expect(holds('not_in', ['US'], 'US', true)).toBe(true);
    expect(holds('contains', ['a'], 'b', true)).toBe(true);
    expect(holds('gt', [1], 2, true)).toBe(false);
    expect(holds('in', ['US'], undefined, true)).toBe(true);
  });
});

describe('broken conditions', () => {
  it('makes an unknown operator false, negated or not, and reports it', () => {
    const log = errorLog();
    expect(evaluateCondition({ attribute: 'a', operator: 'near', values: ['x'] }, { a: 'x' }, log)).toBe(false);
    expect(evaluateCondition({ attribute: 'a', operator: 'near', values: ['x'], negate: true }, { a: 'x' }, log)).toBe(
      false,
    );
    expect(log.errors.map((error) => error.message)).toEqual([
      'Unknown condition operator "near": the condition is false',
      'Unknown condition operator "near": the condition is false',
    ]);
  });

  it('makes a condition without values or attribute false', () => {
    const log = errorLog();
    const broken = { attribute: 'a', operator: 'in' } as unknown as Condition;
    expect(evaluateCondition(broken, { a: 'x' }, log)).toBe(false);
    expect(evaluateCondition(null as unknown as Condition, { a: 'x' }, log)).toBe(false);
    expect(log.errors).toHaveLength(2);
  });

  it('survives an onError that throws', () => {
    const onError = () => {
      throw new Error('handler failed');
    };
    expect(evaluateCondition({ attribute: 'a', operator: 'near', values: [] }, {}, { onError })).toBe(false);
  });
});

describe('in_hashed / not_in_hashed', () => {
  const digest = (text: string) => createHash('sha256').update(text).digest('hex');
  const staff = [digest('ana@example.com'), digest('bo@example.com')];

  it('lists SHA-256 digests and hashes the attribute to find it, exactly as typed', () => {
    expect(holds('in_hashed', staff, 'ana@example.com')).toBe(true);
    expect(holds('in_hashed', staff, 'Ana@example.com')).toBe(false);
    expect(holds('in_hashed', staff, 'eve@example.com')).toBe(false);
    expect(holds('not_in_hashed', staff, 'eve@example.com')).toBe(true);
    expect(holds('not_in_hashed', staff, 'bo@example.com')).toBe(false);
    expect(holds('in_hashed', staff, 'ana@example.com', true)).toBe(false);
  });

  it('reads digests in either case, numbers and booleans as their text, and any element of a list', () => {
    expect(holds('in_hashed', [digest('ana@example.com').toUpperCase()], 'ana@example.com')).toBe(true);
    expect(holds('in_hashed', [digest('42')], 42)).toBe(true);
    expect(holds('in_hashed', [digest('true')], true)).toBe(true);
    expect(holds('in_hashed', staff, ['eve@example.com', 'bo@example.com'])).toBe(true);
  });

  it('is false for a missing attribute, which not_in_hashed then holds for, as not_in does', () => {
    expect(holds('in_hashed', staff, undefined)).toBe(false);
    expect(holds('not_in_hashed', staff, undefined)).toBe(true);
    expect(holds('not_in_hashed', staff, undefined)).toBe(holds('not_in', ['ana@example.com'], undefined));
    expect(holds('in_hashed', staff, { email: 'ana@example.com' })).toBe(false);
  });
});
