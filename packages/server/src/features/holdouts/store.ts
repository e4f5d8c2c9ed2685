import { HOLDOUT_KIND } from '@tabula/protocol';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { experiment, experimentVersion, holdout } from '../../db/schema';
import type { Holdout } from './types';

const columns = {
  experimentId: experiment.id,
  projectId: experiment.projectId,
  key: experiment.key,
  name: experiment.name,
  description: experiment.hypothesis,
  percent: experimentVersion.weight,
  salt: holdout.salt,
  metrics: experiment.metrics,
  experiments: holdout.experiments,
  flags: holdout.flags,
  active: holdout.active,
  startedAt: experiment.startedAt,
  stoppedAt: experiment.stoppedAt,
  createdAt: experiment.createdAt,
  updatedAt: experiment.updatedAt,
};

const selectRows = (db: Database) =>
  db
    .select(columns)
    .from(holdout)
    .innerJoin(experiment, eq(experiment.id, holdout.experimentId))
    .innerJoin(
      experimentVersion,
      and(eq(experimentVersion.experimentId, experiment.id), eq(experimentVersion.key, 'holdout')),
    );

type Row = Awaited<ReturnType<typeof selectRows>>[number];
const toHoldout = ({ active, metrics, ...row }: Row): Holdout => ({
  ...row,
  metrics: metrics.primary,
  status: active ? 'running' : 'stopped',
});

/** Newest first: the running one, then those stopped. */
export async function selectHoldouts(db: Database, projectId: string): Promise<Holdout[]> {
  const rows = await selectRows(db).where(eq(holdout.projectId, projectId)).orderBy(asc(experiment.createdAt));
  return rows.map(toHoldout).reverse();
}

export async function selectHoldout(db: Database, projectId: string, key: string): Promise<Holdout | null> {
  const [row] = await selectRows(db).where(and(eq(holdout.projectId, projectId), eq(experiment.key, key)));
  return row ? toHoldout(row) : null;
}

export async function selectActiveHoldout(db: Database, projectId: string): Promise<Holdout | null> {
  const [row] = await selectRows(db).where(and(eq(holdout.projectId, projectId), eq(holdout.active, true)));
  return row ? toHoldout(row) : null;
}

/** The holdout's own row, locked until the transaction ends: every change of a holdout starts here. */
export async function lockHoldout(tx: Database, experimentId: string): Promise<void> {
  await tx
    .select({ id: holdout.experimentId })
    .from(holdout)
    .where(eq(holdout.experimentId, experimentId))
    .for('update');
}

export interface NewHoldout {
  id: string;
  projectId: string;
  key: string;
  name: string;
  description: string;
  percent: number;
  salt: string;
  metrics: string[];
  experiments: boolean;
  flags: string[];
  ownerId: string | null;
  versionIds: [string, string];
  now: Date;
}

/** Its experiment, running from now, with the versions `holdout` (the control) and `general`, and its holdout row. */
export async function insertHoldout(tx: Database, row: NewHoldout): Promise<void> {
  await tx.insert(experiment).values({
    id: row.id,
    projectId: row.projectId,
    key: row.key,
    name: row.name,
    hypothesis: row.description,
    kind: HOLDOUT_KIND,
    status: 'running',
    metrics: { primary: row.metrics, secondary: [], guardrails: [] },
    ownerId: row.ownerId,
    startedAt: row.now,
    phaseStartedAt: row.now,
  });
  await tx.insert(experimentVersion).values([
    {
      id: row.versionIds[0],
      experimentId: row.id,
      key: 'holdout',
      name: 'Holdout',
      weight: row.percent,
      isControl: true,
      position: 0,
    },
    {
      id: row.versionIds[1],
      experimentId: row.id,
      key: 'general',
      name: 'Everything shipped',
      weight: 10_000 - row.percent,
      isControl: false,
      position: 1,
    },
  ]);
  await tx.insert(holdout).values({
    experimentId: row.id,
    projectId: row.projectId,
    salt: row.salt,
    experiments: row.experiments,
    flags: row.flags,
  });
}

export interface HoldoutChanges {
  name?: string;
  description?: string;
  metrics?: string[];
  experiments?: boolean;
  flags?: string[];
}

export async function updateHoldoutRows(tx: Database, experimentId: string, changes: HoldoutChanges): Promise<void> {
  const { name, description, metrics, experiments, flags } = changes;
  await tx
    .update(experiment)
    .set({
      name,
      hypothesis: description,
      metrics: metrics && { primary: metrics, secondary: [], guardrails: [] },
      updatedAt: new Date(),
    })
    .where(eq(experiment.id, experimentId));
  if (experiments !== undefined || flags !== undefined) {
    await tx.update(holdout).set({ experiments, flags }).where(eq(holdout.experimentId, experimentId));
  }
}

/** Stopped for good: its experiment keeps its results, and the project may start another holdout. */
export async function stopHoldoutRows(tx: Database, experimentId: string, now: Date): Promise<void> {
  await tx
    .update(experiment)
    .set({ status: 'stopped', stoppedAt: now, updatedAt: now })
    .where(eq(experiment.id, experimentId));
  await tx.update(holdout).set({ active: false }).where(eq(holdout.experimentId, experimentId));
}

/** Holdouts and experiments share keys: a holdout's exposures are recorded under its key. */
export async function selectKeyTaken(db: Database, projectId: string, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: experiment.id })
    .from(experiment)
    .where(and(eq(experiment.projectId, projectId), eq(experiment.key, key)));
  return row !== undefined;
}
