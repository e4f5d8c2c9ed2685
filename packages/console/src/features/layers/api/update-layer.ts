import { type Layer, layerSchema, type UpdateLayerBody } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { layerPath } from './get-layers';
import { invalidateLayers } from './invalidate-layers';

export const updateLayer = (projectId: string, key: string, body: UpdateLayerBody): Promise<Layer> =>
  api.patch(layerPath(projectId, key), { body, schema: layerSchema });

export function useUpdateLayer(projectId: string, key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateLayerBody) => updateLayer(projectId, key, body),
    onSuccess: () => invalidateLayers(queryClient, projectId),
  });
}
