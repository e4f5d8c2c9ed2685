import { type CreateExperimentBody, type Experiment, experimentSchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { experimentsPath } from './get-experiments';
import { invalidateExperiments } from './invalidate-experiments';

export const createExperiment = (projectId: string, body: CreateExperimentBody): Promise<Experiment> =>
  api.post(experimentsPath(projectId), { body, schema: experimentSchema });

export function useCreateExperiment(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateExperimentBody) => createExperiment(projectId, body),
    onSuccess: () => invalidateExperiments(queryClient, projectId),
  });
}
