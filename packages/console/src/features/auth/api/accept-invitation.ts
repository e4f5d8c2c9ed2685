import { type AcceptInvitationBody, type Me, meSchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/auth';

export const acceptInvitation = (token: string, body: AcceptInvitationBody): Promise<Me> =>
  api.post(`/auth/invitations/${encodeURIComponent(token)}/accept`, { body, schema: meSchema });

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptInvitationBody) => acceptInvitation(token, body),
    onSuccess: (me) => setSession(queryClient, me),
  });
}
