import type { CreateFlagBody, FlagListQuery, UpdateFlagBody, Variant } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { AppError, conflict, invalidField, notFound } from '../../http/app-error';
import { newId } from '../../lib/ids';
import { type Acting, recordAudit } from '../audit/service';
import { listExperimentKeys } from '../experiments/service';
import { getProject, listEnvironments } from '../projects/service';
import { holdSegmentKeys } from '../segments/service';
import { dependantsOf } from './prerequisites';
import { checkVariants, type RuleReferences, servedVariants } from './rules';
import { flagStaleness } from './stale';
import {
  deleteFlagRow,
  type FlagFilter,
  insertFlag,
  markFlagArchived,
  selectFlag,
  selectFlagEnvironments,
  selectFlagPage,
  selectFlagUsage,
  selectPrerequisites,
  updateFlagRow,
} from './store';
import type { Flag, FlagEnvironmentState, FlagWithEnvironments } from './types';

/** What the audit log keeps of a flag's definition. */
export const flagSnapshot = (flag: Flag) => ({
  key: flag.key,
  name: flag.name,
  description: flag.description,
  type: flag.type,
  variants: flag.variants,
  defaultVariant: flag.defaultVariant,
  offVariant: flag.offVariant,
  tags: flag.tags,
  metadata: flag.metadata,
  archivedAt: flag.archivedAt,
});

export const auditFlag = (tx: Database, acting: Acting, action: string, flag: Flag, before: unknown, after: unknown) =>
  recordAudit(tx, {
    ...acting,
    projectId: flag.projectId,
    action,
    entityType: 'flag',
    entityId: flag.id,
    before,
    after,
  });

/**
 * Each flag with its state in every environment of the project (or only in `onlyEnvironment`), and whether it is
 * potentially stale, which every environment decides.
 */
async function withEnvironments(
  db: Database,
  projectId: string,
  flags: Flag[],
  onlyEnvironment?: string,
): Promise<FlagWithEnvironments[]> {
  const { environments, staleAfterDays } = await getProject(db, projectId);
  const now = new Date();
  const rows = await selectFlagEnvironments(
    db,
    flags.map((flag) => flag.id),
  );
  const usage = await selectFlagUsage(
    db,
    projectId,
    flags.map((flag) => flag.key),
  );
  return flags.map((flag) => {
    const states = environments.map((env): [string, FlagEnvironmentState] => {
      const row = rows.find((candidate) => candidate.flagId === flag.id && candidate.environmentId === env.id);
      const used = usage.find((candidate) => candidate.flagKey === flag.key && candidate.environmentId === env.id);
      const state = row
        ? { enabled: row.enabled, rules: row.rules, prerequisites: row.prerequisites, updatedAt: row.updatedAt }
        : OFF;
      return [env.key, { ...state, lastEvaluatedAt: used?.lastEvaluatedAt ?? null }];
    });
    return {
      ...flag,
      environments: Object.fromEntries(
        states.filter(([key]) => onlyEnvironment === undefined || key === onlyEnvironment),
      ),
      stale: flagStaleness({ flag, environments: states.map(([, state]) => state), staleAfterDays, now }),
    };
  });
}

/** A flag without a row in an environment is off there. */
const OFF = { enabled: false, rules: [], prerequisites: [], updatedAt: null };

export async function ruleReferences(tx: Database, projectId: string, variants: Variant[]): Promise<RuleReferences> {
  const segments = await holdSegmentKeys(tx, projectId);
  const experiments = await listExperimentKeys(tx, projectId);
  return {
    variants: new Set(variants.map((variant) => variant.key)),
    segments: new Set(segments),
    experiments: new Set(experiments),
  };
}

export async function listFlags(
  db: Database,
  projectId: string,
  query: FlagListQuery,
): Promise<{ flags: FlagWithEnvironments[]; total: number; nextOffset: number | null }> {
  const { environment, ...filter } = query;
  let environmentId: string | undefined;
  if (environment !== undefined) {
    const found = (await listEnvironments(db, projectId)).find((env) => env.key === environment);
    if (!found) throw invalidField('environment', `This project has no environment "${environment}"`);
    environmentId = found.id;
  } else if (query.enabled !== undefined) {
    throw invalidField('enabled', 'Please input the environment the flags are on or off in');
  }
  if (query.stale !== undefined) return listByStaleness(db, projectId, { ...filter, environmentId }, query);
  const page = await selectFlagPage(db, projectId, { ...filter, environmentId });
  const end = query.offset + page.flags.length;
  return {
    flags: await withEnvironments(db, projectId, page.flags, environment),
    total: page.total,
    nextOffset: end < page.total ? end : null,
  };
}

/** A project's flags are judged in memory (staleness is not SQL), then paged; the other filters still go to SQL. */
async function listByStaleness(
  db: Database,
  projectId: string,
  filter: FlagFilter,
  query: FlagListQuery,
): Promise<{ flags: FlagWithEnvironments[]; total: number; nextOffset: number | null }> {
  const all = await selectFlagPage(db, projectId, { ...filter, limit: Number.MAX_SAFE_INTEGER, offset: 0 });
  const judged = await withEnvironments(db, projectId, all.flags, query.environment);
  const matching = judged.filter((flag) => flag.stale.stale === query.stale);
  const flags = matching.slice(query.offset, query.offset + query.limit);
  const end = query.offset + flags.length;
  return { flags, total: matching.length, nextOffset: end < matching.length ? end : null };
}

