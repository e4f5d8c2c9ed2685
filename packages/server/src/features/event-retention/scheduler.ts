import type { FastifyBaseLogger } from 'fastify';
import type { ClickHouse } from '../../db/clickhouse/connection';
import { dropClickHouseEventMonthsBefore } from '../../db/clickhouse/retention';
import type { Database } from '../../db/client';
import { repeat } from '../../lib/repeat';
import { retentionCutoff } from './partitions';
import { createDuePartitions, dropEventsBefore } from './upkeep';

export interface EventPartitionUpkeep {
  /** Creates the coming months' partitions and applies retention as of `now`; what the daily run does. */
  runOnce(now?: Date): Promise<void>;
  close(): Promise<void>;
}

const DAY_MS = 24 * 60 * 60_000;

/** A month as ClickHouse names its partitions: YYYYMM. */
const yearMonth = (date: Date): number => date.getUTCFullYear() * 100 + date.getUTCMonth() + 1;

/**
 * Every server process runs the upkeep at start-up and daily; the advisory lock in each step lets one of them work
 * while the others skip, and partitions are made two months ahead, so a missed day or two changes nothing.
 */
export function createEventPartitionUpkeep(options: {
  db: Database;
  /** 0: events are kept forever. */
  retentionMonths: number;
  /** Where events are stored when configured: retention drops its months too. */
  clickhouse: ClickHouse | null;
  log: FastifyBaseLogger;
}): EventPartitionUpkeep {
  const { db, retentionMonths, clickhouse, log } = options;

  const runOnce = async (now = new Date()) => {
    const created = await createDuePartitions(db, now);
    if (created?.length) log.info({ partitions: created }, 'created monthly event partitions');
    const cutoff = retentionCutoff(now, retentionMonths);
    if (!cutoff) return;
    const expired = await dropEventsBefore(db, cutoff);
    if (expired && (expired.dropped.length > 0 || expired.deletedFromDefault > 0)) {
      log.info(
        { cutoff, partitions: expired.dropped, deletedFromDefault: expired.deletedFromDefault },
        `event retention (${retentionMonths} months): dropped events before ${cutoff.toISOString()}`,
      );
    }
    if (!clickhouse) return;
    const months = await dropClickHouseEventMonthsBefore(clickhouse, yearMonth(cutoff));
    if (months.length > 0) {
      log.info(
        { months },
        `event retention (${retentionMonths} months): dropped ClickHouse months before ${cutoff.toISOString()}`,
      );
    }
  };

  const daily = repeat({
    run: () => runOnce(),
    every: DAY_MS,
    onError: (error) => log.warn({ err: error }, 'could not keep the event partitions; trying again tomorrow'),
  });
  return { runOnce, close: daily.close };
}
