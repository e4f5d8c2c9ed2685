import type { FlagRule } from '@tabula/protocol';
import type { Database } from '../../db/client';
import type { Acting } from '../audit/service';
import { listEnvironments } from '../projects/service';
import { writeEnvironment } from './environments';
import { findFlag, getFlag, updateFlag } from './flags';
import { type DecidedVersion, variantForDecision } from './roll-out';
import { selectRulesServingExperiment } from './store';

export type { DecidedVersion } from './roll-out';

/** Where a flag rule serves an experiment: why the experiment cannot go. */
export interface ExperimentRuleUsage {
  kind: 'flag';
  key: string;
  environment: string;
  rule: string;
}

type ExperimentServe = Extract<FlagRule['serve'], { kind: 'experiment' }>;

const servesExperiment = (rule: FlagRule, experiment: string): rule is FlagRule & { serve: ExperimentServe } =>
  rule.serve.kind === 'experiment' && rule.serve.experiment === experiment;

export async function listRulesServingExperiment(
  db: Database,
  projectId: string,
  experiment: string,
): Promise<ExperimentRuleUsage[]> {
  const rows = await selectRulesServingExperiment(db, projectId, experiment);
  return rows.flatMap((row) =>
    row.rules
      .filter((rule) => servesExperiment(rule, experiment))
      .map((rule) => ({ kind: 'flag' as const, key: row.flagKey, environment: row.environmentKey, rule: rule.id })),
  );
}

/**
 * Every rule, in every environment, serving the experiment now serves the decided version's value as a plain
 * variant: the rule keeps its place, id, conditions and segments. Each flag changed is audited like an edit.
 */
export async function rollOutExperiment(
  tx: Database,
  acting: Acting,
  projectId: string,
  decided: DecidedVersion,
): Promise<void> {
  const flagKeys = new Set(
    (await selectRulesServingExperiment(tx, projectId, decided.experiment)).map((row) => row.flagKey),
  );
  const environments = await listEnvironments(tx, projectId);
  for (const key of flagKeys) {
    const flag = await findFlag(tx, projectId, key, true);
    let { variants } = flag;
    const rules = Object.entries((await getFlag(tx, projectId, key)).environments).map(([envKey, state]) => ({
      envKey,
      state,
      rules: state.rules.map((rule): FlagRule => {
        if (!servesExperiment(rule, decided.experiment)) return rule;
        const chosen = variantForDecision(flag, variants, decided, rule.serve.param ?? flag.key);
        variants = chosen.variants;
        return { ...rule, serve: { kind: 'variant', variant: chosen.variant } };
      }),
    }));
    if (variants.length !== flag.variants.length) await updateFlag(tx, acting, projectId, key, { variants });
    for (const { envKey, state, rules: next } of rules) {
      if (next.every((rule, index) => rule === state.rules[index])) continue;
      const env = environments.find((candidate) => candidate.key === envKey)!;
      await writeEnvironment(tx, acting, flag, envKey, env.id, {
        enabled: state.enabled,
        rules: next,
        prerequisites: state.prerequisites,
      });
    }
  }
}
