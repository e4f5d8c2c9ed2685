import { type CreateApiKeyBody, type CreatedApiKey, createdApiKeySchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { apiKeysPath } from './get-api-keys';

export const createApiKey = (projectId: string, body: CreateApiKeyBody): Promise<CreatedApiKey> =>
  api.post(apiKeysPath(projectId), { body, schema: createdApiKeySchema });

export function useCreateApiKey(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => createApiKey(projectId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys(projectId) }),
  });
}
