import { type LoginBody, type Me, meSchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/auth';

export const login = (body: LoginBody): Promise<Me> => api.post('/auth/login', { body, schema: meSchema });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: login, onSuccess: (me) => setSession(queryClient, me) });
}
