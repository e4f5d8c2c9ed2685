import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { EventRow } from './types';

/** How the insert names a stored event: its project and the SDK's id. */
export const eventKey = (projectId: string, eventId: string): string => `${projectId}\u0000${eventId}`;

const column = <K extends keyof EventRow>(rows: EventRow[], key: K) => sql.param(rows.map((row) => row[key]));

/**
 * One statement for any number of rows: each column travels as one array parameter, so a group of thousands of
 * events costs twelve parameters, not twelve per event. Returns the keys of the rows that were new; the others
 * were stored before.
 */
export async function insertEvents(db: Database, rows: EventRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const result = await db.execute(sql`
    insert into event (project_id, environment_id, event_id, type, unit_id, experiment, version, name, value,
      properties, attributes, occurred_at)
    select p, e, i, t::event_type, u, x, v, n, val, props::jsonb, attrs::jsonb, to_timestamp(at / 1000.0)
    from unnest(
      ${column(rows, 'projectId')}::text[], ${column(rows, 'environmentId')}::text[],
      ${column(rows, 'eventId')}::text[], ${column(rows, 'type')}::text[], ${column(rows, 'unitId')}::text[],
      ${column(rows, 'experiment')}::text[], ${column(rows, 'version')}::text[], ${column(rows, 'name')}::text[],
      ${column(rows, 'value')}::float8[], ${column(rows, 'properties')}::text[], ${column(rows, 'attributes')}::text[],
      ${column(rows, 'occurredAt')}::float8[]
    ) as row(p, e, i, t, u, x, v, n, val, props, attrs, at)
    on conflict (project_id, event_id) do nothing
    returning project_id, event_id`);
  const inserted = (result as unknown as { rows: { project_id: string; event_id: string }[] }).rows;
  return new Set(inserted.map((row) => eventKey(row.project_id, row.event_id)));
}
