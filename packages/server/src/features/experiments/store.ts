import { and, asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { experiment, experimentVersion, layer } from '../../db/schema';
import type { Experiment, ExperimentVersion, Layer, RunningExperiment } from './types';

type WithRequired<T, K extends keyof T> = Pick<T, K> & Partial<Omit<T, K>>;

export async function selectRunningExperiments(db: Database, projectId: string): Promise<RunningExperiment[]> {
  const experiments = await db
    .select({ ...getTableColumns(experiment), layerKey: layer.key })
    .from(experiment)
    .leftJoin(layer, eq(layer.id, experiment.layerId))
    .where(and(eq(experiment.projectId, projectId), eq(experiment.status, 'running')))
    .orderBy(asc(experiment.key));
  if (experiments.length === 0) return [];
  const versions = await db
    .select()
    .from(experimentVersion)
    .where(
      inArray(
        experimentVersion.experimentId,
        experiments.map((row) => row.id),
      ),
    )
    .orderBy(asc(experimentVersion.position), asc(experimentVersion.key));
  return experiments.map((row) => ({
    ...row,
    versions: versions.filter((version) => version.experimentId === row.id),
  }));
}

export async function insertLayer(tx: Database, row: Pick<Layer, 'id' | 'projectId' | 'key' | 'name'>): Promise<void> {
  await tx.insert(layer).values(row);
}

export async function insertExperiment(
  tx: Database,
  row: WithRequired<Omit<Experiment, 'createdAt' | 'updatedAt'>, 'id' | 'projectId' | 'key' | 'name' | 'kind'>,
): Promise<void> {
  await tx.insert(experiment).values(row);
}

export async function insertVersions(
  tx: Database,
  rows: WithRequired<ExperimentVersion, 'id' | 'experimentId' | 'key' | 'name' | 'weight' | 'position'>[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(experimentVersion).values(rows);
}

export async function updateExperimentStatus(tx: Database, id: string, status: Experiment['status']): Promise<void> {
  await tx.update(experiment).set({ status, updatedAt: new Date() }).where(eq(experiment.id, id));
}

export async function selectExperimentKeys(db: Database, projectId: string): Promise<string[]> {
  const rows = await db.select({ key: experiment.key }).from(experiment).where(eq(experiment.projectId, projectId));
  return rows.map((row) => row.key);
}
