import type { FastifyBaseLogger } from 'fastify';
import type { ChangeBus } from '../../db/change-bus';
import type { Database } from '../../db/client';
import { repeat } from '../../lib/repeat';
import { runDueChangeRequest } from './service';

export interface ChangeScheduler {
  /** Runs every request that is due now; what the loop does, exposed for tests. Returns how many ran. */
  runOnce(): Promise<number>;
  close(): Promise<void>;
}

const DEFAULT_POLL_MS = 1000;
/** A burst of due requests is worked through, but never so long that closing waits on it. */
const MAX_PER_RUN = 50;

/**
 * Every server process runs one, and all share the queue through the database: each due request is locked by the
 * transaction that applies it and marks it applied (SKIP LOCKED), so it runs once however many processes look,
 * and a process that was down when it was due runs it as soon as it starts (late, and saying so).
 */
export function createChangeScheduler(options: {
  db: Database;
  changes: ChangeBus;
  log: FastifyBaseLogger;
  pollMs?: number;
}): ChangeScheduler {
  const { db, changes, log } = options;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;

  const runOnce = async (stopped: () => boolean = () => false) => {
    let ran = 0;
    while (!stopped() && ran < MAX_PER_RUN) {
      const done = await db.transaction((tx) => runDueChangeRequest(tx, new Date()));
      if (!done) break;
      ran += 1;
      await changes.notifyProjectChanged(done.projectId);
    }
    return ran;
  };

  const polling = repeat({
    run: runOnce,
    every: pollMs,
    onError: (error) => log.warn({ err: error }, 'could not run scheduled changes; trying again'),
  });
  return { runOnce: () => runOnce(), close: polling.close };
}
