import type { ChangePasswordBody } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CHECKS_CREDENTIALS } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** A 401 names currentPassword: it was wrong. The user's other sessions end. */
export const changePassword = (body: ChangePasswordBody): Promise<void> => api.put('/auth/password', { body });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    meta: CHECKS_CREDENTIALS,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}
