import { type Experiment, experimentSchema, type UpdateExperimentBody } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { experimentPath } from './get-experiments';
import { invalidateExperiments } from './invalidate-experiments';

export const updateExperiment = (projectId: string, key: string, body: UpdateExperimentBody): Promise<Experiment> =>
  api.patch(experimentPath(projectId, key), { body, schema: experimentSchema });

export function useUpdateExperiment(projectId: string, key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateExperimentBody) => updateExperiment(projectId, key, body),
    onSuccess: () => invalidateExperiments(queryClient, projectId),
  });
}
