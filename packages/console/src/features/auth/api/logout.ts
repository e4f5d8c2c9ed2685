import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/auth';
import { queryKeys } from '../../../lib/query-keys';

export const logout = (): Promise<void> => api.post('/auth/logout');

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Even if the server could not be told, this browser forgets the session and everything it showed.
    // The session goes first, so the guard unmounts the signed-in pages before their data disappears.
    onSettled: () => {
      setSession(queryClient, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
    },
  });
}
