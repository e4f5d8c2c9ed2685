import {
  type ChangeRequest,
  type CreateRolloutPlanBody,
  changeRequestSchema,
  type FlagEnvironmentBody,
} from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { changeRequestsApiPath } from '../../../lib/change-request-paths';
import { queryKeys } from '../../../lib/query-keys';

export interface ScheduledFlagChange {
  flagKey: string;
  environment: string;
  change: FlagEnvironmentBody;
  /** ISO time with offset. */
  scheduledAt: string;
  title?: string;
}

/** One change of a flag's environment, made later: a change request that runs at `scheduledAt` once approved. */
export const scheduleFlagChange = (
  projectId: string,
  { flagKey, environment, change, scheduledAt, title }: ScheduledFlagChange,
) =>
  api.post(changeRequestsApiPath(projectId), {
    body: {
      title: title ?? '',
      operations: [{ kind: 'flag.environment', flag: flagKey, environment, change }],
      scheduledAt,
    },
    schema: changeRequestSchema,
  });

const rolloutPlanSchema = z.object({ changeRequests: z.array(changeRequestSchema) });

/** A gradual rollout: the server makes one scheduled change request per step. */
export const createRolloutPlan = (projectId: string, body: CreateRolloutPlanBody): Promise<ChangeRequest[]> =>
  api
    .post(`${changeRequestsApiPath(projectId)}/rollout-plan`, { body, schema: rolloutPlanSchema })
    .then((answer) => answer.changeRequests);

// The lists of change requests (and the flag's banner) show the new request.
function useChangeRequestMutation<TVariables, TResult>(
  projectId: string,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // One that needs no approval and no wait applies at once: the flag is asked for again too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.changeRequests(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.flags(projectId) }),
      ]),
  });
}

export const useScheduleFlagChange = (projectId: string) =>
  useChangeRequestMutation(projectId, (change: ScheduledFlagChange) => scheduleFlagChange(projectId, change));

export const useCreateRolloutPlan = (projectId: string) =>
  useChangeRequestMutation(projectId, (body: CreateRolloutPlanBody) => createRolloutPlan(projectId, body));
