import type { Condition, Serve } from '@tabula/protocol';
import { type ConditionProblem, firstConditionProblem } from '../../../components/conditions-editor';

/** Why a rule cannot be saved yet; `rule` is its place in the list. */
export type RuleProblem =
  | { rule: number; kind: 'condition'; problem: ConditionProblem }
  | { rule: number; kind: 'variant' | 'experiment' };

function serveProblem(serve: Serve, variants: ReadonlySet<string>): 'variant' | 'experiment' | null {
  switch (serve.kind) {
    case 'variant':
      return variants.has(serve.variant) ? null : 'variant';
    case 'rollout':
      return serve.weights.every((weight) => variants.has(weight.variant)) ? null : 'variant';
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
