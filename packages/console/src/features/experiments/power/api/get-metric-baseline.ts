import { type ExperimentPage, type MetricBaseline, metricBaselineSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

/** Whose history a plan reads: a page's visitors, or (null) every visitor. */
export type Audience = Pick<ExperimentPage, 'url' | 'match'> | null;

export function getMetricBaseline(projectId: string, key: string, audience: Audience): Promise<MetricBaseline> {
  const query = audience ? `?${new URLSearchParams({ url: audience.url, match: audience.match })}` : '';
  const path = `/projects/${encodeURIComponent(projectId)}/metrics/${encodeURIComponent(key)}/baseline${query}`;
  return api.get(path, { schema: metricBaselineSchema });
}

/** Under the library's key, so a change to the library reads the history again. */
export const getMetricBaselineQueryOptions = (projectId: string, key: string, audience: Audience) =>
  queryOptions({
    queryKey: [...queryKeys.metrics(projectId), 'baseline', key, audience?.url ?? null, audience?.match ?? null],
    queryFn: () => getMetricBaseline(projectId, key, audience),
    // History over two weeks changes little within minutes, and reading it scans them.
    staleTime: 10 * 60_000,
    retry: false,
  });

export const useMetricBaseline = (projectId: string, key: string | undefined, audience: Audience) =>
  useQuery({ ...getMetricBaselineQueryOptions(projectId, key ?? '', audience), enabled: Boolean(key) });
