import { type AuthSetup, authSetupSchema, type Me, meSchema } from '@tabula/protocol';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api, isApiError, setCsrfToken } from './api-client';
import { queryKeys } from './query-keys';

export const getSetup = (): Promise<AuthSetup> => api.get('/auth/setup', { schema: authSetupSchema });

/** Signed out is an answer, not a failure: a 401 here means "nobody". */
export async function getMe(): Promise<Me | null> {
  try {
    const me = await api.get('/auth/me', { schema: meSchema });
    setCsrfToken(me.csrfToken);
    return me;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      setCsrfToken(null);
      return null;
    }
    throw error;
  }
}

export const setupQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.setup, queryFn: getSetup, staleTime: Number.POSITIVE_INFINITY });

// The session changes only by signing in or out (or by a 401 anywhere), each of which writes it here.
export const meQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.me, queryFn: getMe, staleTime: Number.POSITIVE_INFINITY });

export const useSetup = () => useQuery(setupQueryOptions());
export const useMe = () => useQuery(meQueryOptions());

/**
 * For pages behind the route guard, where a session is certain. Once it ends (signing out, a 401), a page can render
 * once more for an update of its own (the sign-out's own mutation settling) before the guard takes it away: it sees
 * the user it last had rather than failing in the error page.
 */
export function useUser(): Me {
  const { data } = useMe();
  const last = useRef<Me | null>(null);
  if (data) last.current = data;
  if (!last.current) throw new Error('useUser() is only for pages behind the sign-in guard');
  return last.current;
}

/**
 * The consoles whose session the user ended themselves, by signing out (here or everywhere), rather than by its
 * expiring: their sign-in page does not offer the page they left to whoever signs in next.
 */
const signedOutOnPurpose = new WeakSet<QueryClient>();

/** Whether the session was ended by signing out, not by a 401. */
export const useSignedOutOnPurpose = (): boolean => signedOutOnPurpose.has(useQueryClient());

/** The one way the console starts or ends a session. */
export function setSession(queryClient: QueryClient, me: Me | null): void {
  if (me) signedOutOnPurpose.delete(queryClient);
  setCsrfToken(me?.csrfToken ?? null);
  queryClient.setQueryData(queryKeys.me, me);
}

/**
 * Signed out, here or everywhere: the session goes first, so the guard unmounts the signed-in pages before their data
 * disappears, then everything they showed.
 */
export function forgetSession(queryClient: QueryClient): void {
  signedOutOnPurpose.add(queryClient);
  setSession(queryClient, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
}

/** A change to the signed-in user that the server made without a new Me (a second factor set up or removed). */
export function updateSession(queryClient: QueryClient, change: (me: Me) => Me): void {
  const me = queryClient.getQueryData<Me | null>(queryKeys.me);
  if (me) queryClient.setQueryData(queryKeys.me, change(me));
}

/**
 * Whether the server refuses this session everything but `/auth/*` (`mfa_required`) until it sets up a second
 * factor: the server says so in Me (a session started by single sign-on relies on the provider's factor, which
 * `organization.requireMfa && !user.mfaEnabled` alone cannot tell).
 */
export const useMfaSetupRequired = (): boolean => useMe().data?.mfaSetupRequired ?? false;

/** Spec §2 "load the auth plugin": who is signed in and how one may sign in, before the first render. */
export async function loadAuth(queryClient: QueryClient): Promise<void> {
  // A server that is down must not keep the console from rendering: the sign-in page shows the failure.
  await Promise.allSettled([queryClient.fetchQuery(setupQueryOptions()), queryClient.fetchQuery(meQueryOptions())]);
}
