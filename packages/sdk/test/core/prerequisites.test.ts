import type { FlagRule } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { createEvaluator } from '../../src/core';
import { errorLog, flagOf, payloadOf } from './fixtures';

const onFor = (country: string): FlagRule => ({
  id: `in-${country}`,
  conditions: [{ attribute: 'country', operator: 'in', values: [country] }],
  segments: [],
  serve: { kind: 'variant', variant: 'on' },
});

describe('flag prerequisites', () => {
  const payload = payloadOf({
    flags: [
      flagOf({ key: 'checkout', rules: [onFor('US')] }),
      flagOf({ key: 'new-cart', defaultVariant: 'on', prerequisites: [{ flag: 'checkout', variants: ['on'] }] }),
      flagOf({ key: 'switched-off', enabled: false, defaultVariant: 'on' }),
    ],
  });

  it('serves as usual when every prerequisite serves a required variant', () => {
    expect(createEvaluator(payload).flag('new-cart', { country: 'US' })).toEqual({
      key: 'new-cart',
      value: 'on-value',
      variant: 'on',
      reason: 'STATIC',
    });
  });

  it('serves the off variant, reason PREREQUISITE_FAILED, when a prerequisite serves another variant', () => {
    expect(createEvaluator(payload).flag('new-cart', { country: 'FR' })).toEqual({
      key: 'new-cart',
      value: 'off-value',
      variant: 'off',
      reason: 'PREREQUISITE_FAILED',
    });
  });

  it('fails when the required flag is off, even if its off variant is the one required', () => {
    const evaluator = createEvaluator(
      payloadOf({
        flags: [
          ...payload.flags,
          flagOf({
            key: 'needs-off',
            defaultVariant: 'on',
            prerequisites: [{ flag: 'switched-off', variants: ['off'] }],
          }),
          flagOf({ key: 'needs-missing', defaultVariant: 'on', prerequisites: [{ flag: 'gone', variants: ['on'] }] }),
        ],
      }),
    );
    expect(evaluator.flag('needs-off', {}).reason).toBe('PREREQUISITE_FAILED');
    // An archived or deleted flag is not in the payload: its dependants fail safe.
    expect(evaluator.flag('needs-missing', {}).reason).toBe('PREREQUISITE_FAILED');
  });

  it('checks a flag that is off before its prerequisites: it stays DISABLED', () => {
    const evaluator = createEvaluator(
      payloadOf({
        flags: [
          ...payload.flags,
          flagOf({ key: 'off-too', enabled: false, prerequisites: [{ flag: 'checkout', variants: ['on'] }] }),
        ],
      }),
    );
    expect(evaluator.flag('off-too', { country: 'FR' }).reason).toBe('DISABLED');
  });

  it('follows chains: a prerequisite whose own prerequisite fails is not met', () => {
    const evaluator = createEvaluator(
      payloadOf({
        flags: [
          ...payload.flags,
          flagOf({ key: 'upsell', defaultVariant: 'on', prerequisites: [{ flag: 'new-cart', variants: ['on'] }] }),
        ],
      }),
    );
    expect(evaluator.flag('upsell', { country: 'US' }).variant).toBe('on');
    expect(evaluator.flag('upsell', { country: 'FR' })).toMatchObject({
      variant: 'off',
      reason: 'PREREQUISITE_FAILED',
    });
  });

  it('accepts any of several variants and requires all prerequisites', () => {
    const evaluator = createEvaluator(
      payloadOf({
        flags: [
          ...payload.flags,
          flagOf({
            key: 'either',
            defaultVariant: 'on',
            prerequisites: [{ flag: 'checkout', variants: ['on', 'off'] }],
          }),
          flagOf({
            key: 'both',
            defaultVariant: 'on',
            prerequisites: [
              { flag: 'checkout', variants: ['on', 'off'] },
              { flag: 'switched-off', variants: ['on'] },
            ],
          }),
        ],
      }),
    );
    expect(evaluator.flag('either', { country: 'FR' }).variant).toBe('on');
    expect(evaluator.flag('both', { country: 'US' }).reason).toBe('PREREQUISITE_FAILED');
  });

  it('evaluates a prerequisite shared by several once per evaluation', () => {
    let reads = 0;
    const counted = {
      get country() {
        reads += 1;
        return 'US';
      },
    };
    const evaluator = createEvaluator(
      payloadOf({
        flags: [
          ...payload.flags,
          flagOf({ key: 'a', defaultVariant: 'on', prerequisites: [{ flag: 'checkout', variants: ['on'] }] }),
          flagOf({ key: 'b', defaultVariant: 'on', prerequisites: [{ flag: 'checkout', variants: ['on'] }] }),
          flagOf({
            key: 'top',
            defaultVariant: 'on',
            prerequisites: [
              { flag: 'a', variants: ['on'] },
              { flag: 'b', variants: ['on'] },
              { flag: 'checkout', variants: ['on'] },
            ],
          }),
        ],
      }),
    );
    expect(evaluator.flag('top', counted).variant).toBe('on');
    // checkout's one rule reads the country; reached three ways, it is evaluated once.
    expect(reads).toBe(1);
  });

  it('ends a cycle in a hand-made payload at the depth limit, serving off and reporting it', () => {
    const { errors, onError } = errorLog();
    const evaluator = createEvaluator(
      payloadOf({
        flags: [
          flagOf({ key: 'x', defaultVariant: 'on', prerequisites: [{ flag: 'y', variants: ['on'] }] }),
          flagOf({ key: 'y', defaultVariant: 'on', prerequisites: [{ flag: 'x', variants: ['on'] }] }),
        ],
      }),
    );
    expect(evaluator.flag('x', {}, { onError })).toMatchObject({ variant: 'off', reason: 'PREREQUISITE_FAILED' });
    expect(errors.some((error) => error.message.includes('prerequisites nest deeper than 10'))).toBe(true);
  });

  it('answers a prerequisite list that is no list with a parse error', () => {
    const broken = { ...flagOf({ key: 'bad' }), prerequisites: 'checkout' } as never;
    expect(createEvaluator(payloadOf({ flags: [broken] })).flag('bad', {})).toMatchObject({
      reason: 'ERROR',
      errorCode: 'PARSE_ERROR',
    });
  });
});
