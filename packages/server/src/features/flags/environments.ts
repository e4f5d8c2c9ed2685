import type { Database } from '../../db/client';
import { invalidField, notFound } from '../../http/app-error';
import type { Acting } from '../audit/service';
import { listEnvironments } from '../projects/service';
import { auditFlag, findFlag, getFlag, ruleReferences } from './flags';
import { type FlagRuleInput, prepareRules } from './rules';
import { upsertFlagEnvironment } from './store';
import type { Flag, FlagEnvironmentState } from './types';

async function environmentOf(db: Database, projectId: string, envKey: string, field?: string) {
  const env = (await listEnvironments(db, projectId)).find((candidate) => candidate.key === envKey);
  if (env) return env;
  if (field) throw invalidField(field, `This project has no environment "${envKey}"`);
  throw notFound('Environment');
}

export async function getFlagEnvironment(
  db: Database,
  projectId: string,
  key: string,
  envKey: string,
): Promise<FlagEnvironmentState> {
  await environmentOf(db, projectId, envKey);
  return (await getFlag(db, projectId, key)).environments[envKey]!;
}

export async function writeEnvironment(
  tx: Database,
  acting: Acting,
  flag: Flag,
  envKey: string,
  environmentId: string,
  next: Pick<FlagEnvironmentState, 'enabled' | 'rules'>,
): Promise<FlagEnvironmentState> {
  const before = (await getFlag(tx, flag.projectId, flag.key)).environments[envKey]!;
  await upsertFlagEnvironment(tx, { flagId: flag.id, environmentId, ...next });
  await auditFlag(
    tx,
    acting,
    'flag.environment_updated',
    flag,
    // The flag's key and name travel along so the audit log names the flag, not its id.
    { key: flag.key, name: flag.name, environment: envKey, enabled: before.enabled, rules: before.rules },
    { key: flag.key, name: flag.name, environment: envKey, ...next },
  );
  return (await getFlag(tx, flag.projectId, flag.key)).environments[envKey]!;
}

/** Sets the switch, the rules, or both at once; rules are checked against the flag and the project. */
export async function setFlagEnvironment(
  tx: Database,
  acting: Acting,
  projectId: string,
  key: string,
  envKey: string,
  input: { enabled?: boolean | undefined; rules?: FlagRuleInput[] | undefined },
): Promise<FlagEnvironmentState> {
  const env = await environmentOf(tx, projectId, envKey);
  const flag = await findFlag(tx, projectId, key, true);
  const current = (await getFlag(tx, projectId, key)).environments[envKey]!;
  const rules =
    input.rules === undefined
      ? current.rules
      : prepareRules(input.rules, await ruleReferences(tx, projectId, flag.variants));
  return writeEnvironment(tx, acting, flag, envKey, env.id, { enabled: input.enabled ?? current.enabled, rules });
}

/** The target keeps its switch; rule ids are kept, so a rollout splits units the same way in both. */
export async function copyFlagRules(
  tx: Database,
  acting: Acting,
  projectId: string,
  key: string,
  route: { from: string; to: string },
): Promise<FlagEnvironmentState> {
  if (route.from === route.to) throw invalidField('to', 'Please input an environment other than the source');
  await environmentOf(tx, projectId, route.from, 'from');
  const target = await environmentOf(tx, projectId, route.to, 'to');
  const flag = await findFlag(tx, projectId, key, true);
  const { environments } = await getFlag(tx, projectId, key);
  return writeEnvironment(tx, acting, flag, route.to, target.id, {
    enabled: environments[route.to]!.enabled,
    rules: environments[route.from]!.rules,
  });
}
