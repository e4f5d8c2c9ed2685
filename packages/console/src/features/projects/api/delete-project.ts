import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const deleteProject = (projectId: string): Promise<void> =>
  api.delete(`/projects/${encodeURIComponent(projectId)}`);

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_, projectId) => {
      queryClient.removeQueries({ queryKey: queryKeys.project(projectId) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.projects, exact: true });
    },
  });
}
