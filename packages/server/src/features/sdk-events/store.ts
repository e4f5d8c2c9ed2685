import { type SQL, sql } from 'drizzle-orm';
import type { CopyFrom, Database } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { DEFAULT_EVENT_PARTITION } from '../event-retention/types';
import { COPY_TEXT, EVENT_COPY_COLUMNS, eventsText } from './event-text';
import { type EventRow, SERVER_EXPOSURE_ID_PREFIX } from './types';

/** How the insert names a stored event: its project and the SDK's id. */
export const eventKey = (projectId: string, eventId: string): string => `${projectId}\u0000${eventId}`;

/** Which of the rows written were new (the others were stored before). */
export interface NewEvents {
  has(event: Pick<EventRow, 'projectId' | 'eventId'>): boolean;
}

export const ALL_NEW: NewEvents = { has: () => true };

/**
 * Events in one statement for any number of rows, whose only parameter is the rows as one JSON array: serializing it
 * is a single native call, where array parameters cost the driver an escaping pass over every value.
 */
const insertSql = (rows: EventRow[], onConflict: SQL) => sql`
    insert into event (project_id, environment_id, event_id, type, unit_id, experiment, version, name, value,
      properties, attributes, occurred_at)
    select "projectId", "environmentId", "eventId", type, "unitId", experiment, version, name, value, properties,
      attributes, to_timestamp("occurredAt" / 1000.0)
    from json_to_recordset(${JSON.stringify(rows)}::json) as row("projectId" text, "environmentId" text,
      "eventId" text, type event_type, "unitId" text, experiment text, version text, name text, value float8,
      properties jsonb, attributes jsonb, "occurredAt" float8)
    ${onConflict}`;

/**
 * A write that waited for the default partition while a monthly partition was being attached finds, once it may go
 * on, that some of its rows now belong to the new partition: PostgreSQL refuses them as violating the default
 * partition's constraint (23514). The same write again routes them to the new partition.
 */
const isRoutedBeforeAttach = (error: unknown): boolean => {
  const refusal = (error as { cause?: { code?: unknown; table?: unknown } }).cause ?? error;
  const { code, table } = refusal as { code?: unknown; table?: unknown };
  return code === '23514' && table === DEFAULT_EVENT_PARTITION;
};

async function writeOnceMoreIfRerouted<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isRoutedBeforeAttach(error)) throw error;
    return write();
  }
}

const keyOf = (row: Pick<EventRow, 'projectId' | 'eventId'>) => eventKey(row.projectId, row.eventId);
const newAmong = (keys: ReadonlySet<string>): NewEvents => ({ has: (event) => keys.has(keyOf(event)) });

/**
 * The server's exposures among the rows whose id is stored already, at any time. The server logs a unit's exposure
 * for a server-side evaluation under one id (made from the unit and version) at each evaluation's time, and the key
 * includes the time, as a table partitioned by time requires: it would take each evaluation for a new event. An
 * index probe per partition on the key's leading project and id finds them. An SDK's events, sent again, come with
 * their first time, which the key refuses.
 */
async function storedServerExposures(db: Database, rows: EventRow[]): Promise<Set<string>> {
  const exposures = rows.filter((row) => row.type === 'exposure' && row.eventId.startsWith(SERVER_EXPOSURE_ID_PREFIX));
  if (exposures.length === 0) return new Set();
  const ids = exposures.map((row) => ({ projectId: row.projectId, eventId: row.eventId }));
  const result = await db.execute(sql`
    select e.project_id, e.event_id from event e
    join json_to_recordset(${JSON.stringify(ids)}::json) as id("projectId" text, "eventId" text)
      on e.project_id = id."projectId" and e.event_id = id."eventId"`);
  const found = (result as unknown as { rows: { project_id: string; event_id: string }[] }).rows;
  return new Set(found.map((row) => eventKey(row.project_id, row.event_id)));
}

/**
 * Stores the rows (each key once among them). Almost every event arrives once, so a plain write comes first: a COPY
 * where the database takes one (PostgreSQL), else an INSERT; ON CONFLICT's speculative insertion would cost
 * PostgreSQL about a third more per row. Only when an event was stored before (a retried batch) does the unique key
 * refuse that statement, and the rows go again, skipping those already there.
 */
export async function insertEvents(db: Database, rows: EventRow[], copyFrom?: CopyFrom): Promise<NewEvents> {
  const stored = await storedServerExposures(db, rows);
  if (stored.size === 0) return writeEvents(db, rows, copyFrom);
  const fresh = rows.filter((row) => !stored.has(keyOf(row)));
  const inserted = await writeEvents(db, fresh, copyFrom);
  return newAmong(new Set(fresh.filter((row) => inserted.has(row)).map(keyOf)));
}

async function writeEvents(db: Database, rows: EventRow[], copyFrom?: CopyFrom): Promise<NewEvents> {
  if (rows.length === 0) return ALL_NEW;
  try {
    await writeOnceMoreIfRerouted(async () => {
      if (copyFrom) await copyFrom(`copy event (${EVENT_COPY_COLUMNS}) from stdin`, eventsText(rows, COPY_TEXT));
      else await db.execute(insertSql(rows, sql``));
    });
    return ALL_NEW;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const result = await writeOnceMoreIfRerouted(() =>
    db.execute(
      insertSql(rows, sql`on conflict (project_id, event_id, occurred_at) do nothing returning project_id, event_id`),
    ),
  );
  const inserted = (result as unknown as { rows: { project_id: string; event_id: string }[] }).rows;
  return newAmong(new Set(inserted.map((row) => eventKey(row.project_id, row.event_id))));
}
