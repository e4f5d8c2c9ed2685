import type { ClickHouse } from '../../db/clickhouse/connection';
import { EVENT_TABLE } from '../../db/clickhouse/schema';
import type { NewEvents } from './store';
import type { EventRow } from './types';

/** A stored event as the ClickHouse table holds it (see its schema): no nulls, times in epoch milliseconds. */
export function toClickHouseRow(row: EventRow) {
  return {
    project_id: row.projectId,
    environment_id: row.environmentId,
    event_id: row.eventId,
    type: row.type,
    unit_id: row.unitId,
    experiment: row.experiment ?? '',
    version: row.version ?? '',
    name: row.name ?? '',
    value: row.value ?? 0,
    properties: row.properties ? JSON.stringify(row.properties) : '',
    attributes: row.attributes ? JSON.stringify(row.attributes) : '',
    occurred_ms: Math.max(0, Math.round(row.occurredAt)),
  };
}

/**
 * Every row as new: whether an event id was stored before is not looked up (that would read the whole project per
 * batch); a batch sent again is stored again and counted once by every read, until ClickHouse merges the copy away.
 */
const UNKNOWN_BEFORE: NewEvents = { has: () => true };

/** One INSERT for the group, answered once ClickHouse has acknowledged every row. */
export async function insertEventsIntoClickHouse(clickhouse: ClickHouse, rows: EventRow[]): Promise<NewEvents> {
  await clickhouse.insert(EVENT_TABLE, rows.map(toClickHouseRow));
  return UNKNOWN_BEFORE;
}
