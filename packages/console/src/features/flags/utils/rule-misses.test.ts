import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { missSentence, ruleMisses } from './rule-misses';

const t = i18next.getFixedT('en', 'flags');
const rules = [
  {
    id: 'ruleStaff',
    conditions: [],
    segments: ['staff'],
    serve: { kind: 'variant' as const, variant: 'express' },
  },
  {
    id: 'ruleCountry',
    conditions: [
      { attribute: 'plan', operator: 'eq', values: ['pro'] },
      { attribute: 'country', operator: 'in', values: ['NL', 'DE'] },
    ],
    segments: [],
    serve: { kind: 'variant' as const, variant: 'express' },
  },
  { id: 'ruleBeta', conditions: [], segments: ['beta'], serve: { kind: 'variant' as const, variant: 'express' } },
  { id: 'ruleTest', conditions: [], segments: [], serve: { kind: 'experiment' as const, experiment: 'checkout' } },
];
const segments = [
  { key: 'staff', conditions: [{ attribute: 'email', operator: 'ends_with', values: ['@acme.test'] }] },
];
const state = { enabled: true, rules };
const visitor = { id: 'u1', plan: 'pro', country: 'FR', email: 'ada@example.com' };

describe('why rules did not match', () => {
  it('names the first condition or segment that failed in each rule, with what the user has', () => {
    const misses = ruleMisses(state, undefined, visitor, segments);
    expect(misses.map((miss) => missSentence(miss, t))).toEqual([
      "Rule 1: in segment staff — its condition email ends with @acme.test fails: the user's email is ada@example.com",
      "Rule 2: country is one of NL, DE — the user's country is FR",
      'Rule 3: segment beta does not exist, so the rule matches nobody',
      'Rule 4: the user is not in experiment checkout',
    ]);
  });

  it('says when the user lacks the attribute, and lists only rules checked before the one that served', () => {
    const misses = ruleMisses(state, 'ruleBeta', { id: 'u1', plan: 'pro' }, segments);
    expect(misses.map((miss) => missSentence(miss, t))).toEqual([
      'Rule 1: in segment staff — its condition email ends with @acme.test fails: the user has no email',
      'Rule 2: country is one of NL, DE — the user has no country',
    ]);
  });

  it('checks no rule while the flag is off', () => {
    expect(ruleMisses({ enabled: false, rules }, undefined, visitor, segments)).toEqual([]);
  });
});
