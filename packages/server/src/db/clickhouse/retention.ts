import type { ClickHouse } from './connection';
import { chString } from './literal';
import { eventStorageTable } from './schema';

/**
 * Drops every monthly partition of the events before `firstKeptMonth` (YYYYMM, UTC) and returns the months dropped.
 * Dropping a partition removes its files at once, with no rewrite of what stays; on a cluster, every replica's.
 */
export async function dropClickHouseEventMonthsBefore(
  clickhouse: ClickHouse,
  firstKeptMonth: number,
): Promise<number[]> {
  const table = eventStorageTable(clickhouse);
  const partitions = await clickhouse.rows<{ partition: string }>(
    `SELECT DISTINCT partition FROM system.parts
    WHERE database = ${chString(clickhouse.database)} AND table = ${chString(table)} AND active`,
  );
  const old = partitions
    .map((row) => Number(row.partition))
    .filter((month) => Number.isInteger(month) && month < firstKeptMonth)
    .sort((a, b) => a - b);
  for (const month of old) {
    await clickhouse.command(
      `ALTER TABLE ${clickhouse.database}.${table}${clickhouse.onCluster} DROP PARTITION ${month}`,
      60_000,
    );
  }
  return old;
}
