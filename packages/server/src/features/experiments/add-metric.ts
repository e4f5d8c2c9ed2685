import { MAX_EXPERIMENT_METRICS, METRIC_ROLES } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { conflict } from '../../http/app-error';
import type { Acting } from '../audit/service';
import { updateExperiment } from './definition';
import { checkEdit } from './lifecycle';
import { getExperiment } from './queries';
import type { ExperimentDetails } from './types';

type MetricRole = (typeof METRIC_ROLES)[number];

/**
 * Adds a metric of the project's library to the experiment in `role`, as an edit of its metrics would, unless the
 * experiment measures it already (in any role). Refused, even then, where the status fixes the metrics: whoever asks
 * learns that nothing about the experiment's measuring can change.
 */
export async function addExperimentMetric(
  tx: Database,
  acting: Acting,
  projectId: string,
  key: string,
  metricKey: string,
  role: MetricRole,
): Promise<ExperimentDetails> {
  const before = await getExperiment(tx, projectId, key, true);
  checkEdit(before, { changed: ['metrics'], randomising: [], reRandomise: false });
  if (METRIC_ROLES.some((candidate) => before.metrics[candidate].includes(metricKey))) return before;
  const most = MAX_EXPERIMENT_METRICS[role];
  if (before.metrics[role].length >= most) {
    throw conflict(`Experiment "${key}" already has ${most} ${role} metrics: remove one before adding another`);
  }
  return updateExperiment(tx, acting, projectId, key, {
    metrics: { ...before.metrics, [role]: [...before.metrics[role], metricKey] },
  });
}
