import type { FlagRule } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { duplicateRule, moveRule, newRule, rulesChanged, serveOfKind, toDraftRules, toRuleInputs } from './rules-draft';

const saved: FlagRule[] = [
  { id: 'ruleBeta', conditions: [], segments: ['beta'], serve: { kind: 'variant', variant: 'on' } },
  {
    id: 'ruleDe',
    conditions: [{ attribute: 'country', operator: 'in', values: ['de'] }],
    segments: [],
    serve: {
      kind: 'rollout',
      weights: [
        { variant: 'on', weight: 2500 },
        { variant: 'off', weight: 7500 },
      ],
    },
  },
  { id: 'ruleStaff', conditions: [], segments: ['staff'], serve: { kind: 'variant', variant: 'off' } },
];
const flag = {
  variants: [
    { key: 'on', value: true },
    { key: 'off', value: false },
  ],
  defaultVariant: 'on',
};
const order = (rules: { draftKey: string }[]) => rules.map((rule) => rule.draftKey);

describe('rules draft', () => {
  it('moves a dragged rule to the place of the rule it is dropped on', () => {
    const rules = toDraftRules(saved);
    expect(order(moveRule(rules, 'ruleStaff', 'ruleBeta'))).toEqual(['ruleStaff', 'ruleBeta', 'ruleDe']);
    expect(order(moveRule(rules, 'ruleBeta', 'ruleDe'))).toEqual(['ruleDe', 'ruleBeta', 'ruleStaff']);
    expect(order(moveRule(rules, 'ruleBeta', 'ruleStaff'))).toEqual(['ruleDe', 'ruleStaff', 'ruleBeta']);
  });

  it('leaves the order alone for a drop on itself or outside the list', () => {
    const rules = toDraftRules(saved);
    expect(moveRule(rules, 'ruleDe', 'ruleDe')).toBe(rules);
    expect(moveRule(rules, 'ruleDe', 'elsewhere')).toBe(rules);
  });

  it('duplicates a rule right below it, as a new rule without the original id', () => {
    const rules = duplicateRule(toDraftRules(saved), 'ruleDe');
    expect(rules).toHaveLength(4);
    const copy = rules[2];
    expect(copy?.id).toBeUndefined();
    expect(copy?.draftKey).not.toBe('ruleDe');
    expect(copy?.conditions).toEqual(saved[1]?.conditions);
    // A deep copy: editing the copy leaves the original as it was.
    copy?.conditions[0]?.values.push('fr');
    expect(saved[1]?.conditions[0]?.values).toEqual(['de']);
    expect(toRuleInputs(rules).map((rule) => rule.id)).toEqual(['ruleBeta', 'ruleDe', undefined, 'ruleStaff']);
  });

  it('sees a change, and no change once it is undone', () => {
    const rules = toDraftRules(saved);
    expect(rulesChanged(rules, saved)).toBe(false);
    const moved = moveRule(rules, 'ruleStaff', 'ruleBeta');
    expect(rulesChanged(moved, saved)).toBe(true);
    expect(rulesChanged(moveRule(moved, 'ruleStaff', 'ruleStaff'), saved)).toBe(true);
    expect(rulesChanged(moveRule(moved, 'ruleStaff', 'ruleDe'), saved)).toBe(false);
    // The same serve written with its fields in another order is no change.
    const reordered = rules.map((rule) =>
      rule.serve.kind === 'variant'
        ? { ...rule, serve: { variant: rule.serve.variant, kind: 'variant' as const } }
        : rule,
    );
    expect(rulesChanged(reordered, saved)).toBe(false);
    expect(rulesChanged([...rules, newRule(flag)], saved)).toBe(true);
  });

  it('starts each kind of serving from something sensible', () => {
    expect(serveOfKind('variant', flag)).toEqual({ kind: 'variant', variant: 'on' });
    expect(serveOfKind('rollout', flag)).toEqual({
      kind: 'rollout',
      weights: [
        { variant: 'on', weight: 5000 },
        { variant: 'off', weight: 5000 },
      ],
    });
    expect(serveOfKind('experiment', flag)).toEqual({ kind: 'experiment', experiment: '' });
  });
});
