import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { recordUsage } from '../flag-usage/service';
import { createEventWriter, type EventWriter } from './group-commit';
import { insertEvents } from './store';

export type { EventWriter, IngestState } from './group-commit';
export { readEvents } from './read-events';
export type { BatchOutcome, EventRow } from './types';

/** About 200 typical batches: a few seconds of a busy site, beyond which waiting longer helps no one. */
const MAX_QUEUED_EVENTS = 20_000;
const MAX_ROWS_PER_INSERT = 5_000;
const GROUP_WINDOW_MS = 2;
/** Longer than a statement may run (the pool's timeouts), so the database's own answer comes first. */
const INSERT_TIMEOUT_MS = 15_000;

/**
 * The process's one writer of SDK events. PGlite runs one statement at a time. On PostgreSQL, statements waiting for
 * their commit's WAL flush leave the server idle: four in flight measured best in the ingest bench (one or two leave
 * it waiting, eight add nothing); and its rows go by COPY.
 */
export function createEventIngest(database: DatabaseHandle, log: FastifyBaseLogger): EventWriter {
  const { db } = database;
  const copyFrom = database.kind === 'postgres' ? database.copyFrom : undefined;
  return createEventWriter({
    insert: async (rows, usage) => {
      const inserted = await insertEvents(db, rows, copyFrom);
      await recordUsage(db, [usage], new Date());
      return inserted;
    },
    maxQueuedEvents: MAX_QUEUED_EVENTS,
    maxConcurrentInserts: database.kind === 'postgres' ? 4 : 1,
    maxRowsPerInsert: MAX_ROWS_PER_INSERT,
    windowMs: GROUP_WINDOW_MS,
    insertTimeoutMs: INSERT_TIMEOUT_MS,
    log,
  });
}
