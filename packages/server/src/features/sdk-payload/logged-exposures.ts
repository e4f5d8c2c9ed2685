import { type EventRow, eventKey } from '../sdk-events/service';

/** Enough for the units a busy server evaluates in a while, at about a hundred bytes each. */
const DEFAULT_CAPACITY = 100_000;

export interface LoggedExposures {
  /** The rows this process has not stored lately. */
  unlogged(rows: EventRow[]): EventRow[];
  /** Notes rows as stored. */
  remember(rows: EventRow[]): void;
}

/**
 * The exposures the server logged for its own evaluations lately, most recent last. A server-side SDK evaluates the
 * same unit on every request; its exposure, once stored, need not be written again, which would cost a lookup in the
 * SQL database and a row per evaluation in ClickHouse (where copies of it merge only by id and time). Another process,
 * or this one after forgetting, writes it again at worst, and reads count it once.
 */
export function createLoggedExposures(capacity = DEFAULT_CAPACITY): LoggedExposures {
  const recent = new Set<string>();
  const keyOf = (row: EventRow) => eventKey(row.projectId, row.eventId);
  return {
    unlogged: (rows) => rows.filter((row) => !recent.has(keyOf(row))),
    remember(rows) {
      for (const row of rows) {
        const key = keyOf(row);
        recent.delete(key);
        recent.add(key);
      }
      // A Set iterates in insertion order: the first keys are the least recently stored.
      for (const key of recent) {
        if (recent.size <= capacity) break;
        recent.delete(key);
      }
    },
  };
}
