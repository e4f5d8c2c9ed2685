import { type ExperimentResults, experimentResultsSchema, type ResultsQuery } from '@tabula/protocol';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { experimentPath } from '../../api/get-experiments';

/** While a refresh runs the page asks this often for its progress. */
export const REFRESH_POLL_MS = 1000;

export const resultsPath = (projectId: string, key: string) => `${experimentPath(projectId, key)}/results`;

/** Under the experiment's key, so whatever refreshes the experiment refreshes its results too. */
export const resultsQueryKey = (projectId: string, key: string) =>
  [...queryKeys.experiment(projectId, key), 'results'] as const;

export const getExperimentResults = (projectId: string, key: string, query: ResultsQuery): Promise<ExperimentResults> =>
  api.get(resultsPath(projectId, key), { query: { ...query }, schema: experimentResultsSchema });

export const getExperimentResultsQueryOptions = (projectId: string, key: string, query: ResultsQuery) =>
  queryOptions({
    queryKey: [...resultsQueryKey(projectId, key), query],
    queryFn: () => getExperimentResults(projectId, key, query),
  });

/** Toggling an option keeps the current results on screen until the new reading arrives. */
export const useExperimentResults = (projectId: string, key: string, query: ResultsQuery) =>
  useQuery({
    ...getExperimentResultsQueryOptions(projectId, key, query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (current.state.data?.refreshing ? REFRESH_POLL_MS : false),
  });
