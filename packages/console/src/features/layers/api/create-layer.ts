import { type CreateLayerBody, type Layer, layerSchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { layersPath } from './get-layers';
import { invalidateLayers } from './invalidate-layers';

export const createLayer = (projectId: string, body: CreateLayerBody): Promise<Layer> =>
  api.post(layersPath(projectId), { body, schema: layerSchema });

export function useCreateLayer(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLayerBody) => createLayer(projectId, body),
    onSuccess: () => invalidateLayers(queryClient, projectId),
  });
}
