import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { flagPath } from './flags-path';

export const deleteFlag = (projectId: string, flagKey: string): Promise<void> =>
  api.delete(flagPath(projectId, flagKey));

export function useDeleteFlag(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (flagKey: string) => deleteFlag(projectId, flagKey),
    onSuccess: (_, flagKey) => {
      queryClient.removeQueries({ queryKey: queryKeys.flag(projectId, flagKey) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.flags(projectId) });
    },
  });
}
