import { changeRequestListSchema } from '@tabula/protocol';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { changeRequestsApiPath } from '../../../lib/change-request-paths';
import { queryKeys } from '../../../lib/query-keys';

/** The flag's change requests still open (draft, in review, approved): what is about to change it. */
export const getFlagChangeRequests = (projectId: string, flagKey: string) =>
  api.get(changeRequestsApiPath(projectId), {
    query: { status: 'open', flag: flagKey },
    schema: changeRequestListSchema,
  });

export const useFlagChangeRequests = (projectId: string, flagKey: string) =>
  useQuery({
    // Under the change requests' key, so a request made, reviewed or applied anywhere refreshes it.
    queryKey: [...queryKeys.changeRequests(projectId), 'flag', flagKey],
    queryFn: () => getFlagChangeRequests(projectId, flagKey),
  });
