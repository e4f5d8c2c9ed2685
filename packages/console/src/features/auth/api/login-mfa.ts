import { type LoginMfaBody, type Me, meSchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/auth';
import { CHECKS_CREDENTIALS } from '../../../lib/query-client';

/** The second step of signing in: the challenge of the first, with a code from the app or a recovery code. */
export const loginMfa = (body: LoginMfaBody): Promise<Me> => api.post('/auth/login/mfa', { body, schema: meSchema });

export function useLoginMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginMfa,
    meta: CHECKS_CREDENTIALS,
    onSuccess: (me) => setSession(queryClient, me),
  });
}
