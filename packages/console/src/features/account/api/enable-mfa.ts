import { type Me, type MfaCodeBody, type RecoveryCodes, recoveryCodesSchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { updateSession } from '../../../lib/auth';
import { CHECKS_CREDENTIALS } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** The first code from the app turns the second factor on; the answer holds the recovery codes, shown once. */
export const enableMfa = (body: MfaCodeBody): Promise<RecoveryCodes> =>
  api.post('/auth/mfa/enable', { body, schema: recoveryCodesSchema });

export function useEnableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableMfa,
    meta: CHECKS_CREDENTIALS,
    onSuccess: () => {
      const wasRequired = queryClient.getQueryData<Me | null>(queryKeys.me)?.mfaSetupRequired === true;
      updateSession(queryClient, (me) => ({ ...me, user: { ...me.user, mfaEnabled: true }, mfaSetupRequired: false }));
      // What the server refused while the second factor was missing can be asked for again.
      if (wasRequired) {
        void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
      }
    },
  });
}
