import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { checkoutFlag } from '../testing/flag-fixtures';
import {
  defaultRolloutSteps,
  defaultRolloutVariant,
  type RolloutStepDraft,
  rolloutStepProblem,
  toRolloutPlanBody,
} from './rollout-plan';

const now = dayjs('2025-01-15T10:00:00.000Z');

describe('rollout plan', () => {
  it('proposes 10 % in an hour, 50 % the next day and 100 % the day after', () => {
    const steps = defaultRolloutSteps(now);
    expect(steps.map((step) => step.percentage)).toEqual([10, 50, 100]);
    expect(steps.map((step) => step.at.toISOString())).toEqual([
      '2025-01-15T11:00:00.000Z',
      '2025-01-16T10:00:00.000Z',
      '2025-01-17T10:00:00.000Z',
    ]);
  });

  it('rolls out `on` for a boolean flag, else the first variant that is not the off one', () => {
    expect(defaultRolloutVariant(checkoutFlag())).toBe('on');
    const colours = checkoutFlag({
      type: 'string',
      variants: [
        { key: 'grey', value: 'grey' },
        { key: 'blue', value: 'blue' },
      ],
      offVariant: 'grey',
    });
    expect(defaultRolloutVariant(colours)).toBe('blue');
  });

  it('sends the steps in time order, with the rule only when one was chosen', () => {
    const [first, second] = defaultRolloutSteps(now) as [RolloutStepDraft, RolloutStepDraft];
    const steps = [second, first];
    const body = toRolloutPlanBody({ flag: 'checkout', environment: 'production', variant: 'on', steps });
    expect(body.steps.map((step) => step.percentage)).toEqual([10, 50]);
    expect(body).not.toHaveProperty('ruleId');
    expect(dayjs(body.steps[0]?.at).toISOString()).toBe('2025-01-15T11:00:00.000Z');
    expect(toRolloutPlanBody({ flag: 'c', environment: 'p', variant: 'on', ruleId: 'ruleA', steps }).ruleId).toBe(
      'ruleA',
    );
  });

  it('refuses steps in the past and steps that take units back', () => {
    expect(rolloutStepProblem(defaultRolloutSteps(now), now)).toBeNull();
    expect(rolloutStepProblem([{ percentage: 10, at: now.subtract(1, 'minute') }], now)).toBe('past');
    const steps = [
      { percentage: 50, at: now.add(1, 'hour') },
      { percentage: 20, at: now.add(2, 'hour') },
    ];
    expect(rolloutStepProblem(steps, now)).toBe('decreasing');
  });
});
