import type { FlagRule } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { flagStaleness, servedValue } from './stale';
import type { FlagEnvironmentState } from './types';

const now = new Date('2030-06-30T00:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
const flag = {
  createdAt: daysAgo(100),
  updatedAt: daysAgo(100),
  archivedAt: null as Date | null,
  defaultVariant: 'on' as string | null,
  offVariant: 'off' as string | null,
};
const rule = (serve: FlagRule['serve'], conditions: FlagRule['conditions'] = []): FlagRule => ({
  id: 'r',
  conditions,
  segments: [],
  serve,
});
const vip = [{ attribute: 'plan', operator: 'eq' as const, values: ['vip'] }];
const env = (state: Partial<FlagEnvironmentState> = {}): FlagEnvironmentState => ({
  enabled: true,
  rules: [],
  prerequisites: [],
  updatedAt: daysAgo(60),
  lastEvaluatedAt: daysAgo(1),
  ...state,
});
const judge = (environments: FlagEnvironmentState[], over: Partial<typeof flag> = {}) =>
  flagStaleness({ flag: { ...flag, ...over }, environments, staleAfterDays: 30, now });

describe('one value served', () => {
  it('is the off variant while off, the default without rules', () => {
    expect(servedValue(flag, env({ enabled: false }))).toBe('off');
    expect(servedValue(flag, env())).toBe('on');
    expect(servedValue({ ...flag, defaultVariant: null }, env())).toBeNull();
  });

  it('is one variant when every rule and the default agree, or a rule catches everyone first', () => {
    expect(servedValue(flag, env({ rules: [rule({ kind: 'variant', variant: 'on' }, vip)] }))).toBe('on');
    expect(servedValue(flag, env({ rules: [rule({ kind: 'variant', variant: 'off' })] }))).toBe('off');
    const full = {
      kind: 'rollout' as const,
      weights: [
        { variant: 'off', weight: 10_000 },
        { variant: 'on', weight: 0 },
      ],
    };
    expect(servedValue(flag, env({ rules: [rule(full)] }))).toBe('off');
  });

  it('is several for targeted variants, split rollouts and experiments', () => {
    const several = [
      [rule({ kind: 'variant', variant: 'off' }, vip)],
      [
        rule({
          kind: 'rollout',
          weights: [
            { variant: 'on', weight: 5000 },
            { variant: 'off', weight: 5000 },
          ],
        }),
      ],
      [rule({ kind: 'experiment', experiment: 'exp' })],
      [rule({ kind: 'variant', variant: 'off' }, vip), rule({ kind: 'variant', variant: 'on' })],
    ];
    for (const rules of several) expect(typeof servedValue(flag, env({ rules }))).toBe('symbol');
  });
});

describe('potentially stale flags', () => {
  it('is not stale while evaluated and serving several values', () => {
    expect(judge([env({ rules: [rule({ kind: 'variant', variant: 'off' }, vip)] })])).toEqual({ stale: false });
  });

  it('is stale when no SDK evaluated it for N days, since the last evaluation', () => {
    const lastEvaluatedAt = daysAgo(31);
    expect(judge([env({ lastEvaluatedAt }), env({ lastEvaluatedAt: null, enabled: false })])).toEqual({
      stale: true,
      reason: 'not_evaluated',
      since: lastEvaluatedAt,
    });
    expect(
      judge([env({ lastEvaluatedAt: daysAgo(29), rules: [rule({ kind: 'experiment', experiment: 'e' })] })]),
    ).toEqual({ stale: false });
  });

  it('gives a flag younger than N days time before it counts as never evaluated', () => {
    const never = [env({ lastEvaluatedAt: null, rules: [rule({ kind: 'experiment', experiment: 'e' })] })];
    expect(judge(never, { createdAt: daysAgo(10), updatedAt: daysAgo(10) })).toEqual({ stale: false });
    expect(judge(never)).toEqual({ stale: true, reason: 'not_evaluated', since: null });
  });

  it('is stale when every environment served the same one value for N days, since the latest change', () => {
    expect(judge([env({ updatedAt: daysAgo(40) }), env({ updatedAt: daysAgo(35) })])).toEqual({
      stale: true,
      reason: 'fully_rolled_out',
      since: daysAgo(35),
    });
    expect(judge([env({ updatedAt: daysAgo(40) }), env({ updatedAt: daysAgo(5) })])).toEqual({ stale: false });
    expect(judge([env()], { updatedAt: daysAgo(3) })).toEqual({ stale: false });
    expect(judge([env(), env({ enabled: false })])).toEqual({ stale: false });
    expect(judge([env({ enabled: false, updatedAt: null }), env({ enabled: false, updatedAt: null })])).toMatchObject({
      reason: 'fully_rolled_out',
      since: flag.updatedAt,
    });
  });

  it('never marks archived flags or projects without environments', () => {
    expect(judge([env({ lastEvaluatedAt: null })], { archivedAt: daysAgo(1) })).toEqual({ stale: false });
    expect(judge([])).toEqual({ stale: false });
  });
});
