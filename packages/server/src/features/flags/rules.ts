import {
  BUCKETS,
  type FlagRule,
  type FlagType,
  type flagRuleInputSchema,
  type JsonValue,
  type Variant,
} from '@tabula/protocol';
import type { z } from 'zod';
import { invalidField } from '../../http/app-error';

export type FlagRuleInput = z.infer<typeof flagRuleInputSchema>;

const VALUE_MATCHES: Record<FlagType, (value: JsonValue) => boolean> = {
  boolean: (value) => typeof value === 'boolean',
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  json: () => true,
};

/** Whether a value can be a variant of a flag of this type. */
export const valueFitsType = (type: FlagType, value: JsonValue): boolean => VALUE_MATCHES[type](value);

/** Variant keys are unique, their values are of the flag's type, and the default and off variants exist. */
export function checkVariants(flag: {
  type: FlagType;
  variants: Variant[];
  defaultVariant: string | null;
  offVariant: string | null;
}): void {
  const seen = new Set<string>();
  flag.variants.forEach((variant, index) => {
    if (seen.has(variant.key)) throw invalidField(`variants.${index}.key`, `Variant "${variant.key}" appears twice`);
    seen.add(variant.key);
    if (!valueFitsType(flag.type, variant.value)) {
      throw invalidField(`variants.${index}.value`, `Please input a ${flag.type} value for a ${flag.type} flag`);
    }
  });
  for (const field of ['defaultVariant', 'offVariant'] as const) {
    // None (null) is allowed: the code's own default value is served.
    const variant = flag[field];
    if (variant !== null && !seen.has(variant)) throw invalidField(field, `There is no variant "${variant}"`);
  }
}

/** What a rule may refer to: the flag's variants, and the project's segments and experiments. */
export interface RuleReferences {
  variants: ReadonlySet<string>;
  segments: ReadonlySet<string>;
  experiments: ReadonlySet<string>;
}

function checkRule(rule: FlagRuleInput, path: string, refs: RuleReferences): void {
  rule.segments.forEach((key, index) => {
    if (!refs.segments.has(key)) throw invalidField(`${path}.segments.${index}`, `There is no segment "${key}"`);
  });
  const { serve } = rule;
  switch (serve.kind) {
    case 'variant':
      if (!refs.variants.has(serve.variant)) {
        throw invalidField(`${path}.serve.variant`, `There is no variant "${serve.variant}"`);
      }
      return;
    case 'rollout': {
      serve.weights.forEach((weight, index) => {
        if (!refs.variants.has(weight.variant)) {
          throw invalidField(`${path}.serve.weights.${index}.variant`, `There is no variant "${weight.variant}"`);
        }
      });
      const sum = serve.weights.reduce((total, weight) => total + weight.weight, 0);
      if (sum !== BUCKETS) {
        throw invalidField(`${path}.serve.weights`, `Weights add up to ${sum}; they must add up to ${BUCKETS} (100%)`);
      }
      return;
    }
    case 'experiment':
      if (!refs.experiments.has(serve.experiment)) {
        throw invalidField(`${path}.serve.experiment`, `There is no experiment "${serve.experiment}"`);
      }
      return;
  }
}

/**
 * Checks every rule against what it refers to and gives new rules their id (a rollout's salt, kept for life). New ids
 * are short and follow a pattern (`r1`, `r2`…, the first free ones): random ids do not compress, and every SDK
 * payload carries them.
 */
export function prepareRules(rules: FlagRuleInput[], refs: RuleReferences, path = 'rules'): FlagRule[] {
  const ids = new Set<string>();
  const taken = new Set(rules.flatMap((rule) => (rule.id === undefined ? [] : [rule.id])));
  let counter = 0;
  const freshId = () => {
    let id: string;
    do id = `r${++counter}`;
    while (taken.has(id));
    taken.add(id);
    return id;
  };
  return rules.map((rule, index) => {
    checkRule(rule, `${path}.${index}`, refs);
    const id = rule.id ?? freshId();
    if (ids.has(id)) throw invalidField(`${path}.${index}.id`, `Rule id "${id}" appears twice`);
    ids.add(id);
    return { id, conditions: rule.conditions, segments: rule.segments, serve: rule.serve };
  });
}

/** The variants a rule may serve. */
export function servedVariants(rule: FlagRule): string[] {
  switch (rule.serve.kind) {
    case 'variant':
      return [rule.serve.variant];
    case 'rollout':
      return rule.serve.weights.map((weight) => weight.variant);
    case 'experiment':
      return [];
  }
}
