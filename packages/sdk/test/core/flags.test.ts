import type { FlagRule } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { bucket, createEvaluator } from '../../src/core';
import { errorLog, experimentOf, flagOf, payloadOf, units, versionOf } from './fixtures';

const targetUs: FlagRule = {
  id: 'us',
  conditions: [{ attribute: 'country', operator: 'in', values: ['US'] }],
  segments: [],
  serve: { kind: 'variant', variant: 'on' },
};

describe('flag', () => {
  it('serves the off variant while disabled', () => {
    const evaluator = createEvaluator(payloadOf({ flags: [flagOf({ key: 'f', enabled: false, rules: [targetUs] })] }));
    expect(evaluator.flag('f', { country: 'US' })).toEqual({
      key: 'f',
      value: 'off-value',
      variant: 'off',
      reason: 'DISABLED',
    });
  });

  it('serves the default variant statically without rules', () => {
    const evaluator = createEvaluator(payloadOf({ flags: [flagOf({ key: 'f', defaultVariant: 'on' })] }));
    expect(evaluator.flag('f', {})).toEqual({ key: 'f', value: 'on-value', variant: 'on', reason: 'STATIC' });
  });

  it("defers to the caller's default when the default or off variant is none", () => {
    const evaluator = createEvaluator(
      payloadOf({
        flags: [
          flagOf({ key: 'no-default', defaultVariant: null }),
          flagOf({ key: 'no-default-ruled', defaultVariant: null, rules: [targetUs] }),
          flagOf({ key: 'no-off', enabled: false, offVariant: null }),
        ],
      }),
    );
    // No variant and no value: the caller's default is what is served, for a reason that is no error.
    expect(evaluator.flag('no-default', {})).toEqual({
      key: 'no-default',
      value: null,
      variant: null,
      reason: 'DEFAULT',
    });
    expect(evaluator.flag('no-default-ruled', { country: 'FR' })).toEqual({
      key: 'no-default-ruled',
      value: null,
      variant: null,
      reason: 'DEFAULT',
    });
    expect(evaluator.flag('no-default-ruled', { country: 'US' })).toMatchObject({ value: 'on-value', ruleId: 'us' });
    expect(evaluator.flag('no-off', {})).toEqual({ key: 'no-off', value: null, variant: null, reason: 'DISABLED' });
  });

  it('carries the flag’s metadata on every answer, frozen so no caller changes the next one’s', () => {
    const metadata = { owner: 'checkout', version: 3, reviewed: true };
    const evaluator = createEvaluator(
      payloadOf({ flags: [flagOf({ key: 'f', metadata, rules: [targetUs] }), flagOf({ key: 'bare' })] }),
    );
    const matched = evaluator.flag('f', { country: 'US' });
    expect(matched).toMatchObject({ reason: 'TARGETING_MATCH', ruleId: 'us', metadata });
    expect(evaluator.flag('f', {}).metadata).toEqual(metadata);
    expect(Object.isFrozen(matched.metadata)).toBe(true);
    expect('metadata' in evaluator.flag('bare', {}) && evaluator.flag('bare', {}).metadata).toBeFalsy();
  });

  it('serves the first matching rule with its id, else the default', () => {
    const second: FlagRule = { ...targetUs, id: 'any-us', serve: { kind: 'variant', variant: 'off' } };
    const evaluator = createEvaluator(payloadOf({ flags: [flagOf({ key: 'f', rules: [targetUs, second] })] }));
    expect(evaluator.flag('f', { country: 'US' })).toEqual({
      key: 'f',
      value: 'on-value',
      variant: 'on',
      reason: 'TARGETING_MATCH',
      ruleId: 'us',
    });
    expect(evaluator.flag('f', { country: 'FR' })).toEqual({
      key: 'f',
      value: 'off-value',
      variant: 'off',
      reason: 'DEFAULT',
    });
  });

  it('requires every condition and every segment of a rule', () => {
    const rule: FlagRule = {
      id: 'r',
      conditions: [{ attribute: 'country', operator: 'eq', values: ['US'] }],
      segments: ['pro', 'mobile'],
      serve: { kind: 'variant', variant: 'on' },
    };
    const evaluator = createEvaluator(
      payloadOf({
        segments: [
          { key: 'pro', conditions: [{ attribute: 'plan', operator: 'eq', values: ['pro'] }] },
          { key: 'mobile', conditions: [{ attribute: 'platform', operator: 'in', values: ['ios', 'android'] }] },
        ],
        flags: [flagOf({ key: 'f', rules: [rule] })],
      }),
    );
    expect(evaluator.flag('f', { country: 'US', plan: 'pro', platform: 'ios' }).reason).toBe('TARGETING_MATCH');
    expect(evaluator.flag('f', { country: 'US', plan: 'pro', platform: 'web' }).reason).toBe('DEFAULT');
    expect(evaluator.flag('f', { country: 'US', plan: 'free', platform: 'ios' }).reason).toBe('DEFAULT');
    expect(evaluator.flag('f', { country: 'FR', plan: 'pro', platform: 'ios' }).reason).toBe('DEFAULT');
  });

  it('never matches a rule naming an unknown segment, and reports it', () => {
    const log = errorLog();
    const rule: FlagRule = { ...targetUs, segments: ['ghost'] };
    const evaluator = createEvaluator(payloadOf({ flags: [flagOf({ key: 'f', rules: [rule] })] }));
    expect(evaluator.flag('f', { country: 'US' }, log).reason).toBe('DEFAULT');
    expect(log.errors[0]?.message).toMatch(/Unknown segment "ghost"/);
  });

  it('answers FLAG_NOT_FOUND for an unknown key', () => {
    const evaluator = createEvaluator(payloadOf({}));
    expect(evaluator.flag('nope', {})).toEqual({
      key: 'nope',
      value: null,
      variant: null,
      reason: 'ERROR',
      errorCode: 'FLAG_NOT_FOUND',
    });
  });

  it('answers PARSE_ERROR, reported once, when a served variant is not defined', () => {
    const log = errorLog();
    const rule: FlagRule = { ...targetUs, serve: { kind: 'variant', variant: 'ghost' } };
    const evaluator = createEvaluator(payloadOf({ flags: [flagOf({ key: 'f', rules: [rule] })] }));
    const broken = { key: 'f', value: null, variant: null, reason: 'ERROR', errorCode: 'PARSE_ERROR' };
    expect(evaluator.flag('f', { country: 'US' }, log)).toEqual(broken);
    expect(evaluator.flag('f', { country: 'US' }, log)).toEqual(broken);
    expect(evaluator.flag('f', { country: 'FR' }, log).reason).toBe('DEFAULT');
    expect(log.errors).toHaveLength(1);
    expect(log.errors[0]?.message).toMatch(/"ghost"/);

    const noDefault = createEvaluator(payloadOf({ flags: [flagOf({ key: 'g', defaultVariant: 'ghost' })] }));
    expect(noDefault.flag('g', {})).toEqual({ ...broken, key: 'g' });
    const noOff = createEvaluator(payloadOf({ flags: [flagOf({ key: 'h', enabled: false, offVariant: 'ghost' })] }));
    expect(noOff.flag('h', {})).toEqual({ ...broken, key: 'h' });
  });

  it('hands out fresh result objects', () => {
    const evaluator = createEvaluator(payloadOf({ flags: [flagOf({ key: 'f', rules: [targetUs] })] }));
    const first = evaluator.flag('f', { country: 'US' });
    first.value = 'changed';
    expect(evaluator.flag('f', { country: 'US' }).value).toBe('on-value');
  });
});

