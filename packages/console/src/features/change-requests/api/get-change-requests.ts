import { CHANGE_REQUEST_STATUSES, changeRequestListSchema } from '@tabula/protocol';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { changeRequestsApiPath } from '../../../lib/change-request-paths';
import { queryKeys } from '../../../lib/query-keys';

/** Open (draft, in review, approved) first: what still needs someone; then everything, then each status. */
export const CHANGE_REQUEST_FILTERS = ['open', 'all', ...CHANGE_REQUEST_STATUSES] as const;
export type ChangeRequestFilter = (typeof CHANGE_REQUEST_FILTERS)[number];

export const CHANGE_REQUEST_PAGE_SIZE = 50;

export interface ChangeRequestListParams {
  status: ChangeRequestFilter;
  offset?: number;
}

export const getChangeRequests = (projectId: string, { status, offset }: ChangeRequestListParams) =>
  api.get(changeRequestsApiPath(projectId), {
    query: { status, limit: CHANGE_REQUEST_PAGE_SIZE, offset },
    schema: changeRequestListSchema,
  });

export const getChangeRequestsQueryOptions = (projectId: string, params: ChangeRequestListParams) =>
  queryOptions({
    queryKey: [...queryKeys.changeRequests(projectId), 'list', params],
    queryFn: () => getChangeRequests(projectId, params),
    // A new filter keeps the old rows on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

export const useChangeRequests = (projectId: string, params: ChangeRequestListParams) =>
  useQuery(getChangeRequestsQueryOptions(projectId, params));

/** The requests the member may review now, for the navigation's badge: one small page of open ones is enough. */
export const useAwaitingYourReview = (projectId: string | null) =>
  useQuery({
    // The same query as the list's first page of open requests, so the two share one answer.
    ...getChangeRequestsQueryOptions(projectId ?? '', { status: 'open', offset: 0 }),
    enabled: projectId !== null,
    select: (list) => list.awaitingYourReview,
  });
