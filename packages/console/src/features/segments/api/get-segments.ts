import { type Segment, segmentListSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { segmentsPath } from './segments-path';

export const getSegments = async (projectId: string): Promise<Segment[]> =>
  (await api.get(segmentsPath(projectId), { schema: segmentListSchema })).segments;

export const getSegmentsQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.segments(projectId), queryFn: () => getSegments(projectId) });

export const useSegments = (projectId: string) => useQuery(getSegmentsQueryOptions(projectId));
