import type { EvaluationErrorCode, EvaluationReason, JsonValue, PayloadFlag, Serve } from '@tabula/protocol';
import { compileAudience, type Segments } from './audience';
import { createBucketer, unitOf } from './bucket';
import { isObject } from './coercion';
import type { CompiledExperiment } from './experiments';
import { fromPart, HELD } from './operators';
import { Problem } from './problem';
import { explain, type Fault, fault, type PayloadCache } from './report';
import type { Attributes, CompiledFlag, EvaluationOptions, FlagResult } from './types';
import { compileSplit } from './weights';

/**
 * `results` holds one evaluation's prerequisite results by flag key, so a flag several others require is evaluated
 * once; `depth` is how deep in a chain of prerequisites this flag is.
 */
export type { CompiledFlag } from './types';

/** A rule's answer: the result, no match (null), or undefined for "would have matched but the unit has no id". */
type Serving = (attributes: Attributes, options: EvaluationOptions) => FlagResult | null | undefined;

export function errorResult(key: string, errorCode: EvaluationErrorCode): FlagResult {
  return { key, value: null, variant: null, reason: 'ERROR', errorCode };
}

/** Stands in for a flag the payload describes badly, or one of its variants: PARSE_ERROR, and the problem reported. */
export const brokenFlag =
  (key: string, problem: Fault): CompiledFlag =>
  (_attributes, options) => {
    problem(options);
    return errorResult(key, 'PARSE_ERROR');
  };

export interface FlagScope {
  readonly segments: Segments;
  readonly experiments: ReadonlyMap<string, CompiledExperiment>;
  readonly cache: PayloadCache;
  /** Every flag of the payload, filled in once all are compiled: prerequisites are looked up as they are evaluated. */
  readonly flags: ReadonlyMap<string, CompiledFlag>;
}

/**
 * An own property, not an inherited one (a param named `constructor` is not Object's). Object.hasOwn is not in
 * es2020; this runs once per payload, not per evaluation.
 */
const hasOwn = (object: object, name: string): boolean => Object.keys(object).includes(name);

