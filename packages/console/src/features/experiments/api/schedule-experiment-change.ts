import { changeRequestSchema, type StopExperimentBody } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { changeRequestsApiPath } from '../../../lib/change-request-paths';
import { queryKeys } from '../../../lib/query-keys';

export type ScheduledExperimentChange =
  | { action: 'start'; scheduledAt: string }
  | { action: 'stop'; body: StopExperimentBody; scheduledAt: string };

/** A start or stop made later: a change request that runs at `scheduledAt`, once approved where that is required. */
export const scheduleExperimentChange = (projectId: string, key: string, change: ScheduledExperimentChange) =>
  api.post(changeRequestsApiPath(projectId), {
    body: {
      operations: [
        change.action === 'start'
          ? { kind: 'experiment.start', experiment: key }
          : { kind: 'experiment.stop', experiment: key, stop: change.body },
      ],
      scheduledAt: change.scheduledAt,
    },
    schema: changeRequestSchema,
  });

export function useScheduleExperimentChange(projectId: string, key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ScheduledExperimentChange) => scheduleExperimentChange(projectId, key, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.changeRequests(projectId) }),
  });
}
