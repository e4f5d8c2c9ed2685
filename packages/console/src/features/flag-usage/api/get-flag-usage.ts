import { type FlagUsageQuery, type FlagUsageSeries, flagUsageSeriesSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getFlagUsage = (projectId: string, flagKey: string, query: FlagUsageQuery): Promise<FlagUsageSeries> =>
  api.get(`/projects/${encodeURIComponent(projectId)}/flags/${encodeURIComponent(flagKey)}/usage`, {
    query: { environment: query.environment, days: String(query.days) },
    schema: flagUsageSeriesSchema,
  });

export const getFlagUsageQueryOptions = (projectId: string, flagKey: string, query: FlagUsageQuery) =>
  queryOptions({
    queryKey: [...queryKeys.flagUsage(projectId, flagKey), query],
    queryFn: () => getFlagUsage(projectId, flagKey, query),
  });

export const useFlagUsage = (projectId: string, flagKey: string, query: FlagUsageQuery) =>
  useQuery(getFlagUsageQueryOptions(projectId, flagKey, query));
