import { type CreatedInvitation, type CreateInvitationBody, createdInvitationSchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const createInvitation = (body: CreateInvitationBody): Promise<CreatedInvitation> =>
  api.post('/invitations', { body, schema: createdInvitationSchema });

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations }),
  });
}
