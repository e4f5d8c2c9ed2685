import { type LoginBody, type Me, type MfaChallenge, meSchema, mfaChallengeSchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/auth';
import { CHECKS_CREDENTIALS } from '../../../lib/query-client';

/** A right password signs in (200), or, for an account with a second factor, asks for its code next (202). */
export type LoginResult = Me | MfaChallenge;

export const isMfaChallenge = (result: LoginResult): result is MfaChallenge => 'mfaRequired' in result;

export const login = (body: LoginBody): Promise<LoginResult> =>
  api.post('/auth/login', { body, schema: mfaChallengeSchema.or(meSchema) });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    meta: CHECKS_CREDENTIALS,
    onSuccess: (result) => {
      if (!isMfaChallenge(result)) setSession(queryClient, result);
    },
  });
}
