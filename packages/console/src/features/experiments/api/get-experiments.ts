import { type ExperimentListQuery, experimentListSchema } from '@tabula/protocol';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const experimentsPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/experiments`;
export const experimentPath = (projectId: string, key: string) =>
  `${experimentsPath(projectId)}/${encodeURIComponent(key)}`;

export type ExperimentsQuery = Partial<ExperimentListQuery>;

export const getExperiments = (projectId: string, query: ExperimentsQuery) =>
  api.get(experimentsPath(projectId), { query: { ...query }, schema: experimentListSchema });

export const getExperimentsQueryOptions = (projectId: string, query: ExperimentsQuery) =>
  queryOptions({
    queryKey: [...queryKeys.experiments(projectId), 'list', query],
    queryFn: () => getExperiments(projectId, query),
  });

/** The previous page stays on screen while the next one loads, so the table does not jump. */
export const useExperiments = (projectId: string, query: ExperimentsQuery) =>
  useQuery({ ...getExperimentsQueryOptions(projectId, query), placeholderData: keepPreviousData });
