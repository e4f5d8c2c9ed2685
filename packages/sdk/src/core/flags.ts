import type { EvaluationErrorCode, FlagRule, JsonValue, PayloadFlag, Serve } from '@tabula/protocol';
import { compileAudience, type Segments } from './audience';
import { createBucketer, unitOf } from './bucket';
import type { ConditionCache, Test } from './condition-cache';
import { type CompiledExperiment, NO_UNIT, NOT_IN } from './experiments';
import { type Problem, problem, reportOnce } from './report';
import type { Attributes, EvaluationOptions, FlagResult } from './types';
import { cumulativeEnds, intervalOf, weightsProblem } from './weights';

export type CompiledFlag = (attributes: Attributes, options: EvaluationOptions) => FlagResult;

/** A rule's answer: the result, no match (null), or "would have matched but the unit has no id". */
const UNIT_MISSING = 'unit-missing';
type RuleOutcome = FlagResult | null | typeof UNIT_MISSING;
type Serving = (attributes: Attributes, options: EvaluationOptions) => RuleOutcome;
/** Kept as two fields rather than one wrapping closure: one call less on the hot path. */
type CompiledRule = { readonly audience: Test | undefined; readonly serve: Serving };

/** Builds a fresh result per evaluation: callers own what they receive. */
type Outcome = (attributes: Attributes, options: EvaluationOptions) => FlagResult;

export function errorResult(key: string, errorCode: EvaluationErrorCode): FlagResult {
  return { key, value: null, variant: null, reason: 'ERROR', errorCode };
}

interface FlagScope {
  readonly segments: Segments;
  readonly experiments: ReadonlyMap<string, CompiledExperiment>;
  readonly cache: ConditionCache;
}

export function compileFlag(flag: PayloadFlag, scope: FlagScope): CompiledFlag {
  const { key } = flag;
  if (typeof key !== 'string' || !Array.isArray(flag.variants) || !Array.isArray(flag.rules)) {
    throw new Error(`Flag ${String(key)} is malformed`);
  }
  const variants = new Map<string, JsonValue>();
  for (const variant of flag.variants) {
    if (typeof variant?.key !== 'string') throw new Error(`Flag ${key} has a variant without a key`);
    if (!variants.has(variant.key)) variants.set(variant.key, variant.value);
  }

  /** A missing variant turns every evaluation that reaches it into a PARSE_ERROR, reported once. */
  function serveVariant(variant: string, reason: FlagResult['reason'], ruleId?: string): Outcome {
    if (!variants.has(variant)) {
      const fault = problem(`Flag ${key} serves variant "${variant}", which it does not define`);
      return (_attributes, options) => {
        reportOnce(fault, options);
        return errorResult(key, 'PARSE_ERROR');
      };
    }
    const value = variants.get(variant) as JsonValue;
    return ruleId === undefined
      ? () => ({ key, value, variant, reason })
      : () => ({ key, value, variant, reason, ruleId });
  }

  if (!flag.enabled) {
    return serveVariant(flag.offVariant, 'DISABLED');
  }
  if (flag.rules.length === 0) {
    return serveVariant(flag.defaultVariant, 'STATIC');
  }

  const fallback = serveVariant(flag.defaultVariant, 'DEFAULT');
  const rules = flag.rules.map((rule) => compileRule(rule));

  function compileRule(rule: FlagRule): CompiledRule {
    if (typeof rule?.id !== 'string' || typeof rule.serve !== 'object' || rule.serve === null) {
      throw new Error(`Flag ${key} has a malformed rule`);
    }
    return {
      audience: compileAudience(rule.conditions, rule.segments, scope.segments, scope.cache),
      serve: compileServe(rule.serve, rule.id),
    };
  }

  function compileServe(serve: Serve, ruleId: string): Serving {
    switch (serve.kind) {
      case 'variant':
        return serveVariant(serve.variant, 'TARGETING_MATCH', ruleId);
      case 'rollout':
        return compileRollout(serve, ruleId);
      case 'experiment':
        return compileExperimentServe(serve, ruleId);
      default: {
        const unknown: never = serve;
        throw new Error(`Flag ${key} rule ${ruleId} serves an unknown kind ${JSON.stringify(unknown)}`);
      }
    }
  }

  function compileRollout(serve: Extract<Serve, { kind: 'rollout' }>, ruleId: string): Serving {
    if (!Array.isArray(serve.weights)) throw new Error(`Flag ${key} rule ${ruleId} has no weights`);
    const ends = cumulativeEnds(serve.weights.map((weight) => weight.weight));
    const outcomes = serve.weights.map((weight) => serveVariant(weight.variant, 'SPLIT', ruleId));
    const weightMessage = weightsProblem(ends, `Flag ${key} rule ${ruleId}`);
    const weightFault: Problem | undefined = weightMessage === undefined ? undefined : problem(weightMessage);
    const unitAttribute = serve.unitAttribute ?? 'id';
    const bucketOf = createBucketer(`${key}.${ruleId}`);
    return (attributes, options) => {
      const unit = unitOf(attributes, unitAttribute);
      if (unit === undefined) return UNIT_MISSING;
      const index = intervalOf(ends, bucketOf(unit));
      if (index < 0) {
        if (weightFault !== undefined) reportOnce(weightFault, options);
        return null;
      }
      return (outcomes[index] as Outcome)(attributes, options);
    };
  }

  function compileExperimentServe(serve: Extract<Serve, { kind: 'experiment' }>, ruleId: string): Serving {
    const experiment = scope.experiments.get(serve.experiment);
    // The payload holds running experiments only: a rule pointing at a stopped one simply never matches.
    if (experiment === undefined) return () => null;
    const values = experiment.param(serve.param ?? key);
    const versionKeys = experiment.versions.map((version) => version.key);
    const experimentKey = experiment.key;
    return (attributes, options) => {
      let index = options.forcedVersions === undefined ? NOT_IN : experiment.forced(options.forcedVersions);
      const forced = index >= 0;
      if (!forced) {
        index = experiment.assign(attributes, options);
        if (index === NO_UNIT) return UNIT_MISSING;
        if (index < 0) return null;
      }
      const value = values[index];
      if (value === undefined) return null;
      const variant = versionKeys[index] as string;
      return forced
        ? { key, value, variant, reason: 'SPLIT', ruleId }
        : { key, value, variant, reason: 'SPLIT', ruleId, exposure: { experiment: experimentKey, version: variant } };
    };
  }

  return (attributes, options) => {
    let unitMissing = false;
    for (const rule of rules) {
      if (rule.audience !== undefined && !rule.audience(attributes, options)) continue;
      const outcome = rule.serve(attributes, options);
      if (outcome === null) continue;
      if (outcome === UNIT_MISSING) {
        unitMissing = true;
        continue;
      }
      return outcome;
    }
    const result = fallback(attributes, options);
    // OpenFeature's TARGETING_KEY_MISSING: a rule applied to this visitor but could not split without a unit id.
    if (unitMissing && result.reason !== 'ERROR') result.errorCode = 'TARGETING_KEY_MISSING';
    return result;
  };
}
