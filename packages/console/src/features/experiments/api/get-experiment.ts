import { type Experiment, experimentSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { experimentPath } from './get-experiments';

export const getExperiment = (projectId: string, key: string): Promise<Experiment> =>
  api.get(experimentPath(projectId, key), { schema: experimentSchema });

export const getExperimentQueryOptions = (projectId: string, key: string) =>
  queryOptions({ queryKey: queryKeys.experiment(projectId, key), queryFn: () => getExperiment(projectId, key) });

interface ExperimentQueryOptions {
  enabled?: boolean;
  /** The experiment as the caller already has it, shown until it is read again. */
  initialData?: Experiment;
  refetchOnWindowFocus?: boolean | 'always';
}

export const useExperiment = (projectId: string, key: string, options: ExperimentQueryOptions = {}) =>
  useQuery({ ...getExperimentQueryOptions(projectId, key), ...options });
