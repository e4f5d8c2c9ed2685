import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { segmentPath } from './segments-path';

export const deleteSegment = (projectId: string, segmentKey: string): Promise<void> =>
  api.delete(segmentPath(projectId, segmentKey));

export function useDeleteSegment(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (segmentKey: string) => deleteSegment(projectId, segmentKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.segments(projectId) }),
  });
}
