import type { Database } from '../../db/client';
import { conflict, notFound } from '../../http/app-error';
import { newId } from '../../lib/ids';
import { type Acting, recordAudit } from '../audit/service';
import { getProject } from './projects';
import { deleteEnvironmentRow, insertEnvironments, updateEnvironmentRow } from './store';
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
  input: { key: string; name: string },
): Promise<Environment> {
  const project = await getProject(tx, projectId, { lock: true });
  if (project.environments.some((env) => env.key === input.key)) {
    throw conflict(`This project already has an environment with key "${input.key}"`);
  }
  const [env] = await insertEnvironments(tx, [{ id: newId(), projectId, ...input }]);
  await audit(tx, acting, 'environment.created', env!, null, input);
  return env!;
}

export async function renameEnvironment(
  tx: Database,
  acting: Acting,
  projectId: string,
  key: string,
  name: string,
): Promise<Environment> {
  const { env } = await lockEnvironment(tx, projectId, key);
  const updated = await updateEnvironmentRow(tx, env.id, { name });
  await audit(tx, acting, 'environment.updated', env, { key, name: env.name }, { key, name });
  return updated;
}

/** Its API keys go with it (foreign keys cascade). */
export async function deleteEnvironment(tx: Database, acting: Acting, projectId: string, key: string): Promise<void> {
  const { env, siblings } = await lockEnvironment(tx, projectId, key);
  if (siblings === 0) throw conflict('A project needs at least one environment: add another one first');
  await deleteEnvironmentRow(tx, env.id);
  await audit(tx, acting, 'environment.deleted', env, { key, name: env.name }, null);
}
