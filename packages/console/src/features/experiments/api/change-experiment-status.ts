import { type Experiment, type ExperimentAction, experimentSchema, type StopExperimentBody } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { experimentPath } from './get-experiments';
import { invalidateExperiments } from './invalidate-experiments';

/** Start (also resume), pause and archive carry nothing; stop carries the decision. */
export type StatusChange = { action: Exclude<ExperimentAction, 'stop'> } | { action: 'stop'; body: StopExperimentBody };

export const changeExperimentStatus = (projectId: string, key: string, change: StatusChange): Promise<Experiment> =>
  api.post(`${experimentPath(projectId, key)}/${change.action}`, {
    body: change.action === 'stop' ? change.body : undefined,
    schema: experimentSchema,
  });

export function useChangeExperimentStatus(projectId: string, key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StatusChange) => changeExperimentStatus(projectId, key, change),
    onSuccess: () => invalidateExperiments(queryClient, projectId),
  });
}
