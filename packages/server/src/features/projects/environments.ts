import { randomBytes } from 'node:crypto';
import { PAYLOAD_KEY_BYTES, type UpdateEnvironmentBody } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../http/app-error';
import { newId } from '../../lib/ids';
import { type Acting, recordAudit } from '../audit/service';
import { getProject } from './projects';
import { deleteEnvironmentRow, insertEnvironments, selectEnvironmentPayloadKey, updateEnvironmentRow } from './store';
import type { Environment } from './types';

const audit = (tx: Database, acting: Acting, action: string, env: Environment, before: unknown, after: unknown) =>
  recordAudit(tx, {
    ...acting,
    projectId: env.projectId,
    action,
    entityType: 'environment',
    entityId: env.id,
    before,
    after,
  });

/** What the audit log shows of an environment: never its key, which would then be read by every viewer of the log. */
const described = (env: Environment) => ({
  key: env.key,
  name: env.name,
  encryptPayload: env.payloadKey !== null,
  protected: env.protected,
  requiredApprovals: env.requiredApprovals,
});

const newPayloadKey = (): string => randomBytes(PAYLOAD_KEY_BYTES).toString('base64');

export async function listEnvironments(db: Database, projectId: string): Promise<Environment[]> {
  return (await getProject(db, projectId)).environments;
}

/** Null when the project has no environment with that key. */
export async function findEnvironment(db: Database, projectId: string, key: string): Promise<Environment | null> {
  return (await listEnvironments(db, projectId)).find((env) => env.key === key) ?? null;
}

async function lockEnvironment(tx: Database, projectId: string, key: string) {
  const project = await getProject(tx, projectId, { lock: true });
  const env = project.environments.find((candidate) => candidate.key === key);
  if (!env) throw notFound('Environment');
  return { env, siblings: project.environments.length - 1 };
}

export async function createEnvironment(
  tx: Database,
  acting: Acting,
  projectId: string,
  input: { key: string; name: string; protected: boolean },
): Promise<Environment> {
  const project = await getProject(tx, projectId, { lock: true });
  if (project.environments.some((env) => env.key === input.key)) {
    throw conflict(`This project already has an environment with key "${input.key}"`);
  }
  const [env] = await insertEnvironments(tx, [{ id: newId(), projectId, ...input }]);
  await audit(tx, acting, 'environment.created', env!, null, described(env!));
  return env!;
}

/**
 * Renames it, protects it or lifts its protection, sets the approvals its changes need, and turns payload encryption on or off. Turning it on makes a new key; asking for it while it is on
 * keeps the key, so pages already carrying it go on working.
 */
export async function updateEnvironment(
  tx: Database,
  acting: Acting,
  projectId: string,
  key: string,
  changes: UpdateEnvironmentBody,
): Promise<Environment> {
  const { env } = await lockEnvironment(tx, projectId, key);
  const { encryptPayload, name } = changes;
  const row: Partial<Pick<Environment, 'name' | 'payloadKey' | 'protected' | 'requiredApprovals'>> = {};
  if (name !== undefined && name !== env.name) row.name = name;
  if (changes.protected !== undefined && changes.protected !== env.protected) row.protected = changes.protected;
  if (changes.requiredApprovals !== undefined && changes.requiredApprovals !== env.requiredApprovals) {
    row.requiredApprovals = changes.requiredApprovals;
  }
  if (encryptPayload !== undefined && encryptPayload !== (env.payloadKey !== null)) {
    row.payloadKey = encryptPayload ? newPayloadKey() : null;
  }
  if (Object.keys(row).length === 0) return env;
  const updated = await updateEnvironmentRow(tx, env.id, row);
  await audit(tx, acting, 'environment.updated', env, described(env), described(updated));
  return updated;
}

/** A new key, encryption on: pages carrying the old key keep their cached payload until they carry the new one. */
export async function rotatePayloadKey(
  tx: Database,
  acting: Acting,
  projectId: string,
  key: string,
): Promise<Environment> {
  const { env } = await lockEnvironment(tx, projectId, key);
  const updated = await updateEnvironmentRow(tx, env.id, { payloadKey: newPayloadKey() });
  await audit(tx, acting, 'environment.payload_key_rotated', env, described(env), described(updated));
  return updated;
}

/** The key an environment's payload is encrypted with, or null when it is served in clear. */
export const environmentPayloadKey = (db: Database, environmentId: string): Promise<string | null> =>
  selectEnvironmentPayloadKey(db, environmentId);

/** Its API keys go with it (foreign keys cascade). */
export async function deleteEnvironment(tx: Database, acting: Acting, projectId: string, key: string): Promise<void> {
  const { env, siblings } = await lockEnvironment(tx, projectId, key);
  if (siblings === 0) throw conflict('A project needs at least one environment: add another one first');
  await deleteEnvironmentRow(tx, env.id);
  await audit(tx, acting, 'environment.deleted', env, { key, name: env.name }, null);
}
