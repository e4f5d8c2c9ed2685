import { type Metric, metricSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

const metricTypeSchema = metricSchema.pick({ key: true, type: true });
export type MetricType = Metric['type'];

/** A metric the library no longer holds has no type to go by: null, not a failure. */
export async function getMetricType(projectId: string, key: string): Promise<MetricType | null> {
  try {
    const path = `/projects/${encodeURIComponent(projectId)}/metrics/${encodeURIComponent(key)}`;
    return (await api.get(path, { schema: metricTypeSchema })).type;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** Under the library's key, so a change to the library refreshes it. */
export const getMetricTypeQueryOptions = (projectId: string, key: string) =>
  queryOptions({
    queryKey: [...queryKeys.metrics(projectId), 'type', key],
    queryFn: () => getMetricType(projectId, key),
  });

export const useMetricType = (projectId: string, key: string | undefined) =>
  useQuery({ ...getMetricTypeQueryOptions(projectId, key ?? ''), enabled: Boolean(key) });
