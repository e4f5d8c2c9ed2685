import { type InvitationPreview, invitationPreviewSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getInvitation = (token: string): Promise<InvitationPreview> =>
  api.get(`/auth/invitations/${encodeURIComponent(token)}`, { schema: invitationPreviewSchema });

export const getInvitationQueryOptions = (token: string) =>
  queryOptions({ queryKey: queryKeys.invitation(token), queryFn: () => getInvitation(token) });

export const useInvitation = (token: string) => useQuery(getInvitationQueryOptions(token));
