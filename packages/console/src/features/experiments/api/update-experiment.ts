import { type DivertedChange, type Experiment, experimentSchema, type UpdateExperimentBody } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isDiverted, orDiverted, useDivertedChangeNotice } from '../../../lib/diverted-change';
import { experimentPath } from './get-experiments';
import { invalidateExperiments } from './invalidate-experiments';

/** A re-randomising edit where a protected environment requires approvals answers with the draft change request. */
export const updateExperiment = (
  projectId: string,
  key: string,
  body: UpdateExperimentBody,
): Promise<Experiment | DivertedChange> =>
  api.patch(experimentPath(projectId, key), { body, schema: orDiverted(experimentSchema) });

export function useUpdateExperiment(projectId: string, key: string) {
  const queryClient = useQueryClient();
  const noticeDiverted = useDivertedChangeNotice(projectId);
  return useMutation({
    mutationFn: (body: UpdateExperimentBody) => updateExperiment(projectId, key, body),
    onSuccess: (result) =>
      isDiverted(result) ? noticeDiverted(result) : invalidateExperiments(queryClient, projectId),
  });
}
