import { auditPageSchema } from '@tabula/protocol';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const PAGE_SIZE = 100;

/**
 * The audit entries of the project's experiments, a page at a time. The audit API filters by entity type but not
 * by entity, so the caller keeps the entries of the one experiment it shows.
 */
export const getExperimentHistoryQueryOptions = (projectId: string) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.audit, 'experiment-history', projectId],
    queryFn: ({ pageParam }) =>
      api.get('/audit', {
        query: { projectId, entityType: 'experiment', limit: PAGE_SIZE, before: pageParam },
        schema: auditPageSchema,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useExperimentHistory(projectId: string, experimentId: string) {
  const history = useInfiniteQuery(getExperimentHistoryQueryOptions(projectId));
  const entries =
    history.data?.pages.flatMap((page) => page.entries).filter((entry) => entry.entityId === experimentId) ?? [];
  return { ...history, entries };
}
