import { Button, Result } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { ErrorFallback } from '../../components/errors/error-fallback';
import { NotFound } from '../../components/errors/not-found';
import { noteServerReachable, useServerReachability } from '../../lib/server-reachability';

/** How browsers say a lazily loaded page's code could not be fetched (Chromium, Firefox, Safari). */
const PAGE_CODE_UNREACHABLE = /dynamically imported module|Importing a module script failed|error loading dynamically/i;

export const isPageCodeUnreachable = (error: unknown): boolean =>
  error instanceof TypeError && PAGE_CODE_UNREACHABLE.test(error.message);

/**
 * A page whose code could not be fetched is the server being away, not the page being broken: it says so, and loads
 * itself again once the server answers.
 */
function PageCodeUnreachable() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unreachable = useServerReachability((state) => state.unreachable);
  const seenAway = useRef(false);
  useEffect(() => noteServerReachable(false), []);
  useEffect(() => {
    if (unreachable) seenAway.current = true;
    else if (seenAway.current) navigate(0);
  }, [unreachable, navigate]);
  return (
    <Result
      status="warning"
      title={t('connection.lost')}
      subTitle={t('connection.lostHelp')}
      data-testid="page-code-unreachable"
      extra={
        <Button type="primary" onClick={() => navigate(0)}>
          {t('actions.reload')}
        </Button>
      }
    />
  );
}

/** A page that throws (or a lazy page that fails to load) shows a friendly message, not a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isPageCodeUnreachable(error)) return <PageCodeUnreachable />;
  console.error('Page crashed', error);
  return <ErrorFallback onReset={() => navigate('/')} />;
}