describe('rollout rule', () => {
  const rollout = (unitAttribute?: string): FlagRule => ({
    id: 'half',
    conditions: [],
    segments: [],
    serve: {
      kind: 'rollout',
      weights: [
        { variant: 'on', weight: 5_000 },
        { variant: 'off', weight: 5_000 },
      ],
      ...(unitAttribute === undefined ? {} : { unitAttribute }),
    },
  });

  it('splits by bucket(flagKey.ruleId, unit) with SPLIT and the rule id', () => {
    const evaluator = createEvaluator(payloadOf({ flags: [flagOf({ key: 'f', rules: [rollout()] })] }));
    for (const unit of units(200)) {
      const expected = bucket('f.half', unit) < 5_000 ? 'on' : 'off';
      expect(evaluator.flag('f', { id: unit })).toMatchObject({ variant: expected, reason: 'SPLIT', ruleId: 'half' });
    }
  });

  it('reads the unit from unitAttribute and stringifies numbers', () => {
    const evaluator = createEvaluator(payloadOf({ flags: [flagOf({ key: 'f', rules: [rollout('account')] })] }));
    const expected = bucket('f.half', '42') < 5_000 ? 'on' : 'off';
    expect(evaluator.flag('f', { id: 'ignored', account: 42 }).variant).toBe(expected);
    expect(evaluator.flag('f', { id: 'ignored', account: '42' }).variant).toBe(expected);
  });

  it('skips to later rules without a unit, and flags TARGETING_KEY_MISSING only if it falls to the default', () => {
    const fallbackRule: FlagRule = { ...targetUs, id: 'after' };
    const evaluator = createEvaluator(payloadOf({ flags: [flagOf({ key: 'f', rules: [rollout(), fallbackRule] })] }));
    expect(evaluator.flag('f', { country: 'US' })).toMatchObject({ reason: 'TARGETING_MATCH', ruleId: 'after' });
    expect(evaluator.flag('f', { country: 'FR' })).toEqual({
      key: 'f',
      value: 'off-value',
      variant: 'off',
      reason: 'DEFAULT',
      errorCode: 'TARGETING_KEY_MISSING',
    });
    for (const id of ['', null, true, Number.NaN, { x: 1 }]) {
      expect(evaluator.flag('f', { id, country: 'FR' }).errorCode).toBe('TARGETING_KEY_MISSING');
    }
  });

  it('does not match a bucket beyond weights summing below 10000, and reports the weights', () => {
    const log = errorLog();
    const partial: FlagRule = {
      id: 'some',
      conditions: [],
      segments: [],
      serve: { kind: 'rollout', weights: [{ variant: 'on', weight: 1_000 }] },
    };
    const evaluator = createEvaluator(payloadOf({ flags: [flagOf({ key: 'f', rules: [partial] })] }));
    const results = units(300).map((unit) => evaluator.flag('f', { id: unit }, log));
    expect(results.some((result) => result.reason === 'SPLIT')).toBe(true);
    expect(results.some((result) => result.reason === 'DEFAULT')).toBe(true);
    expect(log.errors).toHaveLength(1);
    expect(log.errors[0]?.message).toMatch(/sum to 1000/);
  });
});

