import type { ClickHouse } from '../../db/clickhouse/connection';
import { chString, chStrings } from '../../db/clickhouse/literal';
import { EVENT_TABLE } from '../../db/clickhouse/schema';

/** The list waits this long for its counts, then shows the experiments without them. */
const COUNT_TIMEOUT_MS = 5000;

/**
 * Distinct units with an exposure event, by experiment key, over all phases; keys without any are left out. Counting
 * distinct units, a copy of an event not merged yet counts once by itself.
 */
export async function selectExposedUnitsOnClickHouse(
  clickhouse: ClickHouse,
  projectId: string,
  keys: string[],
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await clickhouse.rows<{ experiment: string; units: string }>(
    `SELECT experiment, uniqExact(unit_id) AS units FROM ${clickhouse.database}.${EVENT_TABLE}
    WHERE project_id = ${chString(projectId)} AND type = 'exposure' AND experiment IN ${chStrings(keys)}
    GROUP BY experiment`,
    COUNT_TIMEOUT_MS,
  );
  return new Map(rows.map((row) => [row.experiment, Number(row.units)]));
}
