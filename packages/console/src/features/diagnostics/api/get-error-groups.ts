import { type DiagnosticsWindow, errorGroupListSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getErrorGroups = (days: DiagnosticsWindow) =>
  api.get('/diagnostics/errors', { query: { days }, schema: errorGroupListSchema });

export const getErrorGroupsQueryOptions = (days: DiagnosticsWindow) =>
  queryOptions({
    queryKey: [...queryKeys.diagnostics, 'errors', days],
    queryFn: () => getErrorGroups(days),
    select: (list) => list.groups,
  });

export const useErrorGroups = (days: DiagnosticsWindow) => useQuery(getErrorGroupsQueryOptions(days));
