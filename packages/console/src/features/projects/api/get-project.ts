import { type Project, projectSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getProject = (projectId: string): Promise<Project> =>
  api.get(`/projects/${encodeURIComponent(projectId)}`, { schema: projectSchema });

export const getProjectQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.project(projectId), queryFn: () => getProject(projectId) });

export const useProject = (projectId: string) => useQuery(getProjectQueryOptions(projectId));
