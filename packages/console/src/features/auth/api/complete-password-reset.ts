import { type CompletePasswordResetBody, meSchema, mfaChallengeSchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/auth';
import { isMfaChallenge, type LoginResult } from './login';

/**
 * Sets the new password and signs the member in; their other sessions end. The link stands for the password only:
 * an account with a second factor answers 202 with a challenge for its code, as at sign-in.
 */
export const completePasswordReset = (token: string, body: CompletePasswordResetBody): Promise<LoginResult> =>
  api.post(`/auth/password-resets/${encodeURIComponent(token)}`, { body, schema: mfaChallengeSchema.or(meSchema) });

export function useCompletePasswordReset(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompletePasswordResetBody) => completePasswordReset(token, body),
    onSuccess: (result) => {
      if (!isMfaChallenge(result)) setSession(queryClient, result);
    },
  });
}
