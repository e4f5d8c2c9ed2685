import type { CloneFlagBody } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { conflict } from '../../http/app-error';
import { newId } from '../../lib/ids';
import type { Acting } from '../audit/service';
import { listEnvironments } from '../projects/service';
import { auditFlag, findFlag, flagSnapshot, getFlag } from './flags';
import { insertFlag, selectFlag, upsertFlagEnvironment } from './store';
import type { FlagWithEnvironments } from './types';

/**
 * A new flag with the source's definition (type, variants, default and off variants, description, tags, metadata) and
 * its rules and prerequisites in every environment. It starts off everywhere: a copy reaches visitors only when someone
 * turns it on. Rule ids are kept, so once on, a rollout splits units as the source's does. Nothing requires the new flag
 * yet, so its prerequisites cannot close a cycle.
 */
export async function cloneFlag(
  tx: Database,
  acting: Acting,
  projectId: string,
  sourceKey: string,
  input: CloneFlagBody,
): Promise<FlagWithEnvironments> {
  const source = await getFlag(tx, projectId, (await findFlag(tx, projectId, sourceKey, true)).key);
  if (await selectFlag(tx, projectId, input.key)) {
    throw conflict(`This project already has a flag with key "${input.key}"`);
  }
  const id = newId();
  await insertFlag(tx, {
    id,
    projectId,
    key: input.key,
    name: input.name,
    description: source.description,
    type: source.type,
    variants: source.variants,
    defaultVariant: source.defaultVariant,
    offVariant: source.offVariant,
    tags: source.tags,
    metadata: source.metadata,
  });
  for (const env of await listEnvironments(tx, projectId)) {
    const state = source.environments[env.key];
    if (!state || state.updatedAt === null) continue;
    await upsertFlagEnvironment(tx, {
      flagId: id,
      environmentId: env.id,
      enabled: false,
      rules: state.rules,
      prerequisites: state.prerequisites,
    });
  }
  const clone = await getFlag(tx, projectId, input.key);
  const environments = Object.fromEntries(
    Object.entries(clone.environments).map(([envKey, { enabled, rules, prerequisites }]) => [
      envKey,
      { enabled, rules, prerequisites },
    ]),
  );
  await auditFlag(tx, acting, 'flag.cloned', clone, null, {
    ...flagSnapshot(clone),
    clonedFrom: source.key,
    environments,
  });
  return clone;
}
