import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/auth';
import { queryKeys } from '../../../lib/query-keys';

/** Ends every session of the user, this browser's included. */
export const signOutEverywhere = (): Promise<void> => api.delete('/auth/sessions');

export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutEverywhere,
    // As at signing out: the session goes first, so the guard unmounts the pages before their data disappears.
    onSuccess: () => {
      setSession(queryClient, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
    },
  });
}
