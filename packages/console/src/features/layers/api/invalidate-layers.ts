import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/** A layer change shows in the layers page and the audit log. */
export const invalidateLayers = (queryClient: QueryClient, projectId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.layers(projectId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.audit }),
  ]);
