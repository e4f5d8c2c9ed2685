import { type BreakdownQuery, type ExperimentBreakdown, experimentBreakdownSchema } from '@tabula/protocol';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { resultsPath, resultsQueryKey } from './get-experiment-results';

export const getExperimentBreakdown = (
  projectId: string,
  key: string,
  query: BreakdownQuery,
): Promise<ExperimentBreakdown> =>
  api.get(`${resultsPath(projectId, key)}/breakdown`, { query: { ...query }, schema: experimentBreakdownSchema });

/** Under the results' key: a finished refresh reads the slices again too. */
export const getExperimentBreakdownQueryOptions = (projectId: string, key: string, query: BreakdownQuery) =>
  queryOptions({
    queryKey: [...resultsQueryKey(projectId, key), 'breakdown', query],
    queryFn: () => getExperimentBreakdown(projectId, key, query),
  });

export const useExperimentBreakdown = (projectId: string, key: string, query: BreakdownQuery) =>
  useQuery({ ...getExperimentBreakdownQueryOptions(projectId, key, query), placeholderData: keepPreviousData });
