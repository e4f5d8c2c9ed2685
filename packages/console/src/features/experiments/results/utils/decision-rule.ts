import type { DecisionRule, ExperimentResults, MetricResult } from '@tabula/protocol';
import { isTrustworthy } from './health';

/** What the experiment's decision rule says about the results shown. */
export type RuleRecommendation =
  /** A health check fails: no verdict can be trusted, so the rule says nothing. */
  | { kind: 'untrusted' }
  | { kind: 'no_primary_metric' }
  | { kind: 'ship'; version: string }
  /** `metrics`: the breached guardrails, or the primary metrics every version makes worse. */
  | { kind: 'rollback'; reason: 'guardrail' | 'primary'; metrics: string[] }
  /** `daysLeft`: until the planned end; null without one. */
  | { kind: 'keep_running'; daysLeft: number | null }
  /** The planned end is reached and no version qualifies either way. */
  | { kind: 'inconclusive' };

export interface RuleTiming {
  daysRunning: number | null;
  plannedDays: number | null;
}

type Verdict = NonNullable<MetricResult['versions'][number]['lift']>['verdict'] | null;
const verdictOf = (metric: MetricResult, version: string): Verdict =>
  metric.versions.find((row) => row.version === version)?.lift?.verdict ?? null;

/**
 * "Any primary wins" asks for one primary metric better than control and none worse; "all primaries win", every one
 * better. The verdicts are the ones the results page shows (significance after the project's correction).
 */
const qualifies = (rule: DecisionRule, verdicts: Verdict[]): boolean =>
  rule.ship === 'all_primaries_win'
    ? verdicts.every((verdict) => verdict === 'better')
    : verdicts.includes('better') && !verdicts.includes('worse');

/** The lift on the first primary metric, in its good direction: how qualifying versions are ranked. */
const gainOf = (metric: MetricResult, version: string): number => {
  const estimate = metric.versions.find((row) => row.version === version)?.lift?.estimate ?? 0;
  return metric.direction === 'higher' ? estimate : -estimate;
};

/**
 * Applies a decision rule to the results: a breached guardrail (when the rule counts them) rolls back; else the best
 * version that qualifies ships; else, when every version makes a primary metric worse, roll back; else keep running
 * until the planned end, which makes the experiment inconclusive.
 */
export function recommend(
  rule: DecisionRule,
  results: Pick<ExperimentResults, 'health' | 'metrics' | 'versions' | 'control'>,
  timing: RuleTiming,
): RuleRecommendation {
  if (!isTrustworthy(results)) return { kind: 'untrusted' };
  const primaries = results.metrics.filter((metric) => metric.role === 'primary');
  const [first] = primaries;
  if (!first) return { kind: 'no_primary_metric' };
  const breached = results.metrics.filter((metric) => metric.role === 'guardrails' && metric.guardrailBreached);
  if (rule.guardrails === 'none_regress' && breached.length > 0) {
    return { kind: 'rollback', reason: 'guardrail', metrics: breached.map((metric) => metric.name) };
  }
  const treatments = results.versions.map((version) => version.key).filter((key) => key !== results.control);
  const verdicts = new Map(treatments.map((key) => [key, primaries.map((metric) => verdictOf(metric, key))]));
  const winners = treatments
    .filter((key) => qualifies(rule, verdicts.get(key) ?? []))
    .sort((a, b) => gainOf(first, b) - gainOf(first, a));
  if (winners[0] !== undefined) return { kind: 'ship', version: winners[0] };
  if (treatments.length > 0 && treatments.every((key) => verdicts.get(key)?.includes('worse'))) {
    const worse = primaries.filter((metric) => treatments.some((key) => verdictOf(metric, key) === 'worse'));
    return { kind: 'rollback', reason: 'primary', metrics: worse.map((metric) => metric.name) };
  }
  const { daysRunning, plannedDays } = timing;
  if (plannedDays !== null && daysRunning !== null && daysRunning >= plannedDays) return { kind: 'inconclusive' };
  return {
    kind: 'keep_running',
    daysLeft: plannedDays === null ? null : Math.max(0, plannedDays - (daysRunning ?? 0)),
  };
}
