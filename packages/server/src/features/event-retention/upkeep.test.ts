import { Writable } from 'node:stream';
import { type SQL, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clickhouseAnswers, createTestClickHouse } from '../../../test/clickhouse';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { buyEvent } from '../../../test/events';
import { insertEventsIntoClickHouse } from '../sdk-events/service';
import { retentionCutoff } from './partitions';
import { createEventPartitionUpkeep } from './scheduler';
import { createDuePartitions, dropEventsBefore } from './upkeep';

const utc = (iso: string) => new Date(`${iso}Z`);
const clickhouseAvailable = await clickhouseAnswers('the ClickHouse retention test');

describe('event partition upkeep and retention', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database?.drop());

  const db = () => database.handle.db;
  const query = async <Row>(statement: SQL) => ((await db().execute(statement)) as unknown as { rows: Row[] }).rows;
  /** Stores one event per time, named by the time, as the SDK route would. */
  const insertAt = async (...times: string[]) => {
    for (const time of times) {
      await db().execute(sql`
        insert into event (project_id, environment_id, event_id, type, unit_id, occurred_at)
        values ('prj_upkeep', 'env_upkeep', ${time}, 'exposure', 'visitor-1', ${`${time}Z`})`);
    }
  };
  /** Each stored event's partition, by the time it was stored with. */
  const partitionOfEach = async () => {
    const rows = await query<{ event_id: string; partition: string }>(
      sql`select event_id, tableoid::regclass::text as partition from event order by event_id`,
    );
    return Object.fromEntries(rows.map((row) => [row.event_id, row.partition]));
  };
  const partitions = async () => {
    const rows = await query<{ name: string }>(sql`
      select child.relname as name from pg_inherits join pg_class child on child.oid = pg_inherits.inhrelid
      where pg_inherits.inhparent = 'event'::regclass order by name`);
    return rows.map((row) => row.name);
  };

  it('creates last month to two months ahead, moving in the events the default partition held for them', async () => {
    await insertAt('1999-12-31T23:59:59.999', '2030-01-01T00:00:00', '2030-04-30T23:59:59.999', '2030-05-01T00:00:00');
    expect(await createDuePartitions(db(), utc('2030-02-10T12:00:00'))).toEqual([
      'event_2030_01',
      'event_2030_02',
      'event_2030_03',
      'event_2030_04',
    ]);
    expect(await partitionOfEach()).toEqual({
      '1999-12-31T23:59:59.999': 'event_default',
      '2030-01-01T00:00:00': 'event_2030_01',
      '2030-04-30T23:59:59.999': 'event_2030_04',
      '2030-05-01T00:00:00': 'event_default',
    });
  });

  it('changes nothing when run again, or by several servers at once', async () => {
    const now = utc('2030-02-10T12:00:00');
    const [first, second] = await Promise.all([createDuePartitions(db(), now), createDuePartitions(db(), now)]);
    // One did the work; the other skipped it (another server held the lock) or found nothing left to do.
    const worked = [first, second].filter((created) => created?.length);
    expect(worked).toEqual([['event_2030_01', 'event_2030_02', 'event_2030_03', 'event_2030_04']]);
    expect(await createDuePartitions(db(), now)).toEqual([]);
    expect(await partitions()).toEqual([
      'event_2030_01',
      'event_2030_02',
      'event_2030_03',
      'event_2030_04',
      'event_default',
    ]);
  });

  it('drops exactly the months before the cutoff, and the default partition’s events before it', async () => {
    await createDuePartitions(db(), utc('2030-02-10T12:00:00'));
    await createDuePartitions(db(), utc('2030-06-10T12:00:00'));
    await insertAt(
      '1999-06-01T00:00:00',
      '2030-01-15T00:00:00',
      '2030-03-31T23:59:59.999',
      '2030-04-01T00:00:00',
      '2030-07-15T00:00:00',
      '2035-01-01T00:00:00',
    );
    const cutoff = retentionCutoff(utc('2030-07-15T00:00:00'), 3)!;
    expect(await dropEventsBefore(db(), cutoff)).toEqual({
      dropped: ['event_2030_01', 'event_2030_02', 'event_2030_03'],
      deletedFromDefault: 1,
    });
    expect(await partitions()).toEqual([
      'event_2030_04',
      'event_2030_05',
      'event_2030_06',
      'event_2030_07',
      'event_2030_08',
      'event_default',
    ]);
    expect(Object.keys(await partitionOfEach())).toEqual([
      '2030-04-01T00:00:00',
      '2030-07-15T00:00:00',
      '2035-01-01T00:00:00',
    ]);
    expect(await dropEventsBefore(db(), cutoff)).toEqual({ dropped: [], deletedFromDefault: 0 });
  });

  it('logs what retention dropped, and keeps everything when retention is off', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino({}, stream);
    await createDuePartitions(db(), utc('2030-02-10T12:00:00'));
    const keepingAll = createEventPartitionUpkeep({ db: db(), retentionMonths: 0, clickhouse: null, log });
    await keepingAll.close();
    await keepingAll.runOnce(utc('2031-02-10T12:00:00'));
    expect(await partitions()).toContain('event_2030_01');

    const keepingOneMonth = createEventPartitionUpkeep({ db: db(), retentionMonths: 1, clickhouse: null, log });
    await keepingOneMonth.close();
    await keepingOneMonth.runOnce(utc('2030-04-10T12:00:00'));
    expect(await partitions()).toEqual([
      'event_2030_03',
      'event_2030_04',
      'event_2030_05',
      'event_2030_06',
      'event_2031_01',
      'event_2031_02',
      'event_2031_03',
      'event_2031_04',
      'event_default',
    ]);
    const dropped = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg.startsWith('event retention'));
    expect(dropped).toMatchObject({ partitions: ['event_2030_01', 'event_2030_02'], deletedFromDefault: 0 });
  });

  it.runIf(clickhouseAvailable)('drops the same months in ClickHouse', async () => {
    const store = await createTestClickHouse();
    try {
      const event = (id: string, iso: string) => buyEvent(id, utc(iso).getTime());
      await insertEventsIntoClickHouse(store.clickhouse, [
        event('jan', '2030-01-31T23:59:59'),
        event('feb', '2030-02-01T00:00:00'),
      ]);
      const upkeep = createEventPartitionUpkeep({
        db: db(),
        retentionMonths: 2,
        clickhouse: store.clickhouse,
        log: pino({ level: 'silent' }),
      });
      await upkeep.close();
      await upkeep.runOnce(utc('2030-04-10T12:00:00'));
      const left = await store.clickhouse.rows<{ event_id: string }>(
        `SELECT event_id FROM ${store.clickhouse.database}.event`,
      );
      expect(left).toEqual([{ event_id: 'feb' }]);
    } finally {
      await store.drop();
    }
  });
});