describe('experiment rule', () => {
  const experiment = experimentOf({
    key: 'checkout',
    versions: [versionOf('control', 5_000, { f: 'blue', other: 1 }), versionOf('treatment', 5_000, { f: 'green' })],
  });
  const serveFrom = (param?: string): FlagRule => ({
    id: 'exp',
    conditions: [],
    segments: [],
    serve: { kind: 'experiment', experiment: 'checkout', ...(param === undefined ? {} : { param }) },
  });

  it('serves version.params[flag key] with SPLIT and an exposure of the unit', () => {
    const evaluator = createEvaluator(
      payloadOf({ experiments: [experiment], flags: [flagOf({ key: 'f', rules: [serveFrom()] })] }),
    );
    for (const unit of units(50)) {
      const version = bucket('checkout', unit) < 5_000 ? 'control' : 'treatment';
      expect(evaluator.flag('f', { id: unit })).toEqual({
        key: 'f',
        value: version === 'control' ? 'blue' : 'green',
        variant: version,
        reason: 'SPLIT',
        ruleId: 'exp',
        exposure: { experiment: 'checkout', version, unit },
      });
    }
  });

  it('does not match when the version lacks the param', () => {
    const evaluator = createEvaluator(
      payloadOf({ experiments: [experiment], flags: [flagOf({ key: 'f', rules: [serveFrom('other')] })] }),
    );
    for (const unit of units(50)) {
      const inControl = bucket('checkout', unit) < 5_000;
      const result = evaluator.flag('f', { id: unit });
      expect(result.reason).toBe(inControl ? 'SPLIT' : 'DEFAULT');
      if (inControl) expect(result.value).toBe(1);
      else expect(result.exposure).toBeUndefined();
    }
  });

  it('does not match a unit outside the experiment, nor an experiment the payload lacks', () => {
    const narrow = { ...experiment, conditions: [{ attribute: 'country', operator: 'eq', values: ['US'] }] };
    const evaluator = createEvaluator(
      payloadOf({
        experiments: [narrow],
        flags: [
          flagOf({ key: 'f', rules: [serveFrom()] }),
          flagOf({ key: 'g', rules: [{ ...serveFrom(), serve: { kind: 'experiment', experiment: 'stopped' } }] }),
        ],
      }),
    );
    expect(evaluator.flag('f', { id: 'u1', country: 'FR' }).reason).toBe('DEFAULT');
    expect(evaluator.flag('f', { id: 'u1', country: 'US' }).reason).toBe('SPLIT');
    expect(evaluator.flag('g', { id: 'u1' })).toMatchObject({ reason: 'DEFAULT' });
    expect(evaluator.flag('g', { id: 'u1' }).errorCode).toBeUndefined();
  });

  it('serves a forced version without exposure, even to a unit outside the experiment', () => {
    const narrow = { ...experiment, traffic: 0 };
    const evaluator = createEvaluator(
      payloadOf({ experiments: [narrow], flags: [flagOf({ key: 'f', rules: [serveFrom()] })] }),
    );
    const forcedVersions = { checkout: 'treatment' };
    expect(evaluator.flag('f', {}, { forcedVersions })).toEqual({
      key: 'f',
      value: 'green',
      variant: 'treatment',
      reason: 'SPLIT',
      ruleId: 'exp',
    });
    expect(evaluator.flag('f', { id: 'u' }, { forcedVersions: { checkout: 'ghost' } }).reason).toBe('DEFAULT');
  });

  it('flags TARGETING_KEY_MISSING when the experiment needed a unit', () => {
    const evaluator = createEvaluator(
      payloadOf({ experiments: [experiment], flags: [flagOf({ key: 'f', rules: [serveFrom()] })] }),
    );
    expect(evaluator.flag('f', { country: 'US' }).errorCode).toBe('TARGETING_KEY_MISSING');
  });
});
