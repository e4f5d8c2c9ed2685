import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { experimentSnapshot } from '../../db/schema';
import type { SnapshotData } from './types';

export type SnapshotRow = typeof experimentSnapshot.$inferSelect;
export type SnapshotTrigger = 'schedule' | 'manual';

/** A refresh that has run this long was cut off (its server stopped): it no longer holds the experiment. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * Claims the experiment for one refresh: the row is inserted as running, and the partial unique index refuses a second
 * while it is. Null when another refresh holds it, or, for a scheduled refresh (`dueBefore`), when one began since the
 * time that made it due: servers that all found the experiment due refresh it once, however their rounds interleave.
 */
export async function claimSnapshot(
  db: Database,
  row: Pick<SnapshotRow, 'id' | 'projectId' | 'experimentId' | 'phase' | 'coversFrom' | 'coversTo'> & {
    trigger: SnapshotTrigger;
  },
  dueBefore?: Date,
): Promise<SnapshotRow | null> {
  return db.transaction(async (tx) => {
    // Claims of one experiment queue here, so each sees the snapshot the one before it inserted.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${row.experimentId}))`);
    if (dueBefore) {
      const [recent] = await tx
        .select({ id: experimentSnapshot.id })
        .from(experimentSnapshot)
        .where(
          and(
            eq(experimentSnapshot.experimentId, row.experimentId),
            eq(experimentSnapshot.phase, row.phase),
            gte(experimentSnapshot.startedAt, dueBefore),
          ),
        )
        .limit(1);
      if (recent) return null;
    }
    await tx
      .update(experimentSnapshot)
      .set({ status: 'failed', finishedAt: new Date(), error: 'The refresh was cut off' })
      .where(
        and(
          eq(experimentSnapshot.experimentId, row.experimentId),
          eq(experimentSnapshot.status, 'running'),
          lt(experimentSnapshot.startedAt, new Date(Date.now() - ABANDONED_AFTER_MS)),
        ),
      );
    const [claimed] = await tx.insert(experimentSnapshot).values(row).onConflictDoNothing().returning();
    return claimed ?? null;
  });
}

export async function finishSnapshot(
  db: Database,
  id: string,
  outcome: { data: SnapshotData } | { error: string },
): Promise<void> {
  await db
    .update(experimentSnapshot)
    .set({
      finishedAt: new Date(),
      ...('data' in outcome
        ? { status: 'succeeded', data: outcome.data as unknown as Record<string, unknown> }
        : { status: 'failed', error: outcome.error }),
    })
    .where(eq(experimentSnapshot.id, id));
}

/** The latest finished snapshot of the experiment's phase, and the refresh running now, if any. */
export async function selectSnapshots(
  db: Database,
  experimentId: string,
  phase: number,
): Promise<{ latest: SnapshotRow | null; running: SnapshotRow | null }> {
  const [latest] = await db
    .select()
    .from(experimentSnapshot)
    .where(
      and(
        eq(experimentSnapshot.experimentId, experimentId),
        eq(experimentSnapshot.phase, phase),
        sql`${experimentSnapshot.status} <> 'running'`,
      ),
    )
    .orderBy(desc(experimentSnapshot.startedAt))
    .limit(1);
  const [running] = await db
    .select()
    .from(experimentSnapshot)
    .where(and(eq(experimentSnapshot.experimentId, experimentId), eq(experimentSnapshot.status, 'running')));
  return { latest: latest ?? null, running: running ?? null };
}

/** The last succeeded snapshot's data, which results are computed from even while a newer refresh failed or runs. */
export async function selectLastSucceeded(db: Database, experimentId: string, phase: number) {
  const [row] = await db
    .select()
    .from(experimentSnapshot)
    .where(
      and(
        eq(experimentSnapshot.experimentId, experimentId),
        eq(experimentSnapshot.phase, phase),
        eq(experimentSnapshot.status, 'succeeded'),
      ),
    )
    .orderBy(desc(experimentSnapshot.startedAt))
    .limit(1);
  return row ?? null;
}

/** Running experiments whose last refresh began before `before` (or that have none): the schedule's work. */
export async function selectDueExperiments(db: Database, before: Date): Promise<{ projectId: string; key: string }[]> {
  const result = await db.execute(sql`
    select e.project_id as "projectId", e.key
    from experiment e
    where e.status = 'running' and not exists (
      select 1 from experiment_snapshot s
      where s.experiment_id = e.id and s.phase = e.phase and s.started_at >= ${before}
    )
    order by e.project_id, e.key`);
  return (result as unknown as { rows: { projectId: string; key: string }[] }).rows;
}
