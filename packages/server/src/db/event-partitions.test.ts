import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, databaseUrl, serverUrl, uniqueDatabaseName } from '../../test/postgres';
import { createDatabase, type DatabaseHandle } from './client';
import { migrate } from './migrate';

const PARTITIONING = '0018_event_partitions';
const migrations = fileURLToPath(new URL('./migrations', import.meta.url));

/** The migrations as they were before the event table was partitioned. */
function migrationsBeforePartitioning(): string {
  const folder = mkdtempSync(join(tmpdir(), 'tabula-migrations-'));
  cpSync(migrations, folder, { recursive: true });
  rmSync(join(folder, `${PARTITIONING}.sql`));
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === PARTITIONING);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

const EVENTS = [
  // On the session's clock (New York) this is still February: months are UTC months.
  { eventId: 'march-utc', occurredAt: '2024-03-01T00:30:00Z', partition: 'event_2024_03' },
  { eventId: 'february', occurredAt: '2024-02-29T23:59:59.999Z', partition: 'event_2024_02' },
  { eventId: 'february-too', occurredAt: '2024-02-01T00:00:00Z', partition: 'event_2024_02' },
  { eventId: 'epoch', occurredAt: '1970-01-01T00:00:00Z', partition: 'event_1970_01' },
];

describe('migrating the event table to monthly partitions', () => {
  let handle: DatabaseHandle;
  let name: string | null = null;
  let indexesBefore: string[];
  beforeAll(async () => {
    const folder = migrationsBeforePartitioning();
    try {
      if (serverUrl()) {
        name = uniqueDatabaseName('tabula_partitioning');
        await admin(`CREATE DATABASE "${name}"`);
        await admin(`ALTER DATABASE "${name}" SET timezone TO 'America/New_York'`);
        handle = await createDatabase({ databaseUrl: databaseUrl(name) });
      } else {
        handle = await createDatabase({});
        await handle.db.execute(sql`set timezone to 'America/New_York'`);
      }
      if (handle.kind === 'pglite') await migratePglite(handle.driver, { migrationsFolder: folder });
      else await migrateNodePg(handle.driver, { migrationsFolder: folder });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    for (const event of EVENTS) {
      await handle.db.execute(sql`
        insert into event (project_id, environment_id, event_id, type, unit_id, name, value, occurred_at)
        values ('prj_old', 'env_old', ${event.eventId}, 'track', 'visitor-1', 'purchase', 2.5, ${event.occurredAt})`);
    }
    indexesBefore = await indexDefinitions();
    await migrate(handle);
  });
  afterAll(async () => {
    await handle?.close();
    if (name) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  const query = async <Row>(statement: SQL) =>
    ((await handle.db.execute(statement)) as unknown as { rows: Row[] }).rows;
  const indexDefinitions = async () => {
    const rows = await query<{ definition: string }>(sql`
      select pg_get_indexdef(indexrelid) as definition from pg_index
      where indrelid = 'event'::regclass and not indisprimary order by definition`);
    return rows.map((row) => row.definition.replace(' ON ONLY ', ' ON '));
  };

  it('keeps every event, each in the partition of its UTC month', async () => {
    const rows = await query<{ event_id: string; partition: string; at_ms: number }>(sql`
      select event_id, tableoid::regclass::text as partition, (extract(epoch from occurred_at) * 1000)::float8 as at_ms
      from event where project_id = 'prj_old' and name = 'purchase' and value = 2.5 order by occurred_at desc`);
    expect(rows.map((row) => ({ eventId: row.event_id, at: row.at_ms, partition: row.partition }))).toEqual(
      EVENTS.map((event) => ({ eventId: event.eventId, at: Date.parse(event.occurredAt), partition: event.partition })),
    );
  });

  it('is partitioned by range of occurred_at, with the same indexes and the time in the key', async () => {
    const [table] = await query<{ key: string; primary_key: string }>(sql`
      select pg_get_partkeydef('event'::regclass) as key,
        (select pg_get_constraintdef(oid) from pg_constraint where conrelid = 'event'::regclass and contype = 'p')
          as primary_key`);
    expect(table).toEqual({
      key: 'RANGE (occurred_at)',
      primary_key: 'PRIMARY KEY (project_id, event_id, occurred_at)',
    });
    expect(await indexDefinitions()).toEqual(indexesBefore);
    expect(indexesBefore.map((definition) => definition.split(' ')[2])).toEqual([
      'event_exposure_idx',
      'event_track_idx',
    ]);
  });
});
