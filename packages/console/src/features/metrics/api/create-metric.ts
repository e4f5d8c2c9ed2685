import { type CreateMetricInput, type Metric, metricSchema } from '@tabula/protocol';
import { api } from '../../../lib/api-client';
import { metricsPath } from './metrics-path';
import { useMetricMutation } from './use-metric-mutation';

export const createMetric = (projectId: string, body: CreateMetricInput): Promise<Metric> =>
  api.post(metricsPath(projectId), { body, schema: metricSchema });

export const useCreateMetric = (projectId: string) =>
  useMetricMutation(projectId, (body: CreateMetricInput) => createMetric(projectId, body));
