import { type Metric, metricSchema, type UpdateMetricBody } from '@tabula/protocol';
import { api } from '../../../lib/api-client';
import { metricPath } from './metrics-path';
import { useMetricMutation } from './use-metric-mutation';

export const updateMetric = (projectId: string, metricKey: string, body: UpdateMetricBody): Promise<Metric> =>
  api.patch(metricPath(projectId, metricKey), { body, schema: metricSchema });

export const useUpdateMetric = (projectId: string) =>
  useMetricMutation(projectId, ({ metricKey, body }: { metricKey: string; body: UpdateMetricBody }) =>
    updateMetric(projectId, metricKey, body),
  );
