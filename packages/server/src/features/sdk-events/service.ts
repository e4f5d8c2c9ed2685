import type { FastifyBaseLogger } from 'fastify';
import type { ClickHouse } from '../../db/clickhouse/connection';
import type { DatabaseHandle } from '../../db/client';
import { recordUsage } from '../flag-usage/service';
import { createEventWriter, type EventWriter } from './group-commit';
import { insertEvents } from './store';
import { insertEventsIntoClickHouse } from './store-clickhouse';

export type { EventWriter, IngestState } from './group-commit';
export { readEvents } from './read-events';
export { eventKey } from './store';
export { toClickHouseRow } from './store-clickhouse';
export { type BatchOutcome, type EventRow, SERVER_EXPOSURE_ID_PREFIX } from './types';

/** About 200 typical batches: a few seconds of a busy site, beyond which waiting longer helps no one. */
const MAX_QUEUED_EVENTS = 20_000;
const MAX_ROWS_PER_INSERT = 5_000;
const GROUP_WINDOW_MS = 2;
/** Longer than a statement may run (the pool's timeouts), so the database's own answer comes first. */
const INSERT_TIMEOUT_MS = 15_000;

/**
 * The process's one writer of SDK events, into ClickHouse when one is configured, else into the SQL database; flag
 * usage always goes to the SQL database. PGlite runs one statement at a time. On PostgreSQL, statements waiting for
 * their commit's WAL flush leave the server idle: four in flight measured best in the ingest bench (one or two leave
 * it waiting, eight add nothing); and its rows go by COPY. A group stored in ClickHouse whose usage then fails is
 * answered 503 and sent again: the events' second copy is counted once.
 */
export function createEventIngest(
  database: DatabaseHandle,
  clickhouse: ClickHouse | null,
  log: FastifyBaseLogger,
  onGroup?: (events: number) => void,
): EventWriter {
  const { db } = database;
  const copyFrom = database.kind === 'postgres' ? database.copyFrom : undefined;
  return createEventWriter({
    insert: async (rows, usage) => {
      const inserted = clickhouse
        ? await insertEventsIntoClickHouse(clickhouse, rows)
        : await insertEvents(db, rows, copyFrom);
      await recordUsage(db, [usage], new Date());
      return inserted;
    },
    maxQueuedEvents: MAX_QUEUED_EVENTS,
    maxConcurrentInserts: database.kind === 'postgres' || clickhouse ? 4 : 1,
    maxRowsPerInsert: MAX_ROWS_PER_INSERT,
    windowMs: GROUP_WINDOW_MS,
    insertTimeoutMs: INSERT_TIMEOUT_MS,
    log,
    ...(onGroup && { onGroup }),
  });
}
