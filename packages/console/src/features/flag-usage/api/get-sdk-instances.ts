import { type SdkInstanceList, sdkInstanceListSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getSdkInstances = (projectId: string): Promise<SdkInstanceList> =>
  api.get(`/projects/${encodeURIComponent(projectId)}/sdk-instances`, { schema: sdkInstanceListSchema });

export const getSdkInstancesQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.sdkInstances(projectId), queryFn: () => getSdkInstances(projectId) });

export const useSdkInstances = (projectId: string) => useQuery(getSdkInstancesQueryOptions(projectId));
