import { createHash } from 'node:crypto';
import {
  METRIC_ROLES,
  type MetricSource,
  type PayloadVersion,
  pageChangesOf,
  toElementRules,
  validChangeRecords,
} from '@tabula/protocol';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { listRunningExperiments, type RunningExperiment } from '../experiments/service';
import { getMetric, type Metric } from '../metrics/service';
import { getProject } from '../projects/service';

/** Custom scripts are served by their content's digest: an address that never changes, cached for good. */
export const scriptDigest = (code: string): string =>
  createHash('sha256').update(code).digest('base64url').slice(0, 22);
export const scriptPath = (projectId: string, code: string): string =>
  `/sdk/v1/scripts/${projectId}/${scriptDigest(code)}.js`;

/**
 * A metric an experiment names has been deleted meanwhile: it counts nothing, and the payload is built without it. So
 * with a project: it has no scripts.
 */
const unlessDeleted = (error: unknown): null => {
  if (error instanceof AppError && error.code === 'not_found') return null;
  throw error;
};

/**
 * The code of a custom script by its digest, if a running visual experiment of the project has it and the project
 * allows custom scripts; null otherwise. Looked up afresh: each visitor's browser asks once and keeps it.
 */
export async function findCustomScript(db: Database, projectId: string, digest: string): Promise<string | null> {
  const project = await getProject(db, projectId).catch(unlessDeleted);
  if (!project?.customScripts) return null;
  for (const experiment of await listRunningExperiments(db, projectId)) {
    if (experiment.kind !== 'visual') continue;
    for (const version of experiment.versions) {
      const { script } = pageChangesOf(validChangeRecords(version.changeRecords));
      if (script && scriptDigest(script) === digest) return script;
    }
  }
  return null;
}

/**
 * What a visual experiment's version brings to pages: its element rules, and each change of the whole page it has (a
 * style sheet, a redirect, and its script when the project allows custom scripts).
 */
export function visualChangesOf(
  changeRecords: readonly unknown[],
  project: { id: string; customScripts: boolean },
): Pick<PayloadVersion, 'elementRules' | 'css' | 'script' | 'redirect'> {
  const records = validChangeRecords(changeRecords);
  const { css, script, redirect } = pageChangesOf(records);
  return {
    elementRules: toElementRules(records),
    ...(css && { css }),
    ...(script && project.customScripts && { script: scriptPath(project.id, script) }),
    ...(redirect && { redirect }),
  };
}

const clickSelector = (source: MetricSource | undefined): string[] =>
  source?.kind === 'click' ? [source.selector] : [];

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
