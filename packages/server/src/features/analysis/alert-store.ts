import type { AlertFinding, ExperimentAlert } from '@tabula/protocol';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { experimentAlert } from '../../db/schema';

export type AlertRow = typeof experimentAlert.$inferSelect;

/**
 * Inserts the findings not raised before in the phase and returns those rows only: the unique index decides, so of
 * several servers refreshing at once exactly one announces each alert.
 */
export async function insertNewAlerts(
  tx: Database,
  rows: Pick<
    AlertRow,
    'id' | 'projectId' | 'experimentId' | 'phase' | 'snapshotId' | 'kind' | 'metric' | 'version' | 'figures'
  >[],
): Promise<AlertRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(experimentAlert).values(rows).onConflictDoNothing().returning();
}

/** The experiment's alerts of every phase, newest first. */
export async function selectAlerts(db: Database, projectId: string, experimentId: string): Promise<AlertRow[]> {
  return db
    .select()
    .from(experimentAlert)
    .where(and(eq(experimentAlert.projectId, projectId), eq(experimentAlert.experimentId, experimentId)))
    .orderBy(desc(experimentAlert.raisedAt), desc(experimentAlert.id));
}

/** How many alerts each experiment has in its current phase, in one query; experiments without any are left out. */
export async function countAlertsInPhase(
  db: Database,
  projectId: string,
  experiments: { id: string; phase: number }[],
): Promise<Map<string, number>> {
  if (experiments.length === 0) return new Map();
  const pairs = sql.join(
    experiments.map((entry) => sql`(${entry.id}, ${entry.phase})`),
    sql`, `,
  );
  const rows = await db
    .select({ experimentId: experimentAlert.experimentId, count: sql<number>`count(*)::int` })
    .from(experimentAlert)
    .where(
      and(
        eq(experimentAlert.projectId, projectId),
        sql`(${experimentAlert.experimentId}, ${experimentAlert.phase}) in (${pairs})`,
      ),
    )
    .groupBy(experimentAlert.experimentId);
  return new Map(rows.map((row) => [row.experimentId, Number(row.count)]));
}

/** A stored row as the API shows it; '' stands for "none" in the unique index only. */
export function toExperimentAlert(row: AlertRow): ExperimentAlert {
  const finding = {
    kind: row.kind,
    metric: row.metric === '' ? null : row.metric,
    version: row.version === '' ? null : row.version,
    figures: row.figures,
  } as AlertFinding;
  return {
    ...finding,
    id: row.id,
    phase: row.phase,
    raisedAt: row.raisedAt.toISOString(),
    stoppedExperiment: row.stoppedExperiment,
  };
}

/** Marks the alert (by what it is about) as the one that stopped the experiment. */
export async function markAlertStoppedExperiment(
  tx: Database,
  where: { experimentId: string; phase: number; finding: Pick<AlertFinding, 'kind' | 'metric' | 'version'> },
): Promise<void> {
  await tx
    .update(experimentAlert)
    .set({ stoppedExperiment: true })
    .where(
      and(
        eq(experimentAlert.experimentId, where.experimentId),
        eq(experimentAlert.phase, where.phase),
        eq(experimentAlert.kind, where.finding.kind),
        eq(experimentAlert.metric, where.finding.metric ?? ''),
        eq(experimentAlert.version, where.finding.version ?? ''),
      ),
    );
}
