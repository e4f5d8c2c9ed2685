import { type Experiment, experimentListSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const LIMIT = 100;

/** The project's experiments a rule may serve from (the newest hundred); an error when the server has no such list. */
export const getRuleExperiments = async (projectId: string): Promise<Experiment[]> =>
  (
    await api.get(`/projects/${encodeURIComponent(projectId)}/experiments`, {
      query: { status: 'all', limit: LIMIT },
      schema: experimentListSchema,
    })
  ).experiments;

export const getRuleExperimentsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: [...queryKeys.experiments(projectId), { usedBy: 'flag-rules' }],
    queryFn: () => getRuleExperiments(projectId),
    retry: false,
  });

export const useRuleExperiments = (projectId: string) => useQuery(getRuleExperimentsQueryOptions(projectId));
