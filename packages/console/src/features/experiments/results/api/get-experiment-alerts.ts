import { type ExperimentAlertList, experimentAlertListSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { experimentPath } from '../../api/get-experiments';

/** Under the experiment's key: a finished refresh, which may raise alerts, refreshes the experiment and them. */
export const alertsQueryKey = (projectId: string, key: string) =>
  [...queryKeys.experiment(projectId, key), 'alerts'] as const;

export const getExperimentAlerts = (projectId: string, key: string): Promise<ExperimentAlertList> =>
  api.get(`${experimentPath(projectId, key)}/alerts`, { schema: experimentAlertListSchema });

export const getExperimentAlertsQueryOptions = (projectId: string, key: string) =>
  queryOptions({ queryKey: alertsQueryKey(projectId, key), queryFn: () => getExperimentAlerts(projectId, key) });

export const useExperimentAlerts = (projectId: string, key: string) =>
  useQuery(getExperimentAlertsQueryOptions(projectId, key));
