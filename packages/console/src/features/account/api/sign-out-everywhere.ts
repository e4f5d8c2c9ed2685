import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { forgetSession } from '../../../lib/auth';

/** Ends every session of the user, this browser's included. */
export const signOutEverywhere = (): Promise<void> => api.delete('/auth/sessions');

export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signOutEverywhere, onSuccess: () => forgetSession(queryClient) });
}
