import { CONDITION_OPERATORS } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import {
  conditionProblem,
  convertValues,
  firstConditionProblem,
  isHashedOperator,
  isVersion,
  valueInputOf,
} from './condition-values';

describe('condition values', () => {
  it('gives every operator an input, and a list to an operator it does not know', () => {
    expect(CONDITION_OPERATORS.map(valueInputOf)).not.toContain(undefined);
    expect(valueInputOf('in')).toBe('list');
    expect(valueInputOf('gte')).toBe('number');
    expect(valueInputOf('after')).toBe('date');
    expect(valueInputOf('semver_lt')).toBe('version');
    expect(valueInputOf('matches')).toBe('pattern');
    expect(valueInputOf('exists')).toBe('none');
    expect(valueInputOf('geo_within')).toBe('list');
  });

  it('takes the hashed operators’ values as a list of text, like in and not_in', () => {
    expect(valueInputOf('in_hashed')).toBe('list');
    expect(valueInputOf('not_in_hashed')).toBe('list');
    expect(isHashedOperator('in_hashed')).toBe(true);
    expect(isHashedOperator('not_in_hashed')).toBe(true);
    expect(isHashedOperator('in')).toBe(false);
    expect(convertValues(['a@example.com', 42], 'in_hashed')).toEqual(['a@example.com', '42']);
    expect(conditionProblem({ attribute: 'email', operator: 'not_in_hashed', values: [] })?.noun).toBe('value');
    expect(conditionProblem({ attribute: 'email', operator: 'not_in_hashed', values: ['b@example.com'] })).toBeNull();
  });

  it('reads versions as the SDK does', () => {
    for (const version of ['1', '2.1', '2.1.0', 'v3.0.0', '1.0.0-beta.2', '1.0.0+build.5']) {
      expect(isVersion(version), version).toBe(true);
    }
    for (const text of ['', 'latest', '1.x', '1.2.3.4', '1..2', 5]) expect(isVersion(text), String(text)).toBe(false);
  });

  it('asks for the attribute first, then for operands', () => {
    expect(conditionProblem({ attribute: ' ', operator: 'in', values: ['de'] })).toEqual({
      field: 'attribute',
      prompt: 'input',
      noun: 'attribute',
    });
    expect(conditionProblem({ attribute: 'country', operator: 'in', values: [] })).toEqual({
      field: 'values',
      prompt: 'input',
      noun: 'value',
    });
    expect(conditionProblem({ attribute: 'signedUp', operator: 'exists', values: [] })).toBeNull();
  });

  it('refuses operands that do not fit the operator', () => {
    const problem = (operator: string, values: (string | number)[]) =>
      conditionProblem({ attribute: 'a', operator, values })?.noun ?? null;
    expect(problem('matches', ['^(unclosed'])).toBe('pattern');
    expect(problem('matches', ['^/checkout(/|$)'])).toBeNull();
    expect(problem('semver_gt', ['two'])).toBe('version');
    expect(problem('semver_gt', ['2.0.0'])).toBeNull();
    expect(problem('before', ['yesterday'])).toBe('date');
    expect(problem('before', ['2025-03-01T00:00:00.000Z'])).toBeNull();
    expect(problem('gt', ['10'])).toBe('number');
    expect(problem('gt', [10])).toBeNull();
  });

  it('finds the first condition with a problem, and where it is', () => {
    expect(
      firstConditionProblem([
        { attribute: 'country', operator: 'in', values: ['de'] },
        { attribute: 'age', operator: 'gte', values: [] },
      ]),
    ).toEqual({ index: 1, field: 'values', prompt: 'input', noun: 'number' });
    expect(firstConditionProblem([])).toBeNull();
  });

  it('keeps operands that still fit when the operator changes', () => {
    expect(convertValues(['42', 'x'], 'gt')).toEqual([42]);
    expect(convertValues([42], 'in')).toEqual(['42']);
    expect(convertValues(['de', 'fr'], 'exists')).toEqual([]);
    expect(convertValues(['2.0.0', 'beta'], 'semver_eq')).toEqual(['2.0.0']);
    expect(convertValues(['2025-03-01T00:00:00.000Z'], 'after')).toEqual(['2025-03-01T00:00:00.000Z']);
    expect(convertValues(['(bad', 'good'], 'matches')).toEqual(['good']);
  });
});
