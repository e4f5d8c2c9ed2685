import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/** An experiment change shows in its lists, its page, its layer's slot map and the audit log. */
export const invalidateExperiments = (queryClient: QueryClient, projectId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.experiments(projectId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.layers(projectId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.audit }),
  ]);

/** A deleted experiment's page is left, not refetched into a "not found". */
export function forgetExperiment(queryClient: QueryClient, projectId: string, key: string): void {
  queryClient.removeQueries({ queryKey: queryKeys.experiment(projectId, key), exact: true });
  void invalidateExperiments(queryClient, projectId);
}
