import { type ProjectMember, projectMemberListSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getProjectMembers = async (projectId: string): Promise<ProjectMember[]> =>
  (await api.get(`/projects/${encodeURIComponent(projectId)}/members`, { schema: projectMemberListSchema })).members;

export const useProjectMembers = (projectId: string) =>
  useQuery(
    queryOptions({ queryKey: queryKeys.projectMembers(projectId), queryFn: () => getProjectMembers(projectId) }),
  );
