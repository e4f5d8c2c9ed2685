import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMfaSetupRequired } from '../lib/auth';
import { ACCOUNT_PATH } from './paths';

/** Where the user was going when sent to set up a second factor, to continue there afterwards. */
export interface MfaSetupState {
  from?: string;
}

/**
 * Once the server has refused this session with `mfa_required` (the organization requires a second factor the user
 * has not set up), it answers nothing but the account routes: the console shows that page, with why, instead of
 * pages that could only fail.
 */
export function MfaSetupGuard({ children }: { children: ReactNode }) {
  const required = useMfaSetupRequired();
  const location = useLocation();
  if (required && location.pathname !== ACCOUNT_PATH) {
    const state: MfaSetupState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={ACCOUNT_PATH} replace state={state} />;
  }
  return children;
}
