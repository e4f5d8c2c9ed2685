import type { ExperimentListQuery } from '@tabula/protocol';
import type { ClickHouse } from '../../db/clickhouse/connection';
import type { Database } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { notFound } from '../../http/app-error';
import {
  type ExperimentRow,
  lockExperiment,
  selectExperiment,
  selectExperimentPage,
  selectExposedUnits,
  selectVersions,
} from './store';
import { selectExposedUnitsOnClickHouse } from './store-clickhouse';
import type { ExperimentDetails } from './types';

/** Versions in one query, however many experiments there are. */
async function withDetails(db: Database, rows: ExperimentRow[]): Promise<ExperimentDetails[]> {
  const versions = await selectVersions(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    versions: versions.filter((version) => version.experimentId === row.id),
  }));
}

/** Where the SDK events are: ClickHouse when configured, else the SQL database. */
export interface EventStore {
  db: Database;
  clickhouse: ClickHouse | null;
}

/**
 * Distinct units exposed to each of the experiments (by key), over all phases, in one grouped query however many
 * experiments there are; read apart from the experiments, which the SQL database holds even when the events are not.
 * Null while the event store cannot be reached: the experiments, and a change just made to one, still answer.
 */
export async function exposedUnits(
  { db, clickhouse }: EventStore,
  projectId: string,
  keys: string[],
): Promise<Map<string, number> | null> {
  try {
    return await (clickhouse
      ? selectExposedUnitsOnClickHouse(clickhouse, projectId, keys)
      : selectExposedUnits(db, projectId, keys));
  } catch (error) {
    if (isDatabaseUnavailable(error)) return null;
    throw error;
  }
}

export async function listExperiments(
  db: Database,
  projectId: string,
  query: ExperimentListQuery,
): Promise<{ experiments: ExperimentDetails[]; total: number; nextOffset: number | null }> {
  const page = await selectExperimentPage(db, projectId, query);
  const end = query.offset + page.rows.length;
  return {
    experiments: await withDetails(db, page.rows),
    total: page.total,
    nextOffset: end < page.total ? end : null,
  };
}

/** `lock` holds the experiment's row until the transaction ends: every change of an experiment reads it so. */
export async function getExperiment(
  db: Database,
  projectId: string,
  key: string,
  lock = false,
): Promise<ExperimentDetails> {
  if (lock && !(await lockExperiment(db, projectId, key))) throw notFound('Experiment');
  const row = await selectExperiment(db, projectId, key);
  if (!row) throw notFound('Experiment');
  const [experiment] = await withDetails(db, [row]);
  return experiment!;
}
