import type { FastifyBaseLogger } from 'fastify';
import type { ClickHouse } from '../../db/clickhouse/connection';
import type { DatabaseHandle } from '../../db/client';
import { recordUsage } from '../flag-usage/service';
import { createEventWriter, type EventWriter, type GroupCommitOptions } from './group-commit';
import { insertEvents } from './store';
import { insertEventsIntoClickHouse } from './store-clickhouse';

export { exposureDimensions } from './dimensions/exposure-dimensions';
export type { EventWriter, IngestState } from './group-commit';
export { readEvents } from './read-events';
export { eventKey } from './store';
export { insertEventsIntoClickHouse } from './store-clickhouse';
export { type BatchOutcome, type EventRow, SERVER_EXPOSURE_ID_PREFIX } from './types';

/** Longer than a statement may run (the pool's timeouts), so the database's own answer comes first. */
const INSERT_TIMEOUT_MS = 15_000;
const GROUP_WINDOW_MS = 2;

type WriterTuning = Pick<
  GroupCommitOptions,
  'maxQueuedEvents' | 'maxRowsPerInsert' | 'maxConcurrentInserts' | 'uniqueWithin'
>;

/**
 * PGlite runs one statement at a time. On PostgreSQL, statements waiting for their commit's WAL flush leave the
 * server idle: four in flight measured best in the ingest bench (one or two leave it waiting, eight add nothing).
 * Queues of about 200 typical batches: a few seconds of a busy site, beyond which waiting longer helps no one.
 */
const SQL_TUNING: Record<'pglite' | 'postgres', WriterTuning> = {
  pglite: { maxQueuedEvents: 20_000, maxRowsPerInsert: 5_000, maxConcurrentInserts: 1, uniqueWithin: 'group' },
  postgres: { maxQueuedEvents: 20_000, maxRowsPerInsert: 5_000, maxConcurrentInserts: 4, uniqueWithin: 'group' },
};

/**
 * ClickHouse writes each INSERT as a new part and merges parts in the background, so its cost is per insert more than
 * per row: 200,000 events took it 6.4 s of CPU in inserts of 1,000 rows, 1.7 s in inserts of 5,000 and 0.9 s in
 * inserts of 20,000. One insert in flight lets each group grow with the load (everything that arrives while one is
 * written goes in the next), up to 20,000 rows.
 */
const CLICKHOUSE_TUNING: WriterTuning = {
  maxQueuedEvents: 60_000,
  maxRowsPerInsert: 20_000,
  maxConcurrentInserts: 1,
  uniqueWithin: 'batch',
};

/**
 * The process's one writer of SDK events, into ClickHouse when one is configured, else into the SQL database; flag
 * usage always goes to the SQL database. On PostgreSQL the rows go by COPY. A group stored in ClickHouse whose usage
 * then fails is answered 503 and sent again: the events' second copy is counted once.
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
    ...(clickhouse ? CLICKHOUSE_TUNING : SQL_TUNING[database.kind]),
    windowMs: GROUP_WINDOW_MS,
    insertTimeoutMs: INSERT_TIMEOUT_MS,
    log,
    ...(onGroup && { onGroup }),
  });
}
