import { type Environment, environmentSchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { environmentsPath } from './environments-path';

/** A new payload key for the environment (encryption on); pages holding the old one stop receiving changes. */
export const rotatePayloadKey = (projectId: string, key: string): Promise<Environment> =>
  api.post(`${environmentsPath(projectId, key)}/payload-key`, { schema: environmentSchema });

export function useRotatePayloadKey(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => rotatePayloadKey(projectId, key),
    // As for an update: the project and its API keys (their decryption keys) are all under the projects prefix.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
  });
}
