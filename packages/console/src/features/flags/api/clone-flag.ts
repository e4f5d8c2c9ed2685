import { type CloneFlagBody, type Flag, flagSchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { flagPath } from './flags-path';

export const cloneFlag = (projectId: string, flagKey: string, body: CloneFlagBody): Promise<Flag> =>
  api.post(`${flagPath(projectId, flagKey)}/clone`, { body, schema: flagSchema });

export function useCloneFlag(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ flagKey, body }: { flagKey: string; body: CloneFlagBody }) => cloneFlag(projectId, flagKey, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.flags(projectId) }),
  });
}
