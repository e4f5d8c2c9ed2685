import { type CreateSegmentBody, type Segment, segmentSchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { segmentsPath } from './segments-path';

export const createSegment = (projectId: string, body: CreateSegmentBody): Promise<Segment> =>
  api.post(segmentsPath(projectId), { body, schema: segmentSchema });

export function useCreateSegment(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSegmentBody) => createSegment(projectId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.segments(projectId) }),
  });
}
