import type { ClickHouse } from '../../db/clickhouse/connection';
import { EVENT_TABLE } from '../../db/clickhouse/schema';
import { CLICKHOUSE_TEXT, EVENT_CLICKHOUSE_COLUMNS, eventsText } from './event-text';
import { ALL_NEW, type NewEvents } from './store';
import type { EventRow } from './types';

/**
 * One INSERT for the group, answered once ClickHouse has acknowledged every row. Every row counts as new: whether an
 * event id was stored before is not looked up (that would read the whole project per batch); a batch sent again is
 * stored again and counted once by every read, until ClickHouse merges the copy away.
 */
export async function insertEventsIntoClickHouse(clickhouse: ClickHouse, rows: EventRow[]): Promise<NewEvents> {
  await clickhouse.insertText(EVENT_TABLE, EVENT_CLICKHOUSE_COLUMNS, eventsText(rows, CLICKHOUSE_TEXT));
  return ALL_NEW;
}
