import { changeRequestSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { changeRequestApiPath } from './change-request-path';

export const getChangeRequest = (projectId: string, changeRequestId: string) =>
  api.get(changeRequestApiPath(projectId, changeRequestId), { schema: changeRequestSchema });

export const getChangeRequestQueryOptions = (projectId: string, changeRequestId: string) =>
  queryOptions({
    queryKey: queryKeys.changeRequest(projectId, changeRequestId),
    queryFn: () => getChangeRequest(projectId, changeRequestId),
  });

export const useChangeRequest = (projectId: string, changeRequestId: string) =>
  useQuery(getChangeRequestQueryOptions(projectId, changeRequestId));
