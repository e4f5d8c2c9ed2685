import { type CreatedPasswordReset, createdPasswordResetSchema } from '@tabula/protocol';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A link for a member to choose a new password with; shown once, for the admin to hand over. */
export const createPasswordReset = (userId: string): Promise<CreatedPasswordReset> =>
  api.post(`/members/${encodeURIComponent(userId)}/password-reset`, { schema: createdPasswordResetSchema });

export const useCreatePasswordReset = () => useMutation({ mutationFn: createPasswordReset });
