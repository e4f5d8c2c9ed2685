import type { Me } from '@tabula/protocol';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { setSession, updateSession } from './auth';
import { queryKeys } from './query-keys';

const MAX_RETRIES = 2;

/**
 * Mutations that send a password or a code mark themselves with this meta: their 401 means a wrong answer
 * (shown on the form), not that the session ended.
 */
export const CHECKS_CREDENTIALS = { checksCredentials: true } as const;

export function createQueryClient(): QueryClient {
  const onError = (error: Error) => {
    if (!isApiError(error) || !queryClient.getQueryData<Me | null>(queryKeys.me)) return;
    // A 401 anywhere means the session ended (expired, signed out elsewhere): forget it and the guard sends the user to sign in.
    if (error.status === 401) setSession(queryClient, null);
    // The organization requires a second factor this user lacks: the guard sends them to set it up.
    if (error.code === 'mfa_required') {
      updateSession(queryClient, (current) => ({
        ...current,
        user: { ...current.user, mfaEnabled: false },
        organization: { ...current.organization, requireMfa: true },
        mfaSetupRequired: true,
      }));
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (mutation.meta?.checksCredentials && isApiError(error) && error.status === 401) {
          // Whether the session is still there, asking who is signed in tells without guessing.
          if (queryClient.getQueryData(queryKeys.me)) void queryClient.invalidateQueries({ queryKey: queryKeys.me });
          return;
        }
        onError(error);
      },
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
