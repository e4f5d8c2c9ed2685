import {
  type DivertedChange,
  type Experiment,
  type ExperimentAction,
  experimentSchema,
  type StopExperimentBody,
} from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isDiverted, orDiverted, useDivertedChangeNotice } from '../../../lib/diverted-change';
import { experimentPath } from './get-experiments';
import { invalidateExperiments } from './invalidate-experiments';

/** Start (also resume), pause and archive carry nothing; stop carries the decision. */
export type StatusChange = { action: Exclude<ExperimentAction, 'stop'> } | { action: 'stop'; body: StopExperimentBody };

/** Starting or stopping where a protected environment requires approvals answers with the draft change request instead. */
export const changeExperimentStatus = (
  projectId: string,
  key: string,
  change: StatusChange,
): Promise<Experiment | DivertedChange> =>
  api.post(`${experimentPath(projectId, key)}/${change.action}`, {
    body: change.action === 'stop' ? change.body : undefined,
    schema: orDiverted(experimentSchema),
  });

export function useChangeExperimentStatus(projectId: string, key: string) {
  const queryClient = useQueryClient();
  const noticeDiverted = useDivertedChangeNotice(projectId);
  return useMutation({
    mutationFn: (change: StatusChange) => changeExperimentStatus(projectId, key, change),
    onSuccess: (result) =>
      isDiverted(result) ? noticeDiverted(result) : invalidateExperiments(queryClient, projectId),
  });
}
