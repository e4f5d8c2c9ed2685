import { METRIC_SORTS, METRIC_STATUSES, METRIC_TYPES } from '@tabula/protocol';
import { oneOf, readOffsetQuery, toSearchParams } from '../../../components/list-kit/url-params';
import type { MetricsQuery } from '../api/get-metrics';

/** The metric library as the address keeps it; active metrics are the plain list. */
export const readMetricsQuery = (params: URLSearchParams): MetricsQuery => ({
  ...readOffsetQuery(params, METRIC_SORTS),
  type: oneOf(METRIC_TYPES, params.get('type')),
  status: oneOf(METRIC_STATUSES, params.get('status')),
  tag: params.get('tag') || undefined,
});

export const writeMetricsQuery = (query: MetricsQuery) => toSearchParams(query, { status: 'active' });
