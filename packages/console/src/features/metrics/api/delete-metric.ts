import { api } from '../../../lib/api-client';
import { metricPath } from './metrics-path';
import { useMetricMutation } from './use-metric-mutation';

export const deleteMetric = (projectId: string, metricKey: string): Promise<void> =>
  api.delete(metricPath(projectId, metricKey));

export const useDeleteMetric = (projectId: string) =>
  useMetricMutation(projectId, (metricKey: string) => deleteMetric(projectId, metricKey));
