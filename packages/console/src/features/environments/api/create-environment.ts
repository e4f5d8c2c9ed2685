import { type CreateEnvironmentBody, type Environment, environmentSchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { environmentsPath } from './environments-path';

export const createEnvironment = (projectId: string, body: CreateEnvironmentBody): Promise<Environment> =>
  api.post(environmentsPath(projectId), { body, schema: environmentSchema });

export function useCreateEnvironment(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEnvironmentBody) => createEnvironment(projectId, body),
    // The project carries its environments too (project list, key form), so all of it is refreshed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
  });
}
