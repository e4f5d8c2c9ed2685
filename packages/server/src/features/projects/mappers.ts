import type { Environment as EnvironmentBody, ProjectAccess, Project as ProjectBody } from '@tabula/protocol';
import { keySchema } from '@tabula/protocol';
import { iso, projectParams } from '../../http/schemas';
import type { Environment, Project } from './types';

export const toEnvironmentBody = (env: Environment): EnvironmentBody => ({
  id: env.id,
  key: env.key,
  name: env.name,
  createdAt: iso(env.createdAt),
  payloadKey: env.payloadKey,
  protected: env.protected,
  requiredApprovals: env.requiredApprovals,
});

export const toProjectBody = (project: Project, access: ProjectAccess): ProjectBody => ({
  id: project.id,
  name: project.name,
  description: project.description,
  createdAt: iso(project.createdAt),
  environments: project.environments.map(toEnvironmentBody),
  statistics: project.statistics,
  access,
  staleAfterDays: project.staleAfterDays,
  customScripts: project.customScripts,
  breakdownAttributes: project.breakdownAttributes,
});

export const environmentParams = projectParams.extend({ envKey: keySchema });
