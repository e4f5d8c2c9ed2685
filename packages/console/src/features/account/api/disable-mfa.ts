import type { DisableMfaBody } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { updateSession } from '../../../lib/auth';
import { CHECKS_CREDENTIALS } from '../../../lib/query-client';

/** Needs the password; refused (403) while the organization requires a second factor. */
export const disableMfa = (body: DisableMfaBody): Promise<void> => api.delete('/auth/mfa', { body });

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableMfa,
    meta: CHECKS_CREDENTIALS,
    onSuccess: () => updateSession(queryClient, (me) => ({ ...me, user: { ...me.user, mfaEnabled: false } })),
  });
}
