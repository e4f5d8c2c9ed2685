import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { forgetSession } from '../../../lib/auth';

/** How long signing out waits for the server before this browser forgets the session anyway. */
export const LOGOUT_TIMEOUT_MS = 10_000;

export const logout = (): Promise<void> => api.post('/auth/logout', { signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS) });

/**
 * `onSignedOut` runs however the server answered, or if it did not: it is the hook's own callback rather than one
 * given to `mutate`, which TanStack Query drops when the menu that asked unmounts first, as it does once the
 * session is forgotten.
 */
export function useLogout(onSignedOut: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      forgetSession(queryClient);
      onSignedOut();
    },
  });
}
