import { type DivertedChange, type Segment, segmentSchema, type UpdateSegmentBody } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isDiverted, orDiverted, useDivertedChangeNotice } from '../../../lib/diverted-change';
import { queryKeys } from '../../../lib/query-keys';
import { segmentPath } from './segments-path';

/** An edit reaching a protected environment that requires approvals answers with the draft change request. */
export const updateSegment = (
  projectId: string,
  segmentKey: string,
  body: UpdateSegmentBody,
): Promise<Segment | DivertedChange> =>
  api.patch(segmentPath(projectId, segmentKey), { body, schema: orDiverted(segmentSchema) });

export function useUpdateSegment(projectId: string) {
  const queryClient = useQueryClient();
  const noticeDiverted = useDivertedChangeNotice(projectId);
  return useMutation({
    mutationFn: ({ segmentKey, body }: { segmentKey: string; body: UpdateSegmentBody }) =>
      updateSegment(projectId, segmentKey, body),
    onSuccess: (result) =>
      isDiverted(result)
        ? noticeDiverted(result)
        : queryClient.invalidateQueries({ queryKey: queryKeys.segments(projectId) }),
  });
}
