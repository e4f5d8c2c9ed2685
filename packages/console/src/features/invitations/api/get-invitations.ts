import { type Invitation, invitationListSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getInvitations = async (): Promise<Invitation[]> =>
  (await api.get('/invitations', { schema: invitationListSchema })).invitations;

export const getInvitationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.invitations, queryFn: getInvitations });

export const useInvitations = () => useQuery(getInvitationsQueryOptions());
