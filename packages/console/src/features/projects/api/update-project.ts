import { type Project, projectSchema, type UpdateProjectBody } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeAnswer } from '../../../lib/query-data';
import { queryKeys } from '../../../lib/query-keys';

export const updateProject = (projectId: string, body: UpdateProjectBody): Promise<Project> =>
  api.patch(`/projects/${encodeURIComponent(projectId)}`, { body, schema: projectSchema });

export function useUpdateProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProjectBody) => updateProject(projectId, body),
    onSuccess: async (project) => {
      await storeAnswer(queryClient, queryKeys.project(projectId), project);
      return queryClient.invalidateQueries({ queryKey: queryKeys.projects, exact: true });
    },
  });
}