export function compileFlag(flag: PayloadFlag, scope: FlagScope): CompiledFlag {
  const { key, variants, rules } = flag;
  const prerequisites = flag.prerequisites || [];
  if (
    typeof key !== 'string' ||
    !Array.isArray(variants) ||
    !Array.isArray(rules) ||
    !Array.isArray(prerequisites) ||
    !variants.every((variant) => isObject(variant) && typeof variant.key === 'string') ||
    !rules.every((rule) => isObject(rule) && typeof rule.id === 'string' && isObject(rule.serve))
  ) {
    throw new Error(explain(Problem.FlagMalformed, key));
  }
  const values = new Map<string, JsonValue>();
  for (const variant of variants) if (!values.has(variant.key)) values.set(variant.key, variant.value);
  // Shared by every result, so frozen: a caller cannot change what the next one reads.
  const metadata = flag.metadata && Object.freeze(flag.metadata);

  /**
   * Builds a fresh result per evaluation: callers own what they receive. A variant the flag lacks: PARSE_ERROR. No
   * variant (null) serves the caller's own default: no value and no variant, which the client fills in.
   */
  function serveVariant(variant: string | null, reason: EvaluationReason, ruleId?: string): CompiledFlag {
    if (variant === null) return () => ({ key, value: null, variant: null, reason, metadata });
    if (!values.has(variant)) return brokenFlag(key as string, fault(explain(Problem.MissingVariant, key, variant)));
    const value = values.get(variant) as JsonValue;
    // Without a rule, `ruleId` is undefined: absent from JSON, and ignored by the OpenFeature providers; so is
    // `metadata` for a flag without any.
    return () => ({ key, value, variant, reason, ruleId, metadata });
  }

  function compileServe(serve: Serve, ruleId: string): Serving {
    switch (serve.kind) {
      case 'variant':
        return serveVariant(serve.variant, 'TARGETING_MATCH', ruleId);
      case 'rollout': {
        const { weights } = serve;
        if (!Array.isArray(weights)) throw new Error(explain(Problem.RuleMalformed, key, ruleId));
        const outcomes = weights.map((weight) => serveVariant(weight.variant, 'SPLIT', ruleId));
        const split = compileSplit(
          weights.map((weight) => weight.weight),
          `Flag ${key} rule ${ruleId}`,
        );
        const unitAttribute = serve.unitAttribute ?? 'id';
        const bucketOf = createBucketer(`${key}.${ruleId}`);
        return (attributes, options) => {
          const unit = unitOf(attributes, unitAttribute);
          if (unit === undefined) return undefined;
          const index = split(bucketOf(unit), options);
          return index < 0 ? null : (outcomes[index] as CompiledFlag)(attributes, options);
        };
      }
      case 'experiment': {
        const experiment = scope.experiments.get(serve.experiment);
        // The payload holds running experiments only: a rule pointing at a stopped one simply never matches.
        if (!experiment) return () => null;
        const name = serve.param ?? (key as string);
        const { versions } = experiment;
        // A version without the param serves no value: the rule does not match.
        const params = versions.map((version) => (hasOwn(version.params, name) ? version.params[name] : undefined));
        return (attributes, options) => {
          let index = experiment.forced(options);
          const forced = index >= 0;
          if (!forced) {
            const assigned = experiment.assignIndex(attributes, options);
            if (assigned === undefined) return undefined;
            index = assigned;
          }
          const value = params[index];
          if (index < 0 || value === undefined) return null;
          const variant = (versions[index] as { key: string }).key;
          const result: FlagResult = { key, value, variant, reason: 'SPLIT', ruleId, metadata };
          if (!forced) {
            result.exposure = {
              experiment: experiment.key,
              version: variant,
              unit: unitOf(attributes, experiment.unitAttribute) as string,
            };
          }
          return result;
        };
      }
      default: {
        const unknown: never = serve;
        throw new Error(explain(Problem.UnknownServe, key, ruleId, (unknown as Serve).kind));
      }
    }
  }

  if (!flag.enabled) return serveVariant(flag.offVariant, 'DISABLED');
  const targeting = compileTargeting();
  if (prerequisites.length === 0) return targeting;
  const failed = serveVariant(flag.offVariant, 'PREREQUISITE_FAILED');
  return fromPart('compilePrerequisites', scope.cache, failed, key, prerequisites, scope.flags, targeting, failed);

  /** What the flag serves once it is on and its prerequisites are met: its rules, then its default. */
  function compileTargeting(): CompiledFlag {
    // A flag without rules is STATIC, unless it defers to the caller's default: that is a DEFAULT however it is reached.
    if (rules.length === 0) {
      return serveVariant(flag.defaultVariant, flag.defaultVariant === null ? 'DEFAULT' : 'STATIC');
    }
    const fallback = serveVariant(flag.defaultVariant, 'DEFAULT');
    // Each rule's audience and serving side by side rather than in one wrapping closure: one call less per rule.
    const audiences = rules.map((rule) => compileAudience(rule.conditions, rule.segments, scope.segments, scope.cache));
    const servings = rules.map((rule) => compileServe(rule.serve, rule.id));
    // A unit (by `id`) the project's holdout keeps out of this flag gets its default, whatever the rules say.
    const held = flag.holdout && fromPart('compileHoldout', scope.cache, HELD, flag.holdout);

    return (attributes, options) => {
      const unit = held && unitOf(attributes, 'id');
      if (unit && held(unit, options)) return fallback(attributes, options);
      let unitMissing = false;
      for (let i = 0; i < servings.length; i++) {
        const audience = audiences[i];
        if (audience && !audience(attributes, options)) continue;
        const outcome = (servings[i] as Serving)(attributes, options);
        if (outcome === undefined) unitMissing = true;
        else if (outcome) return outcome;
      }
      const result = fallback(attributes, options);
      // OpenFeature's TARGETING_KEY_MISSING: a rule applied to this visitor but could not split without a unit id.
      if (unitMissing && !result.errorCode) result.errorCode = 'TARGETING_KEY_MISSING';
      return result;
    };
  }
}
