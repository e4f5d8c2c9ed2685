import { type UnknownFlagList, unknownFlagListSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getUnknownFlags = (projectId: string): Promise<UnknownFlagList> =>
  api.get(`/projects/${encodeURIComponent(projectId)}/unknown-flags`, { schema: unknownFlagListSchema });

export const getUnknownFlagsQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.unknownFlags(projectId), queryFn: () => getUnknownFlags(projectId) });

export const useUnknownFlags = (projectId: string) => useQuery(getUnknownFlagsQueryOptions(projectId));
