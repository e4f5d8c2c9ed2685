import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { probeServer } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';
import { useServerReachability } from '../lib/server-reachability';

/** How often the console asks whether the server is back. */
const PROBE_INTERVAL_MS = 5_000;

/**
 * One notice for the whole console while no request reaches the server. It asks the server's health until an answer
 * comes, then goes away and asks again for what failed meanwhile.
 */
export function ServerUnreachableBanner() {
  const { t } = useTranslation();
  const unreachable = useServerReachability((state) => state.unreachable);
  const apiHost = useServerReachability((state) => state.apiHost);
  const queryClient = useQueryClient();
  const wasUnreachable = useRef(unreachable);

  useQuery({
    queryKey: queryKeys.serverProbe,
    queryFn: probeServer,
    enabled: unreachable,
    refetchInterval: PROBE_INTERVAL_MS,
    retry: false,
  });

  useEffect(() => {
    if (wasUnreachable.current && !unreachable)
      void queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
    wasUnreachable.current = unreachable;
  }, [unreachable, queryClient]);

  if (!unreachable) return null;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      role="alert"
      data-testid="server-unreachable"
      title={t('connection.lost')}
      description={
        apiHost
          ? t('errors.network_error_api_host', { host: apiHost, origin: globalThis.location?.origin })
          : t('connection.lostHelp')
      }
    />
  );
}
