import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { insertEvents } from './store';
import type { EventRow } from './types';

const row = (eventId: string, occurredAt: number): EventRow => ({
  projectId: 'prj_store',
  environmentId: 'env_store',
  eventId,
  type: 'track',
  unitId: 'visitor-1',
  experiment: null,
  version: null,
  name: 'purchase',
  value: 1,
  properties: null,
  attributes: null,
  occurredAt,
});

describe('storing events in the monthly partitioned table', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  const insert = (rows: EventRow[]) => {
    const { handle } = database;
    return insertEvents(handle.db, rows, handle.kind === 'postgres' ? handle.copyFrom : undefined);
  };
  /** Where each stored event of the project is, by event id. */
  const partitionsOf = async (eventIds: string[]) => {
    const result = await database.handle.db.execute(
      sql`select event_id, tableoid::regclass::text as partition from event
        where project_id = 'prj_store' and event_id in ${eventIds}`,
    );
    const rows = (result as unknown as { rows: { event_id: string; partition: string }[] }).rows;
    return Object.fromEntries(rows.map((stored) => [stored.event_id, stored.partition]));
  };

  it('stores events whatever month their clock says, in the default partition when no month covers it', async () => {
    const rows = [
      row('far-past', Date.UTC(1970, 0, 1, 0, 0, 1)),
      row('far-future', Date.UTC(2999, 11, 31, 23, 59, 59)),
      row('now', Date.now()),
    ];
    await insert(rows);
    expect(await partitionsOf(['far-past', 'far-future', 'now'])).toEqual({
      'far-past': 'event_default',
      'far-future': 'event_default',
      now: 'event_default',
    });
  });

  it('stores a retried batch once, and says which of its events were new', async () => {
    const at = Date.UTC(2026, 2, 31, 23, 59, 59, 999);
    await insert([row('retried-1', at), row('retried-2', at)]);
    const again = await insert([row('retried-1', at), row('retried-2', at), row('retried-3', at)]);
    expect(
      ['retried-1', 'retried-2', 'retried-3'].map((id) => again.has({ projectId: 'prj_store', eventId: id })),
    ).toEqual([false, false, true]);
    expect(Object.keys(await partitionsOf(['retried-1', 'retried-2', 'retried-3']))).toHaveLength(3);
  });

  it.runIf(process.env.DATABASE_URL)(
    'stores a write that waited while the month it belongs to was attached, in that month',
    async () => {
      const url = database.url!;
      const attaching = new pg.Client({ connectionString: url });
      await attaching.connect();
      try {
        await attaching.query('begin');
        await attaching.query('create table event_2031_05 (like event including defaults)');
        await attaching.query(
          "alter table event attach partition event_2031_05 for values from ('2031-05-01Z') to ('2031-06-01Z')",
        );
        const write = insert([row('during-attach', Date.UTC(2031, 4, 15))]);
        // The write waits for the default partition, which the attaching transaction holds.
        const watcher = new pg.Client({ connectionString: url });
        await watcher.connect();
        try {
          for (;;) {
            const waiting = await watcher.query(
              "select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
            );
            if (waiting.rowCount) break;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        } finally {
          await watcher.end();
        }
        await attaching.query('commit');
        await write;
      } finally {
        await attaching.end();
      }
      expect(await partitionsOf(['during-attach'])).toEqual({ 'during-attach': 'event_2031_05' });
    },
  );
});
