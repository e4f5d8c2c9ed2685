import {
  type CreateHoldoutBody,
  type DivertedChange,
  type Holdout,
  holdoutSchema,
  type UpdateHoldoutBody,
} from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isDiverted, orDiverted, useDivertedChangeNotice } from '../../../lib/diverted-change';
import { queryKeys } from '../../../lib/query-keys';
import { holdoutPath, holdoutsPath } from './get-holdouts';

type Saved = Holdout | DivertedChange;

/**
 * A holdout reaches every environment's payload: where one of them asks for approvals, each change answers with the
 * draft change request it was added to instead.
 */
export const createHoldout = (projectId: string, body: CreateHoldoutBody): Promise<Saved> =>
  api.post(holdoutsPath(projectId), { body, schema: orDiverted(holdoutSchema) });

export const updateHoldout = (projectId: string, key: string, body: UpdateHoldoutBody): Promise<Saved> =>
  api.patch(holdoutPath(projectId, key), { body, schema: orDiverted(holdoutSchema) });

export const stopHoldout = (projectId: string, key: string): Promise<Saved> =>
  api.post(`${holdoutPath(projectId, key)}/stop`, { schema: orDiverted(holdoutSchema) });

/** A change applied shows in the settings and the audit log; one held for approval says where it waits. */
function useHoldoutMutation<T>(projectId: string, send: (variables: T) => Promise<Saved>) {
  const queryClient = useQueryClient();
  const noticeDiverted = useDivertedChangeNotice(projectId);
  return useMutation({
    mutationFn: send,
    onSuccess: (result) =>
      isDiverted(result)
        ? noticeDiverted(result)
        : Promise.all([
            queryClient.invalidateQueries({ queryKey: queryKeys.holdouts(projectId) }),
            queryClient.invalidateQueries({ queryKey: queryKeys.audit }),
          ]),
  });
}

export const useCreateHoldout = (projectId: string) =>
  useHoldoutMutation(projectId, (body: CreateHoldoutBody) => createHoldout(projectId, body));

export const useUpdateHoldout = (projectId: string, key: string) =>
  useHoldoutMutation(projectId, (body: UpdateHoldoutBody) => updateHoldout(projectId, key, body));

export const useStopHoldout = (projectId: string) =>
  useHoldoutMutation(projectId, (key: string) => stopHoldout(projectId, key));
