import type { FastifyInstance } from 'fastify';
import type { Session } from './client';

/** What the console's pages are served from in tests: the test config's public URL. */
export const CONSOLE_ORIGIN = 'http://tabula.test';

export const rumContext = {
  releaseId: 'r-7',
  edition: 'international',
  platform: 'gcp',
  environment: 'prod',
  userId: null,
} as const;

/** A batch as the console's reporter sends it: from the console's page, with the browser's session cookie if any. */
export function sendReports(
  app: FastifyInstance,
  session: Session | null,
  endpoint: 'collect' | 'whitelist' | 'speed',
  reports: unknown[],
  headers: Record<string, string> = { origin: CONSOLE_ORIGIN },
) {
  return app.inject({
    method: 'POST',
    url: `/api/rum/${endpoint}`,
    headers: { ...headers, ...(session ? { cookie: session.cookie } : {}) },
    payload: { context: rumContext, reports },
  });
}
