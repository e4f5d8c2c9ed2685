import {
  changeRecordSchema,
  type ElementRule,
  METRIC_ROLES,
  type MetricSource,
  toElementRules,
} from '@tabula/protocol';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { RunningExperiment } from '../experiments/service';
import { getMetric, type Metric } from '../metrics/service';

/**
 * A version's stored change records as the element rules the SDK applies. A record the schema refuses is left out and
 * the others still apply: one bad change must not take a whole version's changes off the page.
 */
export function elementRulesOf(changeRecords: readonly unknown[]): ElementRule[] {
  return toElementRules(
    changeRecords.flatMap((record) => {
      const parsed = changeRecordSchema.safeParse(record);
      return parsed.success ? [parsed.data] : [];
    }),
  );
}

const clickSelector = (source: MetricSource | undefined): string[] =>
  source?.kind === 'click' ? [source.selector] : [];

/** A metric an experiment names has been deleted meanwhile: it counts nothing, and the payload is built without it. */
const unlessDeleted = (error: unknown): null => {
  if (error instanceof AppError && error.code === 'not_found') return null;
  throw error;
};

/**
 * The selectors of the click metrics the running experiments use, a ratio's denominator included (archived metrics
 * too: experiments that use one keep measuring it), each once, in order.
 */
export async function clickSelectorsOf(
  db: Database,
  projectId: string,
  experiments: readonly RunningExperiment[],
): Promise<string[]> {
  const keys = new Set(experiments.flatMap((experiment) => METRIC_ROLES.flatMap((role) => experiment.metrics[role])));
  const metrics = await Promise.all([...keys].map((key) => getMetric(db, projectId, key).catch(unlessDeleted)));
  const selectors = metrics.flatMap((metric: Metric | null) =>
    metric ? [...clickSelector(metric.source), ...clickSelector(metric.ratio?.denominator.source)] : [],
  );
  return [...new Set(selectors)].sort();
}
