import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { experimentPath } from './get-experiments';
import { forgetExperiment } from './invalidate-experiments';

export const deleteExperiment = (projectId: string, key: string): Promise<void> =>
  api.delete(experimentPath(projectId, key));

export function useDeleteExperiment(projectId: string, key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteExperiment(projectId, key),
    onSuccess: () => forgetExperiment(queryClient, projectId, key),
  });
}
