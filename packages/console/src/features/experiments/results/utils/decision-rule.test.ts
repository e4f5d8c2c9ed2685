import type { DecisionRule } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { healthFixture, metricResult, resultsFixture } from '../testing/results-fixtures';
import { recommend } from './decision-rule';

const anyWins: DecisionRule = { ship: 'any_primary_wins', guardrails: 'none_regress' };
const allWin: DecisionRule = { ship: 'all_primaries_win', guardrails: 'none_regress' };
const midway = { daysRunning: 5, plannedDays: 14 };

const purchase = (verdict: 'better' | 'worse' | 'inconclusive', estimate = 0.05) =>
  metricResult({ key: 'purchase', name: 'Purchase', lift: { verdict, estimate } });
const revenue = (verdict: 'better' | 'worse' | 'inconclusive') =>
  metricResult({ key: 'revenue', name: 'Revenue', type: 'sum', lift: { verdict } });
const bounce = (breached: boolean) =>
  metricResult({
    key: 'bounce',
    name: 'Bounce',
    role: 'guardrails',
    direction: 'lower',
    guardrailBreached: breached,
    lift: { verdict: breached ? 'worse' : 'inconclusive' },
  });
const results = (...metrics: ReturnType<typeof metricResult>[]) => resultsFixture({ metrics });

describe('recommend', () => {
  it('ships a version when one primary wins and none loses, or only when all win as the rule asks', () => {
    const mixed = results(purchase('better'), revenue('inconclusive'));
    expect(recommend(anyWins, mixed, midway)).toEqual({ kind: 'ship', version: 'green' });
    expect(recommend(allWin, mixed, midway)).toEqual({ kind: 'keep_running', daysLeft: 9 });
    expect(recommend(allWin, results(purchase('better'), revenue('better')), midway)).toEqual({
      kind: 'ship',
      version: 'green',
    });
    // A primary made worse keeps a version from shipping on another's win.
    expect(recommend(anyWins, results(purchase('better'), revenue('worse')), midway)).toEqual({
      kind: 'rollback',
      reason: 'primary',
      metrics: ['Revenue'],
    });
  });

  it('ranks qualifying versions by their gain on the first primary metric', () => {
    const metric = purchase('better', 0.02);
    const better = { ...metric.versions[1]!, version: 'red', lift: { ...metric.versions[1]!.lift!, estimate: 0.09 } };
    metric.versions.push(better);
    const threeWay = resultsFixture({
      metrics: [metric],
      versions: [
        ...resultsFixture().versions,
        { key: 'red', name: 'Red', weight: 3333, units: 2000, multipleExposures: 0 },
      ],
    });
    expect(recommend(anyWins, threeWay, midway)).toEqual({ kind: 'ship', version: 'red' });
  });

  it('rolls back on a breached guardrail unless the rule ignores guardrails', () => {
    const breached = results(purchase('better'), bounce(true));
    expect(recommend(anyWins, breached, midway)).toEqual({
      kind: 'rollback',
      reason: 'guardrail',
      metrics: ['Bounce'],
    });
    expect(recommend({ ...anyWins, guardrails: 'ignore' }, breached, midway)).toEqual({
      kind: 'ship',
      version: 'green',
    });
    expect(recommend(anyWins, results(purchase('better'), bounce(false)), midway)).toMatchObject({ kind: 'ship' });
  });

  it('keeps running until the planned end, then calls it inconclusive', () => {
    const flat = results(purchase('inconclusive'));
    expect(recommend(anyWins, flat, midway)).toEqual({ kind: 'keep_running', daysLeft: 9 });
    expect(recommend(anyWins, flat, { daysRunning: 14, plannedDays: 14 })).toEqual({ kind: 'inconclusive' });
    expect(recommend(anyWins, flat, { daysRunning: 30, plannedDays: null })).toEqual({
      kind: 'keep_running',
      daysLeft: null,
    });
  });

  it('says nothing while a health check fails or without a primary metric', () => {
    const untrusted = resultsFixture({ metrics: [purchase('better')], health: healthFixture(['sample_ratio']) });
    expect(recommend(anyWins, untrusted, midway)).toEqual({ kind: 'untrusted' });
    expect(recommend(anyWins, results(bounce(true)), midway)).toEqual({ kind: 'no_primary_metric' });
  });
});
