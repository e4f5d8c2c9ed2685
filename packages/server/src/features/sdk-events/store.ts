import { type SQL, sql } from 'drizzle-orm';
import type { CopyFrom, Database } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { EVENT_COPY_COLUMNS, eventsCopyText } from './copy-text';
import type { EventRow } from './types';

/** How the insert names a stored event: its project and the SDK's id. */
export const eventKey = (projectId: string, eventId: string): string => `${projectId}\u0000${eventId}`;

/** Which of the rows written were new (the others were stored before), by eventKey. */
export type NewEvents = Pick<ReadonlySet<string>, 'has'>;

const ALL_NEW: NewEvents = { has: () => true };

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
 * Stores the rows (each key once among them). Almost every event arrives once, so a plain write comes first: a COPY
 * where the database takes one (PostgreSQL), else an INSERT; ON CONFLICT's speculative insertion would cost
 * PostgreSQL about a third more per row. Only when an event was stored before (a retried batch) does the unique key
 * refuse that statement, and the rows go again, skipping those already there.
 */
export async function insertEvents(db: Database, rows: EventRow[], copyFrom?: CopyFrom): Promise<NewEvents> {
  if (rows.length === 0) return ALL_NEW;
  try {
    if (copyFrom) await copyFrom(`copy event (${EVENT_COPY_COLUMNS}) from stdin`, eventsCopyText(rows));
    else await db.execute(insertSql(rows, sql``));
    return ALL_NEW;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const result = await db.execute(
    insertSql(rows, sql`on conflict (project_id, event_id) do nothing returning project_id, event_id`),
  );
  const inserted = (result as unknown as { rows: { project_id: string; event_id: string }[] }).rows;
  return new Set(inserted.map((row) => eventKey(row.project_id, row.event_id)));
}
