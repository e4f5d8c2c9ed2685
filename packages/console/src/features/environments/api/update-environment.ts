import { type Environment, environmentSchema, type UpdateEnvironmentBody } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { environmentsPath } from './environments-path';

/** Renames an environment, or turns the encryption of its SDK payload on or off. */
export const updateEnvironment = (projectId: string, key: string, body: UpdateEnvironmentBody): Promise<Environment> =>
  api.patch(environmentsPath(projectId, key), { body, schema: environmentSchema });

export function useUpdateEnvironment(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...body }: UpdateEnvironmentBody & { key: string }) => updateEnvironment(projectId, key, body),
    // The projects prefix covers the project (its environments) and its API keys, whose decryption keys follow
    // their environment's payload key.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
  });
}
