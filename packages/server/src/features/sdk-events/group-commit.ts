import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/app-error';
import { settleWithin } from '../../lib/settle-within';
import { EMPTY_USAGE, mergeUsage, type UsageReport, usageWeight } from '../flag-usage/service';
import type { NewEvents } from './store';
import type { BatchOutcome, EventRow } from './types';

export interface GroupCommitOptions {
  /**
   * Stores a group: its rows in one statement, then its flag usage (the batches' reports merged in memory). Resolves,
   * once committed, with which rows were new.
   */
  insert(rows: EventRow[], usage: UsageReport): Promise<NewEvents>;
  /**
   * Events and usage reports waiting or being written; past this, batches are refused with 503 rather than queued
   * without end.
   */
  maxQueuedEvents: number;
  /** Statements in flight at once: 1 for PGlite (one connection), a few for PostgreSQL's pool. */
  maxConcurrentInserts: number;
  /** Events and usage reports per group. */
  maxRowsPerInsert: number;
  /**
   * Where an event that comes twice is written once: in the whole group (the SQL database's unique key would refuse
   * the second copy, a retry racing its original), or in each batch (ClickHouse stores a second copy, and every read
   * counts it once, at no cost to ingest).
   */
  uniqueWithin: 'group' | 'batch';
  /** How long an idle writer waits for more batches to join the first. */
  windowMs: number;
  /**
   * A group not committed within this long is refused (503, so its SDKs send it again) and its slot freed, whatever
   * the database does: a write that hangs must not hold every batch behind it.
   */
  insertTimeoutMs: number;
  log: FastifyBaseLogger;
  /** Told the size of each group as its statement starts (for monitoring). */
  onGroup?: (events: number) => void;
}

/** What the writer has seen of the database lately, for the health check. */
export type IngestState = 'up' | 'down';

export interface EventWriter {
  /** Resolves once the rows and usage are committed; rejects with 503 when overloaded or when the database fails. */
  write(rows: EventRow[], usage?: UsageReport): Promise<BatchOutcome>;
  /**
   * `down` while the latest group failed (within the last `RECENT_FAILURE_MS`) or one has been waiting longer than
   * `SLOW_GROUP_MS`.
   */
  state(): IngestState;
  /** Events (and usage rows) accepted and not yet written. */
  queued(): number;
  /** Waits for everything queued to be written; later writes are refused. */
  close(): Promise<void>;
}

/** A failure older than this, with no write since to show otherwise, no longer says the database is down. */
const RECENT_FAILURE_MS = 30_000;
/** A group commits in milliseconds; one waiting this long means the database is not answering. */
const SLOW_GROUP_MS = 5_000;

const unavailable = (message: string) => new AppError('unavailable', message);

interface Batch {
  rows: EventRow[];
  usage: UsageReport;
  resolve(outcome: BatchOutcome): void;
  reject(error: Error): void;
}

/** What a batch weighs against the queue and group limits: usage costs a statement's row too. */
const weight = (batch: Pick<Batch, 'rows' | 'usage'>): number => batch.rows.length + usageWeight(batch.usage);

const TIMED_OUT = Symbol('timed out');

/**
 * The rows of the batches, each event once within them: the first of its copies. `isFirst` tells whether a row is the
 * one kept. By project, then event id: the ids are looked up as the request's JSON gave them, with no key made per row.
 */
function firstOfEach(batches: readonly Batch[]): { unique: EventRow[]; isFirst(row: EventRow): boolean } {
  const firsts = new Map<string, Map<string, EventRow>>();
  const unique: EventRow[] = [];
  for (const batch of batches) {
    for (const row of batch.rows) {
      let ofProject = firsts.get(row.projectId);
      if (!ofProject) {
        ofProject = new Map();
        firsts.set(row.projectId, ofProject);
      }
      if (ofProject.has(row.eventId)) continue;
      ofProject.set(row.eventId, row);
      unique.push(row);
    }
  }
  return { unique, isFirst: (row) => firsts.get(row.projectId)?.get(row.eventId) === row };
}

/**
 * The group's rows to write, each event once within the group or within each batch, and whether a batch's row is
 * the one kept. A map of the ids of a group of 20,000 rows cost a twentieth of the server's time, its lookups
 * leaving the processor's cache; a batch's stays in it.
 */
