import { type MetricListQuery, metricListSchema } from '@tabula/protocol';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { metricsPath } from './metrics-path';

export type MetricsQuery = Partial<MetricListQuery>;

export const getMetrics = (projectId: string, query: MetricsQuery) =>
  api.get(metricsPath(projectId), { query: { ...query }, schema: metricListSchema });

export const getMetricsQueryOptions = (projectId: string, query: MetricsQuery) =>
  queryOptions({
    queryKey: [...queryKeys.metrics(projectId), 'list', query],
    queryFn: () => getMetrics(projectId, query),
  });

/** The previous page stays on screen while the next one loads, so the table does not jump. */
export const useMetrics = (projectId: string, query: MetricsQuery) =>
  useQuery({ ...getMetricsQueryOptions(projectId, query), placeholderData: keepPreviousData });
