import { type Layer, layerListSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const layersPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/layers`;
export const layerPath = (projectId: string, key: string) => `${layersPath(projectId)}/${encodeURIComponent(key)}`;

export const getLayers = async (projectId: string): Promise<Layer[]> =>
  (await api.get(layersPath(projectId), { schema: layerListSchema })).layers;

export const getLayersQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.layers(projectId), queryFn: () => getLayers(projectId) });

export const useLayers = (projectId: string) => useQuery(getLayersQueryOptions(projectId));
