import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { apiKeysPath } from './get-api-keys';

export const revokeApiKey = (projectId: string, keyId: string): Promise<void> =>
  api.delete(`${apiKeysPath(projectId)}/${encodeURIComponent(keyId)}`);

export function useRevokeApiKey(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => revokeApiKey(projectId, keyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys(projectId) }),
  });
}
