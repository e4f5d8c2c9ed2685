import { type ApiKey, apiKeyListSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const apiKeysPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/keys`;

export const getApiKeys = async (projectId: string): Promise<ApiKey[]> =>
  (await api.get(apiKeysPath(projectId), { schema: apiKeyListSchema })).keys;

export const getApiKeysQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.apiKeys(projectId), queryFn: () => getApiKeys(projectId) });

/** `refetchInterval` keeps a page watching the keys live (the integration check watches their last use). */
export const useApiKeys = (projectId: string, options: { refetchInterval?: number } = {}) =>
  useQuery({ ...getApiKeysQueryOptions(projectId), ...options });
