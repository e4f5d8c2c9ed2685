import { randomBytes } from 'node:crypto';
import { type ClickHouse, connectClickHouse } from '../src/db/clickhouse/connection';
import { migrateClickHouse } from '../src/db/clickhouse/schema';

/** The ClickHouse the tests use: CI starts one on ports of its own (scripts/clickhouse-for-tests.sh). */
export const CLICKHOUSE_TEST_URL = process.env.TABULA_TEST_CLICKHOUSE_URL ?? 'http://127.0.0.1:18123';

/**
 * Whether ClickHouse answers. Suites that need it skip, saying why, where it does not; CI sets REQUIRE_CLICKHOUSE=1
 * to fail instead, so that the ClickHouse path is never left untested by accident.
 */
export async function clickhouseAnswers(suite: string): Promise<boolean> {
  let answers = false;
  try {
    answers = (await fetch(`${CLICKHOUSE_TEST_URL}/ping`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    answers = false;
  }
  if (answers) return true;
  const message = `no ClickHouse answers at ${CLICKHOUSE_TEST_URL}`;
  if (process.env.REQUIRE_CLICKHOUSE === '1') {
    throw new Error(`${suite} need ClickHouse (REQUIRE_CLICKHOUSE=1), but ${message}`);
  }
  console.warn(`Skipping ${suite}: ${message}`);
  return false;
}

export interface TestClickHouse {
  clickhouse: ClickHouse;
  /** The address a server takes as TABULA_CLICKHOUSE_URL to use this database. */
  url: string;
  drop(): Promise<void>;
}

/** The one-shard, one-replica cluster the test ClickHouse knows (scripts/clickhouse-for-tests.sh). */
export const TEST_CLUSTER = 'tabula_test';

/** A migrated database of its own, dropped afterwards; made ON CLUSTER `cluster` when one is named. */
export async function createTestClickHouse(cluster: string | null = null): Promise<TestClickHouse> {
  const url = `${CLICKHOUSE_TEST_URL}/tabula_test_${randomBytes(6).toString('hex')}`;
  const clickhouse = connectClickHouse({ url, cluster });
  await migrateClickHouse(clickhouse);
  return {
    clickhouse,
    url,
    drop: async () => {
      await clickhouse.command(`DROP DATABASE IF EXISTS ${clickhouse.database}${clickhouse.onCluster}`, 60_000);
      await clickhouse.close();
    },
  };
}
