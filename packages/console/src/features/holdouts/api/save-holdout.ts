import { type CreateHoldoutBody, type Holdout, holdoutSchema, type UpdateHoldoutBody } from '@tabula/protocol';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { holdoutPath, holdoutsPath } from './get-holdouts';

/** A holdout change shows in the settings, the experiments' payload-driven pages and the audit log. */
const invalidate = (queryClient: QueryClient, projectId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.holdouts(projectId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.audit }),
  ]);

export const createHoldout = (projectId: string, body: CreateHoldoutBody): Promise<Holdout> =>
  api.post(holdoutsPath(projectId), { body, schema: holdoutSchema });

export const updateHoldout = (projectId: string, key: string, body: UpdateHoldoutBody): Promise<Holdout> =>
  api.patch(holdoutPath(projectId, key), { body, schema: holdoutSchema });

export const stopHoldout = (projectId: string, key: string): Promise<Holdout> =>
  api.post(`${holdoutPath(projectId, key)}/stop`, { schema: holdoutSchema });

export function useCreateHoldout(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateHoldoutBody) => createHoldout(projectId, body),
    onSuccess: () => invalidate(queryClient, projectId),
  });
}

export function useUpdateHoldout(projectId: string, key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateHoldoutBody) => updateHoldout(projectId, key, body),
    onSuccess: () => invalidate(queryClient, projectId),
  });
}

export function useStopHoldout(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => stopHoldout(projectId, key),
    onSuccess: () => invalidate(queryClient, projectId),
  });
}
