import type { ClickHouse } from './connection';
import { chString } from './literal';

/** Where the analysis reads events and the ingest writes them: on a cluster, the Distributed table over every shard. */
export const EVENT_TABLE = 'event';
/** The table that holds a server's own rows: where partitions are dropped. */
export const eventStorageTable = (clickhouse: Pick<ClickHouse, 'cluster'>): string =>
  clickhouse.cluster ? 'event_local' : EVENT_TABLE;

/**
 * A monthly partition of the events (as ClickHouse names it, `YYYYMM`), by the time the event happened in UTC:
 * retention drops whole months.
 */
export const EVENT_PARTITION_KEY = "toYYYYMM(toDateTime(intDiv(occurred_ms, 1000), 'UTC'))";

/**
 * The engine of a table keyed by `orderBy`: on one server a plain MergeTree of the kind; on a cluster its replicated
 * twin, one replica per `{replica}` macro of each `{shard}`.
 */
function engine(clickhouse: ClickHouse, kind: 'MergeTree' | 'ReplacingMergeTree', table: string): string {
  if (!clickhouse.cluster) return `${kind}()`;
  const path = `/clickhouse/tables/{shard}/${clickhouse.database}/${table}`;
  return `Replicated${kind}(${chString(path)}, '{replica}')`;
}

/**
 * The events, one row per SDK event. Sent again, a batch is stored again: ReplacingMergeTree merges the copies away
 * in time (they share the sort key, which ends with the event id), and until it has, every read counts each event
 * id once. Columns are never Nullable (it costs a second column each): an absent text is '', an absent value 0, which
 * counts and sums the same. Times are epoch milliseconds as the SDK sends them: ClickHouse 18.16 has no DateTime64.
 * The sort key serves the analysis: one project's exposures to one experiment, or its track events of one name, are
 * each one range, in unit order.
 */
function eventColumns(): string {
  return `(
    project_id String,
    environment_id String,
    event_id String,
    type Enum8('exposure' = 1, 'track' = 2),
    unit_id String,
    experiment String,
    version String,
    name String,
    value Float64,
    properties String,
    attributes String,
    occurred_ms UInt64,
    received_at DateTime DEFAULT now()
  )`;
}

export interface ClickHouseMigration {
  name: string;
  statements(clickhouse: ClickHouse): string[];
}

/** In order; each statement may run twice (two servers starting at once), so each says IF NOT EXISTS. */
export const CLICKHOUSE_MIGRATIONS: ClickHouseMigration[] = [
  {
    name: '0001_events',
    statements: (clickhouse) => {
      const { database, onCluster } = clickhouse;
      const storage = eventStorageTable(clickhouse);
      const statements = [
        `CREATE TABLE IF NOT EXISTS ${database}.${storage}${onCluster} ${eventColumns()}
        ENGINE = ${engine(clickhouse, 'ReplacingMergeTree', storage)}
        PARTITION BY ${EVENT_PARTITION_KEY}
        ORDER BY (project_id, type, experiment, name, unit_id, occurred_ms, event_id)`,
      ];
      if (clickhouse.cluster) {
        // Sharded by unit, so that each unit's events meet on one shard.
        statements.push(
          `CREATE TABLE IF NOT EXISTS ${database}.${EVENT_TABLE}${onCluster} AS ${database}.${storage}
          ENGINE = Distributed(${clickhouse.cluster}, ${database}, ${storage}, cityHash64(project_id, unit_id))`,
        );
      }
      return statements;
    },
  },
];

/** The table recording which migrations ran. */
const MIGRATIONS_TABLE = 'tabula_migrations';

/**
 * Brings the database to the latest schema at start-up, as the SQL migrations do: the database and the record of
 * applied migrations first, then each missing migration, recorded once it ran.
 */
export async function migrateClickHouse(clickhouse: ClickHouse): Promise<string[]> {
  const { database, onCluster } = clickhouse;
  await clickhouse.command(`CREATE DATABASE IF NOT EXISTS ${database}${onCluster}`);
  await clickhouse.command(
    `CREATE TABLE IF NOT EXISTS ${database}.${MIGRATIONS_TABLE}${onCluster} (name String, applied_at DateTime DEFAULT now())
    ENGINE = ${engine(clickhouse, 'ReplacingMergeTree', MIGRATIONS_TABLE)} ORDER BY name`,
  );
  const applied = new Set(
    (await clickhouse.rows<{ name: string }>(`SELECT DISTINCT name FROM ${database}.${MIGRATIONS_TABLE}`)).map(
      (row) => row.name,
    ),
  );
  const ran: string[] = [];
  for (const migration of CLICKHOUSE_MIGRATIONS) {
    if (applied.has(migration.name)) continue;
    for (const statement of migration.statements(clickhouse)) await clickhouse.command(statement, 60_000);
    await clickhouse.insert(MIGRATIONS_TABLE, [{ name: migration.name }]);
    ran.push(migration.name);
  }
  return ran;
}
