import { type Segment, segmentSchema, type UpdateSegmentBody } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { segmentPath } from './segments-path';

export const updateSegment = (projectId: string, segmentKey: string, body: UpdateSegmentBody): Promise<Segment> =>
  api.patch(segmentPath(projectId, segmentKey), { body, schema: segmentSchema });

export function useUpdateSegment(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ segmentKey, body }: { segmentKey: string; body: UpdateSegmentBody }) =>
      updateSegment(projectId, segmentKey, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.segments(projectId) }),
  });
}
