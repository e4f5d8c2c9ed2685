import { type Flag, flagSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { flagPath } from './flags-path';

export const getFlag = (projectId: string, flagKey: string): Promise<Flag> =>
  api.get(flagPath(projectId, flagKey), { schema: flagSchema });

export const getFlagQueryOptions = (projectId: string, flagKey: string) =>
  queryOptions({ queryKey: queryKeys.flag(projectId, flagKey), queryFn: () => getFlag(projectId, flagKey) });

export const useFlag = (projectId: string, flagKey: string) => useQuery(getFlagQueryOptions(projectId, flagKey));
