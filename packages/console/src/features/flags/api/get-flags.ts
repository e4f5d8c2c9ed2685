import { type FlagList, type FlagListQuery, flagListSchema } from '@tabula/protocol';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { flagsPath } from './flags-path';

/** The list query as the address holds it; the server fills in its defaults. */
export type FlagListParams = Partial<FlagListQuery>;

export const getFlags = (projectId: string, params: FlagListParams): Promise<FlagList> =>
  api.get(flagsPath(projectId), {
    query: {
      ...params,
      enabled: params.enabled === undefined ? undefined : String(params.enabled),
      stale: params.stale === undefined ? undefined : String(params.stale),
    },
    schema: flagListSchema,
  });

export const getFlagsQueryOptions = (projectId: string, params: FlagListParams) =>
  queryOptions({
    queryKey: [...queryKeys.flags(projectId), 'list', params],
    queryFn: () => getFlags(projectId, params),
    // Paging and filtering keep the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const useFlags = (projectId: string, params: FlagListParams) =>
  useQuery(getFlagsQueryOptions(projectId, params));
