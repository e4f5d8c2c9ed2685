import {
  ATTRIBUTE_DIMENSION_PREFIX,
  type BreakdownQuery,
  type ExperimentBreakdown,
  STANDARD_DIMENSIONS,
} from '@tabula/protocol';
import { eq } from 'drizzle-orm';
import { project } from '../../db/schema';
import { invalidField } from '../../http/app-error';
import { getExperiment } from '../experiments/service';
import { aggregateSums } from './aggregate-sums';
import { computeBreakdown, sliceCorrection } from './breakdown-results';
import type { ResultsMetric } from './results';
import { experimentMetrics, type RefreshContext, statisticsSettings } from './service';
import { selectLastSucceeded } from './snapshots';

/** A chosen attribute breaks results down only while the project keeps it chosen: the SDK stops copying others. */
async function checkDimension(context: Pick<RefreshContext, 'db'>, projectId: string, dimension: string) {
  if ((STANDARD_DIMENSIONS as readonly string[]).includes(dimension)) return;
  const [row] = await context.db
    .select({ attributes: project.breakdownAttributes })
    .from(project)
    .where(eq(project.id, projectId));
  const name = dimension.slice(ATTRIBUTE_DIMENSION_PREFIX.length);
  if (!row?.attributes.includes(name)) {
    throw invalidField(
      'dimension',
      `"${name}" is not among the project's breakdown attributes (${row?.attributes.join(', ') || 'none chosen'})`,
    );
  }
}

/**
 * The experiment's metrics split by a dimension over the span of its last succeeded refresh, so the slices add up to
 * the results shown. Computed on request, not stored: one dimension is looked at at a time, and seldom. It waits its
 * turn with the refreshes, which it costs about as much as.
 */
export async function experimentBreakdown(
  context: Pick<RefreshContext, 'db' | 'analysisDb' | 'clickhouse' | 'limit'>,
  projectId: string,
  key: string,
  query: BreakdownQuery,
): Promise<ExperimentBreakdown> {
  const { dimension, ...options } = query;
  await checkDimension(context, projectId, dimension);
  const experiment = await getExperiment(context.db, projectId, key);
  const [settings, succeeded, metrics] = await Promise.all([
    statisticsSettings(context.db, projectId),
    selectLastSucceeded(context.db, experiment.id, experiment.phase),
    experimentMetrics(context.db, experiment),
  ]);
  const control = experiment.versions.find((version) => version.isControl) ?? experiment.versions[0];
  const empty = { dimension, coversFrom: null, coversTo: null, correction: sliceCorrection(settings), slices: [] };
  if (!succeeded) return { ...empty, control: control?.key ?? '' };
  const scope = {
    projectId,
    experimentKey: experiment.key,
    versionKeys: experiment.versions.map((version) => version.key),
    from: succeeded.coversFrom,
    until: succeeded.coversTo,
    dimension,
  };
  const analysed = metrics.map(({ metric }) => metric);
  const data = await context.limit(() => aggregateSums(context, scope, analysed));
  return {
    dimension,
    coversFrom: succeeded.coversFrom.toISOString(),
    coversTo: succeeded.coversTo.toISOString(),
    ...computeBreakdown({
      versions: experiment.versions,
      metrics: metrics.map(({ metric, role }): Omit<ResultsMetric, 'sums'> => ({ metric, role })),
      data,
      settings,
      options,
    }),
  };
}
