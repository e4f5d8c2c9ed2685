import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMe, useSignedOutOnPurpose } from './auth';
import { loginPath } from './redirect';

/**
 * Signed-out visitors go to sign in, carrying where they wanted to be (or were when their session expired) so they land
 * back there afterwards. A user who signed out leaves no such page for the next one.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { data: me } = useMe();
  const signedOut = useSignedOutOnPurpose();
  const location = useLocation();
  if (me) return children;
  return (
    <Navigate to={signedOut ? '/login' : loginPath(`${location.pathname}${location.search}${location.hash}`)} replace />
  );
}
