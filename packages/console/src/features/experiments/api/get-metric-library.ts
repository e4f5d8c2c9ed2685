import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** What an experiment needs of a library metric: the key it refers to it by and a name to show. */
export interface MetricSummary {
  key: string;
  name: string;
}

/** Reads `{ metrics: [{ key, name, … }] }`, leaving out entries without a key; a metric without a name shows its key. */
export function toMetricSummaries(body: unknown): MetricSummary[] {
  const list = typeof body === 'object' && body !== null ? (body as { metrics?: unknown }).metrics : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { key, name } = entry as Record<string, unknown>;
    if (typeof key !== 'string' || !key) return [];
    return [{ key, name: typeof name === 'string' && name ? name : key }];
  });
}

/** A server without a metric library answers 404: that is an empty library, not a failure. */
export async function getMetricLibrary(projectId: string): Promise<MetricSummary[]> {
  try {
    return toMetricSummaries(await api.get(`/projects/${encodeURIComponent(projectId)}/metrics`));
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export const getMetricLibraryQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.metrics(projectId), queryFn: () => getMetricLibrary(projectId) });

export const useMetricLibrary = (projectId: string) => useQuery(getMetricLibraryQueryOptions(projectId));
