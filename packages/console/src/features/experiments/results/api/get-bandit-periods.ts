import { type BanditPeriodList, banditPeriodListSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { experimentPath } from '../../api/get-experiments';

/** Under the experiment's key: whatever refreshes the experiment refreshes its periods. */
export const banditPeriodsQueryKey = (projectId: string, key: string) =>
  [...queryKeys.experiment(projectId, key), 'bandit'] as const;

export const getBanditPeriods = (projectId: string, key: string): Promise<BanditPeriodList> =>
  api.get(`${experimentPath(projectId, key)}/bandit`, { schema: banditPeriodListSchema });

export const useBanditPeriods = (projectId: string, key: string) =>
  useQuery(
    queryOptions({ queryKey: banditPeriodsQueryKey(projectId, key), queryFn: () => getBanditPeriods(projectId, key) }),
  );
