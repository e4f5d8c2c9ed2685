import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const revokeInvitation = (invitationId: string): Promise<void> =>
  api.delete(`/invitations/${encodeURIComponent(invitationId)}`);

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations }),
  });
}
