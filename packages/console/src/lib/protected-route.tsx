import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMe } from './auth';
import { loginPath } from './redirect';

/** Signed-out visitors go to sign in, carrying where they wanted to be so they land back there afterwards. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { data: me } = useMe();
  const location = useLocation();
  if (!me) return <Navigate to={loginPath(`${location.pathname}${location.search}${location.hash}`)} replace />;
  return children;
}
