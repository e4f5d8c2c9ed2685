import { type GettingStarted, gettingStartedSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const gettingStartedPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/getting-started`;

export const getGettingStarted = (projectId: string): Promise<GettingStarted> =>
  api.get(gettingStartedPath(projectId), { schema: gettingStartedSchema });

export const getGettingStartedQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.gettingStarted(projectId), queryFn: () => getGettingStarted(projectId) });

/** `refetchInterval` lets the page tick a step off while the team does it in another tab. */
export const useGettingStarted = (projectId: string, options: { refetchInterval?: number } = {}) =>
  useQuery({ ...getGettingStartedQueryOptions(projectId), ...options });
