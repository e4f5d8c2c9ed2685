import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { createEventWriter, type EventWriter } from './group-commit';
import { insertEvents } from './store';

export type { EventWriter } from './group-commit';
export { readEvents } from './read-events';
export type { BatchOutcome, EventRow } from './types';

/** About 200 typical batches: a few seconds of a busy site, beyond which waiting longer helps no one. */
const MAX_QUEUED_EVENTS = 20_000;
const MAX_ROWS_PER_INSERT = 5_000;
const GROUP_WINDOW_MS = 2;

/** The process's one writer of SDK events; `concurrentInserts` follows the database (one for PGlite). */
export function createEventIngest(
  db: Database,
  options: { concurrentInserts: number; log: FastifyBaseLogger },
): EventWriter {
  return createEventWriter({
    insert: (rows) => insertEvents(db, rows),
    maxQueuedEvents: MAX_QUEUED_EVENTS,
    maxConcurrentInserts: options.concurrentInserts,
    maxRowsPerInsert: MAX_ROWS_PER_INSERT,
    windowMs: GROUP_WINDOW_MS,
    log: options.log,
  });
}
