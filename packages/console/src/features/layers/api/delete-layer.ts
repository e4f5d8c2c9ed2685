import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { layerPath } from './get-layers';
import { invalidateLayers } from './invalidate-layers';

export const deleteLayer = (projectId: string, key: string): Promise<void> => api.delete(layerPath(projectId, key));

export function useDeleteLayer(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => deleteLayer(projectId, key),
    onSuccess: () => invalidateLayers(queryClient, projectId),
  });
}
