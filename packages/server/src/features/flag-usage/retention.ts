import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { repeat } from '../../lib/repeat';
import { deleteExpiredUsage } from './service';

const HOUR_MS = 3_600_000;

/**
 * Deletes expired usage now and every hour, never two rounds at once; a failed round is logged and the next one tries
 * again. Every server may run it: deleting what another server already deleted is harmless. Returns the function that
 * stops it, which waits for a round in progress.
 */
export function scheduleUsageCleanup(db: Database, log: FastifyBaseLogger, everyMs = HOUR_MS): () => Promise<void> {
  return repeat({
    run: () => deleteExpiredUsage(db),
    every: everyMs,
    onError: (error) => log.warn({ err: error }, 'expired flag usage not deleted'),
  }).close;
}
