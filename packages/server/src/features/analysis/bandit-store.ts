import type { BanditSettings } from '@tabula/protocol';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { banditClaim, banditPeriod, experiment } from '../../db/schema';

export type BanditPeriodRow = typeof banditPeriod.$inferSelect;

/** A running bandit and when its current phase's last period began (null before its first). */
export interface RunningBandit {
  projectId: string;
  key: string;
  bandit: BanditSettings;
  lastPeriodAt: Date | null;
}

/** Every running bandit, of every project: the scheduler's round looks at each. */
export async function selectRunningBandits(db: Database): Promise<RunningBandit[]> {
  const rows = await db
    .select({
      projectId: experiment.projectId,
      key: experiment.key,
      bandit: experiment.bandit,
      lastPeriodAt: sql<string | null>`(select max(${banditPeriod.startedAt}) from ${banditPeriod}
        where ${banditPeriod.experimentId} = ${experiment.id} and ${banditPeriod.phase} = ${experiment.phase})`,
    })
    .from(experiment)
    .where(and(eq(experiment.status, 'running'), isNotNull(experiment.bandit)));
  return rows.map((row) => ({
    projectId: row.projectId,
    key: row.key,
    bandit: row.bandit as BanditSettings,
    lastPeriodAt: row.lastPeriodAt === null ? null : new Date(row.lastPeriodAt),
  }));
}

/** The periods of one phase of the experiment, oldest first. */
export const selectPeriods = (db: Database, experimentId: string, phase: number): Promise<BanditPeriodRow[]> =>
  db
    .select()
    .from(banditPeriod)
    .where(and(eq(banditPeriod.experimentId, experimentId), eq(banditPeriod.phase, phase)))
    .orderBy(asc(banditPeriod.index));

/** Null when another server wrote this period first (the unique index on experiment, phase and index). */
export async function insertPeriod(
  tx: Database,
  row: typeof banditPeriod.$inferInsert,
): Promise<BanditPeriodRow | null> {
  const [inserted] = await tx.insert(banditPeriod).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/**
 * Recomputations of one experiment queue here until the transaction ends, so each sees the period the one before it
 * wrote (the snapshot claims' approach, on a key of its own so refreshes do not wait for it).
 */
export const lockBanditPeriods = (tx: Database, experimentId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bandit:${experimentId}`}))`);

/**
 * Takes the bandit's claim for `leaseMs` when no other server holds it (none, or its lease ran out). True when taken:
 * one statement, so two servers asking at once get one yes.
 */
export async function claimBandit(
  db: Database,
  experimentId: string,
  holder: string,
  leaseMs: number,
): Promise<boolean> {
  const until = sql`now() + make_interval(secs => ${leaseMs / 1000})`;
  const claimed = await db
    .insert(banditClaim)
    .values({ experimentId, holder, claimedUntil: until })
    .onConflictDoUpdate({
      target: banditClaim.experimentId,
      set: { holder, claimedUntil: until },
      setWhere: sql`${banditClaim.claimedUntil} <= now()`,
    })
    .returning({ holder: banditClaim.holder });
  return claimed.length > 0;
}

/** Gives the claim back, if `holder` still has it. */
export const releaseBandit = (db: Database, experimentId: string, holder: string) =>
  db.delete(banditClaim).where(and(eq(banditClaim.experimentId, experimentId), eq(banditClaim.holder, holder)));
