import type { ExperimentListQuery } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { notFound } from '../../http/app-error';
import {
  type ExperimentRow,
  lockExperiment,
  selectExperiment,
  selectExperimentPage,
  selectExposedUnits,
  selectVersions,
} from './store';
import type { ExperimentDetails } from './types';

/** Versions in one query and exposures in one grouped query, however many experiments there are. */
async function withDetails(db: Database, projectId: string, rows: ExperimentRow[]): Promise<ExperimentDetails[]> {
  const versions = await selectVersions(
    db,
    rows.map((row) => row.id),
  );
  const exposures = await selectExposedUnits(
    db,
    projectId,
    rows.map((row) => row.key),
  );
  return rows.map((row) => ({
    ...row,
    versions: versions.filter((version) => version.experimentId === row.id),
    exposures: exposures.get(row.key) ?? 0,
  }));
}

export async function listExperiments(
  db: Database,
  projectId: string,
  query: ExperimentListQuery,
): Promise<{ experiments: ExperimentDetails[]; total: number; nextOffset: number | null }> {
  const page = await selectExperimentPage(db, projectId, query);
  const end = query.offset + page.rows.length;
  return {
    experiments: await withDetails(db, projectId, page.rows),
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
  const [experiment] = await withDetails(db, projectId, [row]);
  return experiment!;
}
