import { type Metric, metricSchema } from '@tabula/protocol';
import { api } from '../../../lib/api-client';
import { metricPath } from './metrics-path';
import { useMetricMutation } from './use-metric-mutation';

export const setMetricArchived = (projectId: string, metricKey: string, archived: boolean): Promise<Metric> =>
  api.post(`${metricPath(projectId, metricKey)}/${archived ? 'archive' : 'restore'}`, { schema: metricSchema });

export const useSetMetricArchived = (projectId: string) =>
  useMetricMutation(projectId, ({ metricKey, archived }: { metricKey: string; archived: boolean }) =>
    setMetricArchived(projectId, metricKey, archived),
  );
