import { BUCKETS, type Condition, type Serve } from '@tabula/protocol';
import { type ConditionProblem, firstConditionProblem } from '../../../components/conditions-editor';
import { weightsTotal } from './rollout';

/** Why a rule cannot be saved yet; `rule` is its place in the list. */
export type RuleProblem =
  | { rule: number; kind: 'condition'; problem: ConditionProblem }
  | { rule: number; kind: 'variant' | 'experiment' | 'weights' };

function serveProblem(serve: Serve, variants: ReadonlySet<string>): 'variant' | 'experiment' | 'weights' | null {
  switch (serve.kind) {
    case 'variant':
      return variants.has(serve.variant) ? null : 'variant';
    case 'rollout':
      if (!serve.weights.every((weight) => variants.has(weight.variant))) return 'variant';
      // Typed shares are never rebalanced for the person, so the sum can be off until they fix it.
      return weightsTotal(serve.weights) === BUCKETS ? null : 'weights';
    case 'experiment':
      return serve.experiment.trim() === '' ? 'experiment' : null;
  }
}

/** The first problem, in list order, that would keep the rules from being saved. */
export function firstRuleProblem(
  rules: { conditions: Condition[]; serve: Serve }[],
  variantKeys: string[],
): RuleProblem | null {
  const variants = new Set(variantKeys);
  for (const [rule, { conditions, serve }] of rules.entries()) {
    const condition = firstConditionProblem(conditions);
    if (condition) return { rule, kind: 'condition', problem: condition };
    const kind = serveProblem(serve, variants);
    if (kind) return { rule, kind };
  }
  return null;
}
