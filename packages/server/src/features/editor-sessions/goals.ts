import {
  type AddEditorGoalBody,
  createMetricBodySchema,
  type EditorGoal,
  type ExperimentMetrics,
  keyFromName,
  METRIC_ROLES,
} from '@tabula/protocol';
import type { Database } from '../../db/client';
import type { Acting } from '../audit/service';
import { addExperimentMetric } from '../experiments/service';
import { createMetric, findClickMetric, getMetricsByKey, type Metric } from '../metrics/service';

type Goal = Pick<AddEditorGoalBody, 'name' | 'selector'>;

/**
 * A new goal's key comes from its name, as the console suggests keys, so a name taken by another metric meets the
 * library's own rule on keys. A name without Latin letters suggests none; the selector then does.
 */
const goalKey = (goal: Goal) => keyFromName(goal.name) || keyFromName(`click ${goal.selector}`);

/** The project's click metric for the goal's selector: the one there is, or a new conversion metric of that name. */
async function clickMetricFor(tx: Database, acting: Acting, projectId: string, goal: Goal): Promise<Metric> {
  const found = await findClickMetric(tx, projectId, goal.selector);
  if (found) return found;
  const definition = createMetricBodySchema.parse({
    key: goalKey(goal),
    name: goal.name,
    type: 'conversion',
    source: { kind: 'click', selector: goal.selector },
  });
  return createMetric(tx, acting, projectId, definition);
}

/** Clicks on the goal's elements count for the experiment: as a secondary metric, unless it measures them already. */
export async function trackClicks(
  tx: Database,
  acting: Acting,
  projectId: string,
  experimentKey: string,
  goal: Goal,
): Promise<void> {
  const metric = await clickMetricFor(tx, acting, projectId, goal);
  await addExperimentMetric(tx, acting, projectId, experimentKey, metric.key, 'secondary');
}

/** The click metrics among the experiment's metrics, primary ones first, as the editor lists them. */
export async function clickGoalsOf(db: Database, projectId: string, metrics: ExperimentMetrics): Promise<EditorGoal[]> {
  const keys = [...new Set(METRIC_ROLES.flatMap((role) => metrics[role]))];
  const byKey = new Map((await getMetricsByKey(db, projectId, keys)).map((metric) => [metric.key, metric]));
  return keys.flatMap((key) => {
    const metric = byKey.get(key);
    return metric?.source.kind === 'click' ? [{ key, name: metric.name, selector: metric.source.selector }] : [];
  });
}
