import { DEFAULT_ENVIRONMENTS, type UpdateProjectBody } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { notFound } from '../../http/app-error';
import { newId } from '../../lib/ids';
import { type Acting, recordAudit } from '../audit/service';
import {
  deleteProjectRow,
  insertEnvironments,
  insertProject,
  selectProject,
  selectProjects,
  updateProjectRow,
} from './store';
import type { Project } from './types';

const snapshot = (
  project: Pick<
    Project,
    'name' | 'description' | 'statistics' | 'staleAfterDays' | 'customScripts' | 'breakdownAttributes'
  >,
) => ({
  name: project.name,
  description: project.description,
  statistics: project.statistics,
  staleAfterDays: project.staleAfterDays,
  customScripts: project.customScripts,
  breakdownAttributes: project.breakdownAttributes,
});

const audit = (tx: Database, acting: Acting, action: string, projectId: string, before: unknown, after: unknown) =>
  recordAudit(tx, { ...acting, projectId, action, entityType: 'project', entityId: projectId, before, after });

export const listProjects = (db: Database, organizationId: string, onlyProjectId?: string): Promise<Project[]> =>
  selectProjects(db, organizationId, onlyProjectId);

/** The access hook has already checked the project belongs to the caller's organization. */
export async function getProject(db: Database, projectId: string, options = { lock: false }): Promise<Project> {
  const project = await selectProject(db, projectId, options);
  if (!project) throw notFound('Project');
  return project;
}

export async function createProject(
  tx: Database,
  acting: Acting,
  input: { name: string; description: string },
): Promise<Project> {
  const id = newId();
  await insertProject(tx, { id, organizationId: acting.organizationId, ...input });
  await insertEnvironments(
    tx,
    DEFAULT_ENVIRONMENTS.map((env) => ({ id: newId(), projectId: id, ...env })),
  );
  const project = await getProject(tx, id);
  await audit(tx, acting, 'project.created', id, null, {
    ...snapshot(project),
    environments: project.environments.map((env) => env.key),
  });
  return project;
}

/** Statistics settings left out of the change keep their values. */
export async function updateProject(
  tx: Database,
  acting: Acting,
  projectId: string,
  changes: UpdateProjectBody,
): Promise<Project> {
  const before = await getProject(tx, projectId, { lock: true });
  const { statistics, ...plain } = changes;
  const defined = {
    ...Object.fromEntries(Object.entries(plain).filter(([, value]) => value !== undefined)),
    ...(statistics && { statistics: { ...before.statistics, ...statistics } }),
  };
  await updateProjectRow(tx, projectId, defined);
  const after = { ...before, ...defined };
  await audit(tx, acting, 'project.updated', projectId, snapshot(before), snapshot(after));
  return after;
}

/** Environments and keys go with the project (foreign keys cascade); its audit history stays. */
export async function deleteProject(tx: Database, acting: Acting, projectId: string): Promise<void> {
  const before = await getProject(tx, projectId, { lock: true });
  await deleteProjectRow(tx, projectId);
  await audit(tx, acting, 'project.deleted', projectId, snapshot(before), null);
}
