import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Acting } from '../audit/service';
import { listRulesServingExperiment } from '../flags/service';
import { checkStatus } from './lifecycle';
import { getExperiment } from './queries';
import { auditExperiment } from './snapshot';
import { deleteExperimentRow } from './store';

/**
 * Only drafts and archived experiments go, and not while a flag rule serves them: the rule would point at nothing.
 *
 * Kept apart from service.ts: flags read experiment keys through that service, and this reads flags through theirs.
 */
export async function deleteExperiment(tx: Database, acting: Acting, projectId: string, key: string): Promise<void> {
  const experiment = await getExperiment(tx, projectId, key, true);
  checkStatus(experiment, 'delete');
  const rules = await listRulesServingExperiment(tx, projectId, key);
  if (rules.length > 0) {
    throw new AppError('conflict', `Experiment "${key}" is served by flag rules: change those rules first`, rules);
  }
  await deleteExperimentRow(tx, experiment.id);
  await auditExperiment(tx, acting, 'experiment.deleted', experiment, experiment, null);
}
