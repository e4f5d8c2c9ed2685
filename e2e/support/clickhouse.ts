import { randomUUID } from 'node:crypto';

/** The ClickHouse CI starts for the tests (scripts/clickhouse-for-tests.sh). */
const CLICKHOUSE_URL = process.env.TABULA_TEST_CLICKHOUSE_URL ?? 'http://127.0.0.1:18123';

/** Whether it answers; CI requires it (REQUIRE_CLICKHOUSE=1), elsewhere suites that need it are skipped. */
export async function clickhouseAvailable(): Promise<boolean> {
  if (process.env.REQUIRE_CLICKHOUSE === '1') return true;
  try {
    return (await fetch(`${CLICKHOUSE_URL}/ping`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

export interface TestClickHouseDatabase {
  /** What servers take as TABULA_CLICKHOUSE_URL; the first to start creates the database. */
  url: string;
  name: string;
  /** A query's rows (JSONEachRow). */
  rows<T>(query: string): Promise<T[]>;
  drop(): Promise<void>;
}

export function clickhouseDatabase(): TestClickHouseDatabase {
  const name = `tabula_e2e_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const run = async (query: string) => {
    const response = await fetch(CLICKHOUSE_URL, { method: 'POST', body: query });
    const text = await response.text();
    if (!response.ok) throw new Error(`ClickHouse: ${text}`);
    return text;
  };
  return {
    url: `${CLICKHOUSE_URL}/${name}`,
    name,
    rows: async <T>(query: string) =>
      (await run(`${query} FORMAT JSONEachRow`))
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as T),
    drop: async () => {
      await run(`DROP DATABASE IF EXISTS ${name}`);
    },
  };
}
