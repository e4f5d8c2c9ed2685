import { METRIC_PAGE_LIMIT, type Metric, type MetricList, metricListSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** What an experiment needs of a library metric: the key it refers to it by, a name to show, whether it is archived. */
export interface MetricSummary {
  key: string;
  name: string;
  /** Archived metrics are not offered for new choices, but keep their names where they are used. */
  archived: boolean;
}

const toSummary = (metric: Metric): MetricSummary => ({
  key: metric.key,
  name: metric.name,
  archived: metric.archivedAt !== null,
});

/** The whole library, archived metrics included, page by page: a picker needs every metric, not the first page. */
export async function getMetricLibrary(projectId: string): Promise<MetricSummary[]> {
  const summaries: MetricSummary[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page: MetricList = await api.get(`/projects/${encodeURIComponent(projectId)}/metrics`, {
      query: { status: 'all', limit: METRIC_PAGE_LIMIT, offset },
      schema: metricListSchema,
    });
    summaries.push(...page.metrics.map(toSummary));
    offset = page.nextOffset;
  }
  return summaries;
}

export const getMetricLibraryQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: [...queryKeys.metrics(projectId), 'library'],
    queryFn: () => getMetricLibrary(projectId),
  });

export const useMetricLibrary = (projectId: string) => useQuery(getMetricLibraryQueryOptions(projectId));
