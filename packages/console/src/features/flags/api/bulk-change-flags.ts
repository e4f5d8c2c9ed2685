import { type BulkFlagBody, type BulkFlagResult, bulkFlagResultSchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { flagsPath } from './flags-path';

export const bulkChangeFlags = (projectId: string, body: BulkFlagBody): Promise<BulkFlagResult> =>
  api.post(`${flagsPath(projectId)}/bulk`, { body, schema: bulkFlagResultSchema });

/**
 * Archives, restores or switches many flags at once; each flag has its own outcome. Every flag list and page is
 * asked again (any of them may have changed), and the change-request lists too when a change went to one.
 */
export function useBulkChangeFlags(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkFlagBody) => bulkChangeFlags(projectId, body),
    onSuccess: ({ results }) => {
      if (results.some((item) => item.outcome === 'requested')) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.changeRequests(projectId) });
      }
      return queryClient.invalidateQueries({ queryKey: queryKeys.flags(projectId) });
    },
  });
}
