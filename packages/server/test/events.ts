import type { ClickHouse } from '../src/db/clickhouse/connection';
import { EVENT_TABLE } from '../src/db/clickhouse/schema';
import type { Database } from '../src/db/client';
import { insertEvents } from '../src/features/sdk-events/store';
import { toClickHouseRow } from '../src/features/sdk-events/store-clickhouse';
import type { EventRow } from '../src/features/sdk-events/types';

/**
 * The same events stored by both stores' own insert paths, for tests that hold the two to the same answers; the first
 * `resent` rows go to ClickHouse a second time, as a batch sent again would, which it keeps until it merges the copies.
 */
export async function storeInBoth(db: Database, clickhouse: ClickHouse, rows: EventRow[], resent = 0): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) await insertEvents(db, rows.slice(start, start + 1000));
  const stored = rows.map(toClickHouseRow);
  await clickhouse.insert(EVENT_TABLE, stored);
  await clickhouse.insert(EVENT_TABLE, stored.slice(0, resent));
}
