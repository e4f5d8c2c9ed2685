import { type Environment, environmentSchema, type UpdateEnvironmentBody } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { environmentsPath } from './environments-path';

export const updateEnvironment = (projectId: string, key: string, body: UpdateEnvironmentBody): Promise<Environment> =>
  api.patch(environmentsPath(projectId, key), { body, schema: environmentSchema });

export function useUpdateEnvironment(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...body }: UpdateEnvironmentBody & { key: string }) => updateEnvironment(projectId, key, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
  });
}
