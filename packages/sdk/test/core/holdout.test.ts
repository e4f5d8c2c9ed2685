import type { PayloadHoldout } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { bucket, createEvaluator, type EvaluationOptions, type StickyAssignments } from '../../src/core';
import { experimentOf, flagOf, payloadOf, units } from './fixtures';

const holdout: PayloadHoldout = { key: 'global-holdout', salt: 'Zq8rT3nW5xKp', percent: 2_000 };
const isHeld = (unit: string) => bucket(holdout.salt, unit) < holdout.percent;

/** Options that record every exposure to the holdout the evaluation reports. */
function listening(): { options: EvaluationOptions; heard: string[] } {
  const heard: string[] = [];
  return { heard, options: { expose: (experiment, version, unit) => heard.push(`${experiment}|${version}|${unit}`) } };
}

const rolledOut = flagOf({
  key: 'new-nav',
  rules: [{ id: 'r1', conditions: [], segments: [], serve: { kind: 'variant', variant: 'on' } }],
});

const evaluator = createEvaluator(
  payloadOf({
    experiments: [experimentOf({ key: 'covered', holdout }), experimentOf({ key: 'free' })],
    flags: [
      { ...rolledOut, holdout },
      { ...rolledOut, key: 'free-flag' },
      flagOf({
        key: 'from-experiment',
        rules: [{ id: 'x', conditions: [], segments: [], serve: { kind: 'experiment', experiment: 'covered' } }],
      }),
    ],
  }),
);

describe('the holdout', () => {
  const all = units(400);
  const held = all.filter(isHeld);
  const general = all.filter((unit) => !isHeld(unit));

  it('holds out bucket(salt, unit) < percent of units, about the share it says', () => {
    expect(held.length / all.length).toBeGreaterThan(0.14);
    expect(held.length / all.length).toBeLessThan(0.26);
  });

  it('gives a held-out unit no version of a covered experiment, nor a flag rule serving one', () => {
    for (const unit of held) {
      expect(evaluator.experiment('covered', { id: unit })).toBeNull();
      expect(evaluator.flag('from-experiment', { id: unit })).toMatchObject({ variant: 'off', reason: 'DEFAULT' });
    }
  });

  it('serves a held-out unit the default of a covered flag, its rules skipped', () => {
    for (const unit of held) {
      expect(evaluator.flag('new-nav', { id: unit })).toMatchObject({ variant: 'off', reason: 'DEFAULT' });
    }
  });

  it('leaves the other units, and what it does not cover, as they were', () => {
    for (const unit of general) {
      expect(evaluator.experiment('covered', { id: unit })?.version).toBe(
        bucket('covered', unit) < 5_000 ? 'control' : 'treatment',
      );
      expect(evaluator.flag('new-nav', { id: unit })).toMatchObject({ variant: 'on', reason: 'TARGETING_MATCH' });
    }
    for (const unit of held) {
      expect(evaluator.experiment('free', { id: unit })).not.toBeNull();
      expect(evaluator.flag('free-flag', { id: unit })).toMatchObject({ variant: 'on' });
    }
  });

  it('reports the unit’s exposure to the holdout whenever something it covers is evaluated, and only then', () => {
    const [inHoldout] = held;
    const [inGeneral] = general;
    const first = listening();
    evaluator.experiment('covered', { id: inHoldout }, first.options);
    evaluator.flag('new-nav', { id: inGeneral }, first.options);
    expect(first.heard).toEqual([`global-holdout|holdout|${inHoldout}`, `global-holdout|general|${inGeneral}`]);

    const untouched = listening();
    evaluator.experiment('free', { id: inHoldout }, untouched.options);
    evaluator.flag('free-flag', { id: inHoldout }, untouched.options);
    // Without a unit id there is nobody to hold out, and nothing to report.
    evaluator.flag('new-nav', {}, untouched.options);
    expect(untouched.heard).toEqual([]);
  });

  it('holds out a unit whose sticky version predates the holdout, and splits by the experiment’s unit attribute', () => {
    const sticky: StickyAssignments = { get: () => ({ version: 'treatment', phase: 0 }), set: () => {} };
    const [unit] = held;
    expect(evaluator.experiment('covered', { id: unit }, { sticky })).toBeNull();

    const byAccount = createEvaluator(
      payloadOf({ experiments: [experimentOf({ key: 'accounts', unitAttribute: 'account', holdout })] }),
    );
    expect(byAccount.experiment('accounts', { id: general[0], account: unit })).toBeNull();
    expect(byAccount.experiment('accounts', { id: unit, account: general[0] })).not.toBeNull();
  });

  it('lets a QA-forced version through: forcing is the tester’s own decision', () => {
    const [unit] = held;
    expect(evaluator.experiment('covered', { id: unit }, { forcedVersions: { covered: 'treatment' } })).toMatchObject({
      version: 'treatment',
      forced: true,
    });
  });
});
