import { type Me, meSchema, type SignupBody } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/auth';
import { queryKeys } from '../../../lib/query-keys';

export const signup = (body: SignupBody): Promise<Me> => api.post('/auth/signup', { body, schema: meSchema });

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: (me) => {
      setSession(queryClient, me);
      // The first user closes sign-up; the sign-in page must not offer it any more.
      void queryClient.invalidateQueries({ queryKey: queryKeys.setup });
    },
  });
}
