import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { resultsPath, resultsQueryKey } from './get-experiment-results';

/** The answer's times are not needed: the results report the running refresh and its progress. */
export const refreshExperimentResults = async (projectId: string, key: string): Promise<void> => {
  await api.post(`${resultsPath(projectId, key)}/refresh`);
};

/** A refresh started here or refused because one already runs: either way the results show its progress next. */
export function useRefreshExperimentResults(projectId: string, key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshExperimentResults(projectId, key),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resultsQueryKey(projectId, key) }),
  });
}
