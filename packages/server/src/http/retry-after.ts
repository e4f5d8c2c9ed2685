import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/** How long an SDK waits before sending again what the server could not take. */
export const RETRY_AFTER_SECONDS = 5;

/** SDKs keep what a 503 refused and send it again after `Retry-After` seconds. */
export function adviseRetryWhenUnavailable(scope: FastifyInstance): void {
  scope.addHook('onError', (_request, reply, error, done) => {
    if (error instanceof AppError && error.code === 'unavailable') {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    }
    done();
  });
}
