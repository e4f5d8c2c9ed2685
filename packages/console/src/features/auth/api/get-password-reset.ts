import { type PasswordResetPreview, passwordResetPreviewSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getPasswordReset = (token: string): Promise<PasswordResetPreview> =>
  api.get(`/auth/password-resets/${encodeURIComponent(token)}`, { schema: passwordResetPreviewSchema });

export const getPasswordResetQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.passwordReset(token),
    queryFn: () => getPasswordReset(token),
    // Asked once: the link is used up by the page itself, which must not then turn into "link not available".
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePasswordReset = (token: string) => useQuery(getPasswordResetQueryOptions(token));