export async function findFlag(db: Database, projectId: string, key: string, lock = false): Promise<Flag> {
  const flag = await selectFlag(db, projectId, key, { lock });
  if (!flag) throw notFound('Flag');
  return flag;
}

export async function getFlag(db: Database, projectId: string, key: string): Promise<FlagWithEnvironments> {
  const [flag] = await withEnvironments(db, projectId, [await findFlag(db, projectId, key)]);
  return flag!;
}

/** A boolean flag needs no variants spelled out: on serves true, off serves false. */
/** Left out, the default is the first variant and the off variant the default; null (none) is kept. */
function variantsOf(input: CreateFlagBody): {
  variants: Variant[];
  defaultVariant: string | null;
  offVariant: string | null;
} {
  if (input.variants) {
    const first = input.variants[0]!.key;
    const defaultVariant = input.defaultVariant === undefined ? first : input.defaultVariant;
    return {
      variants: input.variants,
      defaultVariant,
      offVariant: input.offVariant === undefined ? defaultVariant : input.offVariant,
    };
  }
  if (input.type !== 'boolean') throw invalidField('variants', `Please input the variants of a ${input.type} flag`);
  return {
    variants: [
      { key: 'on', value: true },
      { key: 'off', value: false },
    ],
    defaultVariant: input.defaultVariant === undefined ? 'on' : input.defaultVariant,
    offVariant: input.offVariant === undefined ? 'off' : input.offVariant,
  };
}

export async function createFlag(
  tx: Database,
  acting: Acting,
  projectId: string,
  input: CreateFlagBody,
): Promise<FlagWithEnvironments> {
  const definition = { type: input.type, ...variantsOf(input) };
  checkVariants(definition);
  if (await selectFlag(tx, projectId, input.key)) {
    throw conflict(`This project already has a flag with key "${input.key}"`);
  }
  await insertFlag(tx, {
    id: newId(),
    projectId,
    key: input.key,
    name: input.name,
    description: input.description,
    tags: input.tags,
    metadata: input.metadata,
    ...definition,
  });
  const flag = await findFlag(tx, projectId, input.key);
  await auditFlag(tx, acting, 'flag.created', flag, null, flagSnapshot(flag));
  return getFlag(tx, projectId, input.key);
}

/** Changing variants must leave every environment's rules serving variants that still exist. */
export async function updateFlag(
  tx: Database,
  acting: Acting,
  projectId: string,
  key: string,
  changes: UpdateFlagBody,
): Promise<FlagWithEnvironments> {
  const before = await findFlag(tx, projectId, key, true);
  const after = { ...before, ...changes };
  checkVariants(after);
  if (changes.variants) {
    const keys = new Set(after.variants.map((variant) => variant.key));
    const current = await getFlag(tx, projectId, key);
    for (const [envKey, state] of Object.entries(current.environments)) {
      const missing = state.rules.flatMap(servedVariants).find((variant) => !keys.has(variant));
      if (missing !== undefined) {
        throw conflict(`A rule in environment "${envKey}" serves variant "${missing}": change the rule first`);
      }
    }
    const required = (await selectPrerequisites(tx, projectId)).flatMap((row) =>
      row.prerequisites
        .filter((prerequisite) => prerequisite.flag === key)
        .flatMap((prerequisite) => prerequisite.variants.filter((variant) => !keys.has(variant)))
        .map((variant) => `${row.flagKey} (${row.environmentKey}) requires variant "${variant}"`),
    );
    if (required.length > 0) {
      throw new AppError(
        'conflict',
        `Other flags require variants this change removes: ${required.join('; ')}`,
        required,
      );
    }
  }
  await updateFlagRow(tx, before.id, changes);
  await auditFlag(tx, acting, 'flag.updated', before, flagSnapshot(before), flagSnapshot(after));
  return getFlag(tx, projectId, key);
}

export async function setFlagArchived(
  tx: Database,
  acting: Acting,
  projectId: string,
  key: string,
  archived: boolean,
): Promise<FlagWithEnvironments> {
  const before = await findFlag(tx, projectId, key, true);
  // Archiving twice (or restoring an active flag) changes nothing and is not logged.
  if ((before.archivedAt !== null) !== archived) {
    // An archived flag leaves the SDK payload: the flags requiring it would quietly serve their off variants.
    const dependants = archived ? dependantsOf(key, await selectPrerequisites(tx, projectId)) : [];
    if (dependants.length > 0) {
      throw new AppError(
        'conflict',
        `Flag "${key}" is a prerequisite of ${dependants.join(', ')}: remove it from them first`,
        dependants,
      );
    }
    const archivedAt = archived ? new Date() : null;
    await markFlagArchived(tx, before.id, archivedAt);
    const action = archived ? 'flag.archived' : 'flag.restored';
    await auditFlag(tx, acting, action, before, flagSnapshot(before), flagSnapshot({ ...before, archivedAt }));
  }
  return getFlag(tx, projectId, key);
}

/** Only an archived flag can go: archiving first is the chance to see that nothing still reads it. */
export async function deleteFlag(tx: Database, acting: Acting, projectId: string, key: string): Promise<void> {
  const flag = await getFlag(tx, projectId, key);
  if (flag.archivedAt === null) throw conflict(`Flag "${key}" is not archived: archive it before deleting it`);
  await deleteFlagRow(tx, flag.id);
  await auditFlag(tx, acting, 'flag.deleted', flag, { ...flagSnapshot(flag), environments: flag.environments }, null);
}
