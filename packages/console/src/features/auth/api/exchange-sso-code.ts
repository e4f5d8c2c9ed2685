import { type Me, type SsoExchangeBody, ssoExchangeResultSchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { setSession } from '../../../lib/auth';

export interface SsoExchangeResult {
  token: string;
  me: Me;
}

/** Spec §7: the identity provider's one-time code becomes our session at `auth/auth0token`. */
export const exchangeSsoCode = (body: SsoExchangeBody): Promise<SsoExchangeResult> =>
  authApi.post('/auth/auth0token', { body, schema: ssoExchangeResultSchema });

export function useExchangeSsoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exchangeSsoCode,
    onSuccess: ({ me }) => setSession(queryClient, me),
  });
}
