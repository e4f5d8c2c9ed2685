import { auditPageSchema } from '@tabula/protocol';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const PAGE_SIZE = 50;

/** A flag's entries of the audit log, newest first. */
export const getFlagHistory = (projectId: string, flagId: string, before?: string) =>
  api.get('/audit', {
    query: { projectId, entityType: 'flag', entityId: flagId, limit: PAGE_SIZE, before },
    schema: auditPageSchema,
  });

export const getFlagHistoryQueryOptions = (projectId: string, flagId: string) =>
  infiniteQueryOptions({
    // Under the audit log's key: every change refreshes it (see the query client).
    queryKey: [...queryKeys.audit, 'flag', projectId, flagId],
    queryFn: ({ pageParam }) => getFlagHistory(projectId, flagId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useFlagHistory = (projectId: string, flagId: string) =>
  useInfiniteQuery(getFlagHistoryQueryOptions(projectId, flagId));
