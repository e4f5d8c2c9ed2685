import type { Database } from '../../db/client';
import { selectProjectOrganization } from './store';

export {
  createEnvironment,
  deleteEnvironment,
  environmentPayloadKey,
  findEnvironment,
  listEnvironments,
  rotatePayloadKey,
  updateEnvironment,
} from './environments';
export { createProject, deleteProject, getProject, listProjects, updateProject } from './projects';
export type { Environment, Project } from './types';

/** Which organization owns a project; null when there is no such project. */
export const projectOrganization = (db: Database, projectId: string): Promise<string | null> =>
  selectProjectOrganization(db, projectId);
