import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickhouseAnswers, createTestClickHouse, type TestClickHouse } from '../../../test/clickhouse';
import { buyEvent } from '../../../test/events';
import { insertEventsIntoClickHouse } from '../../features/sdk-events/store-clickhouse';
import { dropClickHouseEventMonthsBefore } from './retention';

const available = await clickhouseAnswers('the ClickHouse retention tests');

describe.runIf(available)('ClickHouse event retention', () => {
  let store: TestClickHouse;
  beforeAll(async () => {
    store = await createTestClickHouse();
  });
  afterAll(async () => {
    await store?.drop();
  });

  const at = (year: number, month: number, day = 15) => Date.UTC(year, month - 1, day, 12);

  it('drops whole months before the first kept one, in UTC, and keeps the rest', async () => {
    await insertEventsIntoClickHouse(store.clickhouse, [
      buyEvent('old-1', at(2025, 12)),
      buyEvent('old-2', at(2026, 1, 31) + 11 * 3600_000 + 59 * 60_000),
      buyEvent('kept-1', at(2026, 2, 1) - 12 * 3600_000),
      buyEvent('kept-2', at(2026, 3)),
    ]);
    expect(await dropClickHouseEventMonthsBefore(store.clickhouse, 202602)).toEqual([202512, 202601]);
    const left = await store.clickhouse.rows<{ event_id: string }>(
      `SELECT event_id FROM ${store.clickhouse.database}.event ORDER BY event_id`,
    );
    expect(left.map((row) => row.event_id)).toEqual(['kept-1', 'kept-2']);
    expect(await dropClickHouseEventMonthsBefore(store.clickhouse, 202602)).toEqual([]);
  });
});
