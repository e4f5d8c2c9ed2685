import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { setSession } from './auth';
import { queryKeys } from './query-keys';

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  // A 401 anywhere means the session ended (expired, signed out elsewhere): forget it and the guard sends the user to sign in.
  const onError = (error: Error) => {
    if (isApiError(error) && error.status === 401 && queryClient.getQueryData(queryKeys.me)) {
      setSession(queryClient, null);
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({
      onError,
      // Every change is audited, so every successful change makes the audit log stale.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.audit }),
    }),
    defaultOptions: {
      queries: {
        // Several people edit one organization: a page shown again asks again (keeping the old rows meanwhile).
        staleTime: 0,
        // A 4xx will not change by asking again.
        retry: (failures, error) =>
          failures < MAX_RETRIES && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
    },
  });
  return queryClient;
}
