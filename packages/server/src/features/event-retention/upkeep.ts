import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type MonthRange, monthsToKeepReady, partitionsPastRetention } from './partitions';
import { DEFAULT_EVENT_PARTITION } from './types';

/*
 * Design: a DEFAULT partition takes every event no monthly partition covers, so an insert never fails whatever the
 * visitor's clock says, and the hot path never creates tables. Each server creates the partitions of the coming months
 * ahead of time (at start-up and daily), so that current events land in monthly partitions and the default one holds
 * only the few events of far-off clocks. Creating a partition on demand instead would put DDL, and its locks, in
 * the middle of every batch with an unusual month.
 *
 * Every step runs in one transaction that first takes a transaction-level advisory lock without waiting: with several
 * servers, one does the work and the others skip it. DDL on the event table waits for its readers (an analysis may
 * read for many minutes) while every writer queues behind it, so each step gives up after LOCK_TIMEOUT and is
 * tried again at the next upkeep.
 */
const LOCK_TIMEOUT = '5s';

const query = async <Row>(tx: Database, statement: SQL): Promise<Row[]> =>
  ((await tx.execute(statement)) as unknown as { rows: Row[] }).rows;

/** A transaction holding the upkeep's lock, or null when another server holds it. */
async function withUpkeepLock<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T | null> {
  return db.transaction(async (tx) => {
    const [row] = await query<{ taken: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtext('tabula.event-partitions')) as taken`,
    );
    if (!row?.taken) return null;
    await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
    return work(tx);
  });
}

async function partitionNames(tx: Database): Promise<string[]> {
  const rows = await query<{ name: string }>(
    tx,
    sql`select child.relname as name from pg_inherits join pg_class child on child.oid = pg_inherits.inhrelid
      where pg_inherits.inhparent = 'event'::regclass`,
  );
  return rows.map((row) => row.name);
}

const timeLiteral = (date: Date) => sql.raw(`'${date.toISOString()}'`);

/**
 * A range partition cannot be added while the default partition holds rows of its range, and events of a month not
 * yet created went there: the new table is filled with them first, then attached. Attaching checks that the default
 * partition holds none of the range any more, under a lock that keeps new ones out meanwhile.
 */
async function createPartition(tx: Database, month: MonthRange): Promise<void> {
  const table = sql.identifier(month.name);
  const defaultTable = sql.identifier(DEFAULT_EVENT_PARTITION);
  const from = timeLiteral(month.from);
  const to = timeLiteral(month.to);
  await tx.execute(sql`create table ${table} (like event including defaults)`);
  await tx.execute(sql`
    with moved as (delete from ${defaultTable} where occurred_at >= ${from} and occurred_at < ${to} returning *)
    insert into ${table} select * from moved`);
  await tx.execute(sql`alter table event attach partition ${table} for values from (${from}) to (${to})`);
}

/** Creates the monthly partitions due at `now` that are missing; their names, or null if another server is at it. */
export const createDuePartitions = (db: Database, now: Date): Promise<string[] | null> =>
  withUpkeepLock(db, async (tx) => {
    const existing = new Set(await partitionNames(tx));
    const missing = monthsToKeepReady(now).filter((month) => !existing.has(month.name));
    for (const month of missing) await createPartition(tx, month);
    return missing.map((month) => month.name);
  });

export interface Expired {
  /** The monthly partitions dropped, by name. */
  dropped: string[];
  /** Events before the cutoff deleted from the default partition. */
  deletedFromDefault: number;
}

/** Drops the events before `cutoff`: whole months, and the default partition's stragglers. Null as above. */
export const dropEventsBefore = (db: Database, cutoff: Date): Promise<Expired | null> =>
  withUpkeepLock(db, async (tx) => {
    const dropped = partitionsPastRetention(await partitionNames(tx), cutoff);
    for (const name of dropped) await tx.execute(sql`drop table ${sql.identifier(name)}`);
    const defaultTable = sql.identifier(DEFAULT_EVENT_PARTITION);
    const [deleted] = await query<{ count: number }>(
      tx,
      sql`with gone as (delete from ${defaultTable} where occurred_at < ${timeLiteral(cutoff)} returning 1)
        select count(*)::int as count from gone`,
    );
    return { dropped, deletedFromDefault: deleted?.count ?? 0 };
  });
