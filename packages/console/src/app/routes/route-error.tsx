import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { ErrorFallback } from '../../components/errors/error-fallback';
import { NotFound } from '../../components/errors/not-found';

/** A page that throws (or a lazy page that fails to load) shows a friendly message, not a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  console.error('Page crashed', error);
  return <ErrorFallback onReset={() => navigate('/')} />;
}
