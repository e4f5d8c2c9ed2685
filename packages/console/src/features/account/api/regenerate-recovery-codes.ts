import { type MfaCodeBody, type RecoveryCodes, recoveryCodesSchema } from '@tabula/protocol';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CHECKS_CREDENTIALS } from '../../../lib/query-client';

/** A new set of recovery codes for a code from the app; the old ones stop working. */
export const regenerateRecoveryCodes = (body: MfaCodeBody): Promise<RecoveryCodes> =>
  api.post('/auth/mfa/recovery-codes', { body, schema: recoveryCodesSchema });

export const useRegenerateRecoveryCodes = () =>
  useMutation({ mutationFn: regenerateRecoveryCodes, meta: CHECKS_CREDENTIALS });
