import type { Me } from '@tabula/protocol';
import type { QueryClient } from '@tanstack/react-query';
import { readReleaseId } from '../lib/env';
import { currentEdition, initPlatform, usePlatformStore } from '../lib/platform/platform';
import { startReporter } from '../lib/platform/reporter/start-reporter';
import { queryKeys } from '../lib/query-keys';
import { routePattern } from './route-pattern';
import type { AppRouter } from './router';

export interface ConsolePlatform {
  /** Tags later reports with whoever is signed in. */
  followSession(queryClient: QueryClient): void;
  /** Tags later reports with the page they come from. */
  followRoutes(router: AppRouter): void;
}

/**
 * Reads where the console runs (spec §3, §4) and starts the reporter (spec §7) before anything else, so start-up
 * failures are caught too. A page without its configuration keeps working as production; the reporter files the
 * problem a second later, asynchronously, never as a crash in front of the user (spec §8).
 */
export function startPlatform(): ConsolePlatform {
  const problems = initPlatform();
  const { env, apiHost } = usePlatformStore.getState();
  const releaseId = readReleaseId();
  let userId: string | null = null;
  const reporter = startReporter({
    apiHost,
    context: () => ({
      releaseId,
      edition: currentEdition(),
      platform: env.platform,
      environment: env.environment,
      userId,
    }),
  });
  for (const problem of problems) reporter.error('config', problem);

  return {
    followSession(queryClient) {
      const read = () => queryClient.getQueryData<Me | null>(queryKeys.me)?.user.id ?? null;
      userId = read();
      queryClient.getQueryCache().subscribe(() => {
        userId = read();
      });
    },
    followRoutes(router) {
      reporter.setPage(routePattern(router.state.matches));
      router.subscribe((state) => reporter.setPage(routePattern(state.matches)));
    },
  };
}
