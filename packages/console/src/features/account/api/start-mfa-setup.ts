import { type MfaSetup, mfaSetupSchema } from '@tabula/protocol';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A new secret for the authenticator app; it counts only once a first code from it is confirmed. */
export const startMfaSetup = (): Promise<MfaSetup> => api.post('/auth/mfa/setup', { schema: mfaSetupSchema });

export const useStartMfaSetup = () => useMutation({ mutationFn: startMfaSetup });
