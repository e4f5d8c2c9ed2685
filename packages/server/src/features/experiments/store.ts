import { type ExperimentListQuery, HOLDOUT_KIND } from '@tabula/protocol';
import {
  and,
  asc,
  type Column,
  count,
  countDistinct,
  eq,
  getTableColumns,
  inArray,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { event, experiment, experimentVersion, layer, user } from '../../db/schema';
import type { Experiment, ExperimentVersion, ExperimentWithVersions, RunningExperiment } from './types';

/** An experiment row with its layer's key and its owner, before its versions are attached. */
export type ExperimentRow = Omit<ExperimentWithVersions, 'versions'> & {
  owner: { id: string; email: string; name: string } | null;
};

const selectRows = (db: Database) =>
  db
    .select({
      ...getTableColumns(experiment),
      layerKey: layer.key,
      ownerEmail: user.email,
      ownerName: user.name,
    })
    .from(experiment)
    .leftJoin(layer, eq(layer.id, experiment.layerId))
    .leftJoin(user, eq(user.id, experiment.ownerId));

/** Holdouts are experiment rows their own feature makes and changes: not listed, delivered or changed here. */
const notHoldout = ne(experiment.kind, HOLDOUT_KIND);

type SelectedRow = Awaited<ReturnType<typeof selectRows>>[number];
const toRow = ({ ownerEmail, ownerName, ...row }: SelectedRow): ExperimentRow => ({
  ...row,
  owner: row.ownerId && ownerEmail !== null ? { id: row.ownerId, email: ownerEmail, name: ownerName! } : null,
});

/** Versions of these experiments, each experiment's in its order. */
export async function selectVersions(db: Database, experimentIds: string[]): Promise<ExperimentVersion[]> {
  if (experimentIds.length === 0) return [];
  return db
    .select()
    .from(experimentVersion)
    .where(inArray(experimentVersion.experimentId, experimentIds))
    .orderBy(asc(experimentVersion.position), asc(experimentVersion.key));
}

export async function selectRunningExperiments(db: Database, projectId: string): Promise<RunningExperiment[]> {
  const rows = await selectRows(db)
    .where(and(eq(experiment.projectId, projectId), eq(experiment.status, 'running'), notHoldout))
    .orderBy(asc(experiment.key));
  const versions = await selectVersions(
    db,
    rows.map((row) => row.id),
  );
  return rows.map(({ ownerEmail: _email, ownerName: _name, ...row }) => ({
    ...row,
    kind: row.kind as RunningExperiment['kind'],
    versions: versions.filter((version) => version.experimentId === row.id),
  }));
}

export type ExperimentFilter = Omit<ExperimentListQuery, 'limit' | 'offset'>;

/** Case-insensitive containment without LIKE, so the user's `%` and `_` are plain characters. */
const contains = (column: Column, text: string) => sql`strpos(lower(${column}), lower(${text})) > 0`;

function filterConditions(projectId: string, filter: ExperimentFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(experiment.projectId, projectId), notHoldout];
  if (filter.search) {
    conditions.push(
      or(
        contains(experiment.key, filter.search),
        contains(experiment.name, filter.search),
        contains(experiment.hypothesis, filter.search),
      ),
    );
  }
  if (filter.status !== 'all') conditions.push(eq(experiment.status, filter.status));
  if (filter.kind) conditions.push(eq(experiment.kind, filter.kind));
  if (filter.layer) conditions.push(eq(layer.key, filter.layer));
  return and(...conditions);
}

const SORT_COLUMNS = {
  key: experiment.key,
  name: experiment.name,
  status: experiment.status,
  createdAt: experiment.createdAt,
  startedAt: experiment.startedAt,
} as const;

export async function selectExperimentPage(
  db: Database,
  projectId: string,
  filter: ExperimentFilter & { limit: number; offset: number },
): Promise<{ rows: ExperimentRow[]; total: number }> {
  const where = filterConditions(projectId, filter);
  const direction = sql.raw(filter.order === 'desc' ? 'desc' : 'asc');
  // Experiments never started sort last either way.
  const order = sql`${SORT_COLUMNS[filter.sort]} ${direction} nulls last`;
  const [rows, [total]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(order, sql`${experiment.id} ${direction}`)
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(experiment).leftJoin(layer, eq(layer.id, experiment.layerId)).where(where),
  ]);
  return { rows: rows.map(toRow), total: total?.total ?? 0 };
}

export async function selectExperiment(db: Database, projectId: string, key: string): Promise<ExperimentRow | null> {
  const [row] = await selectRows(db).where(and(eq(experiment.projectId, projectId), eq(experiment.key, key)));
  return row ? toRow(row) : null;
}

/** The experiment's own row, locked until the transaction ends: every change of an experiment starts here. */
export async function lockExperiment(tx: Database, projectId: string, key: string): Promise<Experiment | null> {
  const [row] = await tx
    .select()
    .from(experiment)
    .where(and(eq(experiment.projectId, projectId), eq(experiment.key, key), notHoldout))
    .for('update');
  return row ?? null;
}

/** Distinct units with an exposure event, by experiment key, over all phases; keys without any are left out. */
export async function selectExposedUnits(
  db: Database,
  projectId: string,
  keys: string[],
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ experiment: event.experiment, units: countDistinct(event.unitId) })
    .from(event)
    .where(and(eq(event.projectId, projectId), eq(event.type, 'exposure'), inArray(event.experiment, keys)))
    .groupBy(event.experiment);
  return new Map(rows.map((row) => [row.experiment!, row.units]));
}

type ExperimentChanges = Partial<Omit<Experiment, 'id' | 'projectId' | 'key' | 'kind' | 'createdAt' | 'updatedAt'>>;

export async function insertExperiment(
  tx: Database,
  row: Pick<Experiment, 'id' | 'projectId' | 'key' | 'name' | 'kind'> & ExperimentChanges,
): Promise<void> {
  await tx.insert(experiment).values(row);
}

export async function updateExperimentRow(tx: Database, id: string, changes: ExperimentChanges): Promise<void> {
  await tx
    .update(experiment)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(experiment.id, id));
}

export async function deleteExperimentRow(tx: Database, id: string): Promise<void> {
  await tx.delete(experiment).where(eq(experiment.id, id));
}

/** Versions are written whole: the new list replaces the old one. */
export async function replaceVersions(tx: Database, experimentId: string, rows: ExperimentVersion[]): Promise<void> {
  await tx.delete(experimentVersion).where(eq(experimentVersion.experimentId, experimentId));
  if (rows.length > 0) await tx.insert(experimentVersion).values(rows);
}

export async function selectExperimentKeys(db: Database, projectId: string): Promise<string[]> {
  const rows = await db
    .select({ key: experiment.key })
    .from(experiment)
    .where(and(eq(experiment.projectId, projectId), notHoldout));
  return rows.map((row) => row.key);
}
