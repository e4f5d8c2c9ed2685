import { type Holdout, holdoutListSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const holdoutsPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/holdouts`;
export const holdoutPath = (projectId: string, key: string) => `${holdoutsPath(projectId)}/${encodeURIComponent(key)}`;

export const getHoldouts = async (projectId: string): Promise<Holdout[]> =>
  (await api.get(holdoutsPath(projectId), { schema: holdoutListSchema })).holdouts;

export const getHoldoutsQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.holdouts(projectId), queryFn: () => getHoldouts(projectId) });

export const useHoldouts = (projectId: string) => useQuery(getHoldoutsQueryOptions(projectId));
