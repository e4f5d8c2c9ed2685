import type { PrerequisiteInput } from '@tabula/protocol';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invalidField, notFound } from '../../http/app-error';
import type { Acting } from '../audit/service';
import { listEnvironments } from '../projects/service';
import { auditFlag, findFlag, getFlag, ruleReferences } from './flags';
import { checkPrerequisites } from './prerequisites';
import { type FlagRuleInput, prepareRules } from './rules';
import { selectFlagVariantKeys, selectPrerequisites, upsertFlagEnvironment } from './store';
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

/**
 * Checks a flag's prerequisites in one environment against the project's flags and the environment's other
 * prerequisites. Saves of prerequisites in a project take turns, so two saves cannot each close half of a cycle.
 */
export async function preparePrerequisites(
  tx: Database,
  flag: Flag,
  environmentId: string,
  input: PrerequisiteInput[],
  path?: string,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tabula.prerequisites.${flag.projectId}`}))`);
  const flags = await selectFlagVariantKeys(tx, flag.projectId);
  const targets = new Map(
    flags.map((row) => [row.key, { variants: row.variants.map((variant) => variant.key), archived: row.archived }]),
  );
  const rows = await selectPrerequisites(tx, flag.projectId, environmentId);
  const graph = new Map(rows.map((row) => [row.flagKey, row.prerequisites.map((prerequisite) => prerequisite.flag)]));
  return checkPrerequisites(flag.key, input, targets, graph, path);
}

export async function writeEnvironment(
  tx: Database,
  acting: Acting,
  flag: Flag,
  envKey: string,
  environmentId: string,
  next: Pick<FlagEnvironmentState, 'enabled' | 'rules' | 'prerequisites'>,
): Promise<FlagEnvironmentState> {
  const before = (await getFlag(tx, flag.projectId, flag.key)).environments[envKey]!;
  await upsertFlagEnvironment(tx, { flagId: flag.id, environmentId, ...next });
  const { enabled, rules, prerequisites } = before;
  await auditFlag(
    tx,
    acting,
    'flag.environment_updated',
    flag,
    // The flag's key and name travel along so the audit log names the flag, not its id.
    { key: flag.key, name: flag.name, environment: envKey, enabled, rules, prerequisites },
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
  input: {
    enabled?: boolean | undefined;
    rules?: FlagRuleInput[] | undefined;
    prerequisites?: PrerequisiteInput[] | undefined;
  },
): Promise<FlagEnvironmentState> {
  const env = await environmentOf(tx, projectId, envKey);
  const flag = await findFlag(tx, projectId, key, true);
  const current = (await getFlag(tx, projectId, key)).environments[envKey]!;
  const rules =
    input.rules === undefined
      ? current.rules
      : prepareRules(input.rules, await ruleReferences(tx, projectId, flag.variants));
  const prerequisites =
    input.prerequisites === undefined
      ? current.prerequisites
      : await preparePrerequisites(tx, flag, env.id, input.prerequisites);
  const enabled = input.enabled ?? current.enabled;
  return writeEnvironment(tx, acting, flag, envKey, env.id, { enabled, rules, prerequisites });
}

/**
 * The target keeps its switch; rule ids are kept, so a rollout splits units the same way in both. Prerequisites come
 * along, checked against the target environment's own.
 */
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
  const source = environments[route.from]!;
  return writeEnvironment(tx, acting, flag, route.to, target.id, {
    enabled: environments[route.to]!.enabled,
    rules: source.rules,
    prerequisites: await preparePrerequisites(tx, flag, target.id, source.prerequisites, 'from'),
  });
}
