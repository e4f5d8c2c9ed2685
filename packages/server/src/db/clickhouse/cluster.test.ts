import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickhouseAnswers, createTestClickHouse, TEST_CLUSTER, type TestClickHouse } from '../../../test/clickhouse';
import { buyEvent } from '../../../test/events';
import { insertEventsIntoClickHouse } from '../../features/sdk-events/store-clickhouse';
import { chString } from './literal';
import { dropClickHouseEventMonthsBefore } from './retention';
import { migrateClickHouse } from './schema';

const available = await clickhouseAnswers('the ClickHouse cluster tests');

// The cluster the test server knows has one shard of one replica: the statements are those of a real cluster
// (distributed DDL through ZooKeeper, replicated tables, a Distributed table), on one node.
describe.runIf(available)('ClickHouse tables made ON CLUSTER', () => {
  let store: TestClickHouse;
  beforeAll(async () => {
    store = await createTestClickHouse(TEST_CLUSTER);
  }, 60_000);
  afterAll(async () => {
    await store?.drop();
  });

  const tables = () =>
    store.clickhouse.rows<{ name: string; engine: string }>(
      `SELECT name, engine FROM system.tables WHERE database = ${chString(store.clickhouse.database)} ORDER BY name`,
    );
  const event = (id: string, occurredAt: number) => buyEvent(id, occurredAt, { unitId: `unit-${id}`, value: 1 });

  it('makes replicated tables and a Distributed table over them, once however often it runs', async () => {
    expect(await tables()).toEqual([
      { name: 'event', engine: 'Distributed' },
      { name: 'event_local', engine: 'ReplicatedReplacingMergeTree' },
      { name: 'tabula_migrations', engine: 'ReplicatedReplacingMergeTree' },
    ]);
    expect(await migrateClickHouse(store.clickhouse)).toEqual([]);
  });

  it('stores through the Distributed table before answering, and drops old months on every replica', async () => {
    const march = Date.UTC(2026, 2, 10);
    const may = Date.UTC(2026, 4, 10);
    await insertEventsIntoClickHouse(store.clickhouse, [event('a', march), event('b', may), event('c', may)]);
    const count = async () =>
      (
        await store.clickhouse.rows<{ n: number }>(
          `SELECT toFloat64(count()) AS n FROM ${store.clickhouse.database}.event`,
        )
      )[0]?.n;
    expect(await count()).toBe(3);
    expect(await dropClickHouseEventMonthsBefore(store.clickhouse, 202604)).toEqual([202603]);
    expect(await count()).toBe(2);
  });
});
