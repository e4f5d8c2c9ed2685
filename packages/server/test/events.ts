import type { ClickHouse } from '../src/db/clickhouse/connection';
import type { Database } from '../src/db/client';
import { insertEvents } from '../src/features/sdk-events/store';
import { insertEventsIntoClickHouse } from '../src/features/sdk-events/store-clickhouse';
import type { EventRow } from '../src/features/sdk-events/types';

/** A track event "buy" of project `p`, environment `e`, for tests that care only about its id and time. */
export const buyEvent = (eventId: string, occurredAt: number, overrides: Partial<EventRow> = {}): EventRow => ({
  projectId: 'p',
  environmentId: 'e',
  eventId,
  type: 'track',
  unitId: 'u',
  experiment: null,
  version: null,
  name: 'buy',
  value: null,
  properties: null,
  attributes: null,
  occurredAt,
  ...overrides,
});

/**
 * The same events stored by both stores' own insert paths, for tests that hold the two to the same answers; the first
 * `resent` rows go to ClickHouse a second time, as a batch sent again would, which it keeps until it merges the copies.
 */
export async function storeInBoth(db: Database, clickhouse: ClickHouse, rows: EventRow[], resent = 0): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) await insertEvents(db, rows.slice(start, start + 1000));
  await insertEventsIntoClickHouse(clickhouse, rows);
  await insertEventsIntoClickHouse(clickhouse, rows.slice(0, resent));
}
