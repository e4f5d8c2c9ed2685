import { type Project, projectListSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getProjects = async (): Promise<Project[]> =>
  (await api.get('/projects', { schema: projectListSchema })).projects;

export const getProjectsQueryOptions = () => queryOptions({ queryKey: queryKeys.projects, queryFn: getProjects });

export const useProjects = () => useQuery(getProjectsQueryOptions());