function rowsToWrite(
  group: readonly Batch[],
  within: GroupCommitOptions['uniqueWithin'],
): { unique: EventRow[]; isFirst(row: EventRow, batch: Batch): boolean } {
  if (within === 'group') return firstOfEach(group);
  const each = new Map(group.map((batch) => [batch, firstOfEach([batch])]));
  return {
    unique: [...each.values()].flatMap(({ unique }) => unique),
    isFirst: (row, batch) => each.get(batch)!.isFirst(row),
  };
}

/**
 * Group commit: batches arriving while a statement is in flight (or within `windowMs` of an idle writer) are
 * written together by one multi-row INSERT (and their flag usage, merged in memory), and each request is answered when
 * the statements holding its rows have committed. A batch never spans two groups, so each one is stored whole or not
 * at all.
 */
export function createEventWriter(options: GroupCommitOptions): EventWriter {
  const waiting: Batch[] = [];
  let queuedEvents = 0;
  let inFlight = 0;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let drained: (() => void) | null = null;
  let lastSuccessAt = 0;
  let lastFailureAt = 0;
  /** When each group in flight started. */
  const started = new Set<{ at: number }>();

  const settleIfDrained = () => {
    if (drained && inFlight === 0 && waiting.length === 0) drained();
  };

  const schedule = () => {
    if (timer || waiting.length === 0 || inFlight >= options.maxConcurrentInserts) return;
    // A busy writer starts the next statement at once: everything that arrived meanwhile is already waiting.
    timer = setTimeout(flush, inFlight === 0 && !closed ? options.windowMs : 0);
  };

  const take = (): Batch[] => {
    let rows = 0;
    let count = 0;
    while (count < waiting.length) {
      const next = weight(waiting[count]!);
      if (count > 0 && rows + next > options.maxRowsPerInsert) break;
      rows += next;
      count += 1;
    }
    return waiting.splice(0, count);
  };

  async function flush() {
    timer = null;
    const group = take();
    if (group.length === 0) return;
    inFlight += 1;
    schedule();
    const { unique, isFirst } = rowsToWrite(group, options.uniqueWithin);
    const startedAt = { at: Date.now() };
    started.add(startedAt);
    options.onGroup?.(group.reduce((sum, batch) => sum + weight(batch), 0));
    try {
      const inserted = await settleWithin<NewEvents | typeof TIMED_OUT>(
        options.insert(unique, mergeUsage(group.map((batch) => batch.usage))),
        options.insertTimeoutMs,
        TIMED_OUT,
      );
      if (inserted === TIMED_OUT) throw new Error(`the write did not commit within ${options.insertTimeoutMs} ms`);
      lastSuccessAt = Date.now();
      for (const batch of group) {
        let duplicates = 0;
        for (const row of batch.rows) if (!isFirst(row, batch) || !inserted.has(row)) duplicates += 1;
        batch.resolve({ accepted: batch.rows.length, duplicates });
      }
    } catch (error) {
      lastFailureAt = Date.now();
      options.log.error({ err: error, events: unique.length }, 'could not store SDK events');
      const refusal = unavailable('Events could not be stored right now; send them again later');
      for (const batch of group) batch.reject(refusal);
    } finally {
      started.delete(startedAt);
      inFlight -= 1;
      for (const batch of group) queuedEvents -= weight(batch);
      schedule();
      settleIfDrained();
    }
  }

  return {
    write(rows, usage = EMPTY_USAGE) {
      if (closed) return Promise.reject(unavailable('The server is shutting down; send the events again later'));
      const size = weight({ rows, usage });
      if (size === 0) return Promise.resolve({ accepted: 0, duplicates: 0 });
      if (queuedEvents + size > options.maxQueuedEvents) {
        return Promise.reject(unavailable('The server is busy storing events; send them again later'));
      }
      queuedEvents += size;
      return new Promise<BatchOutcome>((resolve, reject) => {
        waiting.push({ rows, usage, resolve, reject });
        schedule();
      });
    },
    queued: () => queuedEvents,
    state() {
      const now = Date.now();
      const slow = [...started].some(({ at }) => now - at > SLOW_GROUP_MS);
      const failing = lastFailureAt > lastSuccessAt && now - lastFailureAt < RECENT_FAILURE_MS;
      return slow || failing ? 'down' : 'up';
    },
    close() {
      closed = true;
      if (timer) {
        clearTimeout(timer);
        timer = null;
        schedule();
      }
      return new Promise<void>((resolve) => {
        drained = resolve;
        settleIfDrained();
      });
    },
  };
}
