import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { environmentsPath } from './environments-path';

export const deleteEnvironment = (projectId: string, key: string): Promise<void> =>
  api.delete(environmentsPath(projectId, key));

export function useDeleteEnvironment(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => deleteEnvironment(projectId, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
  });
}
