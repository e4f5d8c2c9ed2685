import { type AuditEntityType, auditPageSchema } from '@tabula/protocol';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface AuditFilters {
  projectId?: string;
  entityType?: AuditEntityType;
  actorId?: string;
}

const PAGE_SIZE = 50;

export const getAuditLog = (filters: AuditFilters, before?: string) =>
  api.get('/audit', { query: { ...filters, limit: PAGE_SIZE, before }, schema: auditPageSchema });

export const getAuditLogQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.audit, filters],
    queryFn: ({ pageParam }) => getAuditLog(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useAuditLog = (filters: AuditFilters) => useInfiniteQuery(getAuditLogQueryOptions(filters));
