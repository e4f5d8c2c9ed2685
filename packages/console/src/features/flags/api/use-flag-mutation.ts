import type { DivertedChange, Flag, FlagEnvironmentState } from '@tabula/protocol';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { isDiverted, useDivertedChangeNotice } from '../../../lib/diverted-change';
import { storeAnswer } from '../../../lib/query-data';
import { queryKeys } from '../../../lib/query-keys';

// The lists ask again: their filters (status, on/off) may no longer hold for the changed flag.
const refreshLists = (queryClient: QueryClient, projectId: string) =>
  queryClient.invalidateQueries({ queryKey: [...queryKeys.flags(projectId), 'list'] });

/** A change to one flag whose answer is the flag as it now is: the flag page shows it at once. */
export function useFlagMutation<TVariables>(projectId: string, mutationFn: (variables: TVariables) => Promise<Flag>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (flag) => {
      await storeAnswer(queryClient, queryKeys.flag(projectId, flag.key), flag);
      return refreshLists(queryClient, projectId);
    },
  });
}

export interface FlagEnvironmentTarget {
  flagKey: string;
  environment: string;
}

/**
 * A change to a flag in one environment; the answer is that environment's new state — or, where the environment
 * requires approvals, the draft change request the change went to, which changes nothing on the flag yet.
 */
export function useFlagEnvironmentMutation<TVariables extends FlagEnvironmentTarget>(
  projectId: string,
  mutationFn: (variables: TVariables) => Promise<FlagEnvironmentState | DivertedChange>,
) {
  const queryClient = useQueryClient();
  const noticeDiverted = useDivertedChangeNotice(projectId);
  return useMutation({
    mutationFn,
    onSuccess: async (result, { flagKey, environment }) => {
      if (isDiverted(result)) return noticeDiverted(result);
      await storeAnswer<Flag>(queryClient, queryKeys.flag(projectId, flagKey), (flag) =>
        flag ? { ...flag, environments: { ...flag.environments, [environment]: result } } : flag,
      );
      return refreshLists(queryClient, projectId);
    },
  });
}
