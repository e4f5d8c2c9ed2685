import { type CreateFlagBody, type Flag, flagSchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { flagsPath } from './flags-path';

export const createFlag = (projectId: string, body: CreateFlagBody): Promise<Flag> =>
  api.post(flagsPath(projectId), { body, schema: flagSchema });

export function useCreateFlag(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFlagBody) => createFlag(projectId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.flags(projectId) }),
  });
}
