import type { FlagRule, PayloadFlag, SdkPayload } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { type Attributes, createEvaluator } from '../../src/core';
import { errorLog, experimentOf, flagOf, payloadOf } from './fixtures';

const everyone: FlagRule = { id: 'all', conditions: [], segments: [], serve: { kind: 'variant', variant: 'on' } };

describe('createEvaluator', () => {
  it('evaluates every flag and every experiment the unit is in', () => {
    const evaluator = createEvaluator(
      payloadOf({
        flags: [flagOf({ key: 'a', rules: [everyone] }), flagOf({ key: 'b', enabled: false })],
        experiments: [experimentOf({ key: 'in' }), experimentOf({ key: 'out', traffic: 0 })],
      }),
    );
    const flags = evaluator.allFlags({ id: 'u' });
    expect(Object.keys(flags)).toEqual(['a', 'b']);
    expect(flags.a?.reason).toBe('TARGETING_MATCH');
    expect(flags.b?.reason).toBe('DISABLED');
    expect(Object.keys(evaluator.allExperiments({ id: 'u' }))).toEqual(['in']);
    expect(evaluator.allExperiments({ id: 'u' }, { forcedVersions: { out: 'control' } }).out?.forced).toBe(true);
  });

  it('keeps the first of duplicate keys', () => {
    const evaluator = createEvaluator(
      payloadOf({ flags: [flagOf({ key: 'a', defaultVariant: 'on' }), flagOf({ key: 'a', defaultVariant: 'off' })] }),
    );
    expect(evaluator.flag('a', {}).variant).toBe('on');
  });

  it('answers PARSE_ERROR for a malformed flag, reported, and keeps the others', () => {
    const log = errorLog();
    const broken = { ...flagOf({ key: 'bad' }), rules: 'nope' } as unknown as PayloadFlag;
    const evaluator = createEvaluator(payloadOf({ flags: [broken, flagOf({ key: 'good' })] }));
    expect(evaluator.flag('bad', {}, log)).toEqual({
      key: 'bad',
      value: null,
      variant: null,
      reason: 'ERROR',
      errorCode: 'PARSE_ERROR',
    });
    expect(evaluator.flag('good', {}, log).reason).toBe('STATIC');
    expect(log.errors).toHaveLength(1);
  });

  it('never throws on a broken payload, and answers ERROR', () => {
    for (const payload of [null, 'text', 42, { flags: 'nope' }, { flags: [null, 7] }, { experiments: {} }]) {
      const log = errorLog();
      const evaluator = createEvaluator(payload as unknown as SdkPayload);
      expect(evaluator.flag('any', {}, log).reason).toBe('ERROR');
      expect(evaluator.experiment('any', {}, log)).toBeNull();
      expect(() => evaluator.allFlags({}, log)).not.toThrow();
      expect(() => evaluator.allExperiments({}, log)).not.toThrow();
    }
    const log = errorLog();
    expect(createEvaluator(null as unknown as SdkPayload).flag('any', {}, log).errorCode).toBe('PARSE_ERROR');
    expect(log.errors[0]?.message).toMatch(/Unreadable SDK payload/);
  });

  it('never throws on odd attributes', () => {
    const evaluator = createEvaluator(
      payloadOf({
        flags: [
          flagOf({ key: 'a', rules: [{ ...everyone, conditions: [{ attribute: 'x', operator: 'eq', values: [1] }] }] }),
        ],
        experiments: [experimentOf({ key: 'e' })],
      }),
    );
    for (const attributes of [null, undefined, 'text', 5]) {
      expect(evaluator.flag('a', attributes as unknown as Attributes).reason).toBe('DEFAULT');
      expect(evaluator.experiment('e', attributes as unknown as Attributes)).toBeNull();
    }
  });

  it('catches what the host throws at it and answers GENERAL', () => {
    const log = errorLog();
    const evaluator = createEvaluator(
      payloadOf({
        flags: [
          flagOf({
            key: 'a',
            rules: [{ ...everyone, conditions: [{ attribute: 'x', operator: 'exists', values: [] }] }],
          }),
        ],
      }),
    );
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('hostile getter');
        },
      },
    );
    expect(evaluator.flag('a', hostile, log)).toMatchObject({ reason: 'ERROR', errorCode: 'GENERAL' });
    expect(log.errors[0]?.message).toBe('hostile getter');
    expect(evaluator.allFlags(hostile, log).a?.errorCode).toBe('GENERAL');
  });

  it('reports a payload fault once per payload, not once per evaluation', () => {
    const log = errorLog();
    const rule: FlagRule = { ...everyone, conditions: [{ attribute: 'x', operator: 'near', values: [] }] };
    const evaluator = createEvaluator(
      payloadOf({ flags: [flagOf({ key: 'a', rules: [rule] }), flagOf({ key: 'b', rules: [rule] })] }),
    );
    for (let i = 0; i < 5; i++) evaluator.allFlags({ x: 1 }, log);
    expect(log.errors).toHaveLength(1);
  });

  it('waits for an onError before it counts a fault as reported', () => {
    const rule: FlagRule = { ...everyone, conditions: [{ attribute: 'x', operator: 'near', values: [] }] };
    const evaluator = createEvaluator(payloadOf({ flags: [flagOf({ key: 'a', rules: [rule] })] }));
    evaluator.flag('a', {});
    const log = errorLog();
    evaluator.flag('a', {}, log);
    expect(log.errors).toHaveLength(1);
  });
});
