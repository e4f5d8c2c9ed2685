import { describe, expect, it } from 'vitest';
import { firstRuleProblem } from './rule-problems';

const variants = ['on', 'off'];

describe('rule problems', () => {
  it('finds nothing wrong in finished rules', () => {
    expect(
      firstRuleProblem(
        [
          {
            conditions: [{ attribute: 'plan', operator: 'in', values: ['pro'] }],
            serve: { kind: 'variant', variant: 'on' },
          },
          { conditions: [], serve: { kind: 'experiment', experiment: 'checkout-test' } },
        ],
        variants,
      ),
    ).toBeNull();
  });

  it('points at the first rule with an unfinished condition', () => {
    expect(
      firstRuleProblem(
        [
          { conditions: [], serve: { kind: 'variant', variant: 'on' } },
          { conditions: [{ attribute: 'age', operator: 'gt', values: [] }], serve: { kind: 'variant', variant: 'on' } },
        ],
        variants,
      ),
    ).toEqual({ rule: 1, kind: 'condition', problem: { field: 'values', prompt: 'input', noun: 'number', index: 0 } });
  });

  it('asks for an experiment, and for variants the flag has', () => {
    expect(firstRuleProblem([{ conditions: [], serve: { kind: 'experiment', experiment: ' ' } }], variants)).toEqual({
      rule: 0,
      kind: 'experiment',
    });
    expect(
      firstRuleProblem(
        [{ conditions: [], serve: { kind: 'rollout', weights: [{ variant: 'gone', weight: 10000 }] } }],
        variants,
      ),
    ).toEqual({ rule: 0, kind: 'variant' });
  });

  it('asks for rollout shares that add up to 100%', () => {
    const weights = [
      { variant: 'on', weight: 3000 },
      { variant: 'off', weight: 5000 },
    ];
    expect(firstRuleProblem([{ conditions: [], serve: { kind: 'rollout', weights } }], variants)).toEqual({
      rule: 0,
      kind: 'weights',
    });
  });
});
