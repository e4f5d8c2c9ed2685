import type { ChangeRequest } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeAnswer } from '../../../lib/query-data';
import { queryKeys } from '../../../lib/query-keys';

/**
 * A change to one change request, answered with the request as it now is: its page shows it at once and the lists
 * ask again. An approval may apply it right away, so what it changes is asked for again too.
 */
export function useChangeRequestMutation<TVariables>(
  projectId: string,
  mutationFn: (variables: TVariables) => Promise<ChangeRequest>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (changeRequest) => {
      const detail = queryKeys.changeRequest(projectId, changeRequest.id);
      await storeAnswer(queryClient, detail, changeRequest);
      const stale = [
        queryKeys.changeRequests(projectId),
        ...(changeRequest.status === 'applied'
          ? [queryKeys.flags(projectId), queryKeys.experiments(projectId), queryKeys.segments(projectId)]
          : []),
      ];
      return Promise.all(
        stale.map((queryKey) =>
          // The answer is the request as it now is: asking for its page again would only repeat it.
          queryClient.invalidateQueries({ queryKey, predicate: (query) => !isSameKey(query.queryKey, detail) }),
        ),
      );
    },
  });
}

const isSameKey = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((part, index) => part === b[index]);
