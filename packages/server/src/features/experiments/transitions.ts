import type { ExperimentAction } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Acting } from '../audit/service';
import { reserveSlots } from '../layers/service';
import { checkStatus, startIssues } from './lifecycle';
import { getExperiment } from './queries';
import { auditExperiment, pageOf } from './snapshot';
import { updateExperimentRow } from './store';
import type { Experiment, ExperimentDetails } from './types';

type StatusChange = Partial<
  Pick<Experiment, 'slotStart' | 'slotEnd' | 'startedAt' | 'phaseStartedAt' | 'stoppedAt' | 'decision'>
>;

/** The status each action leads to, and how the audit log names it (resuming is starting again). */
const OUTCOMES = {
  start: { status: 'running', audited: 'experiment.started' },
  pause: { status: 'paused', audited: 'experiment.paused' },
  stop: { status: 'stopped', audited: 'experiment.stopped' },
  archive: { status: 'archived', audited: 'experiment.archived' },
} as const satisfies Record<ExperimentAction, { status: Experiment['status']; audited: string }>;

/**
 * Moves the experiment along EXPERIMENT_TRANSITIONS: refused (409, naming its status) unless its status allows the
 * action; `change` adds what else the move writes, and may refuse it too.
 */
export async function transition(
  tx: Database,
  acting: Acting,
  where: { projectId: string; key: string },
  action: ExperimentAction,
  change: (before: ExperimentDetails) => StatusChange | Promise<StatusChange> = () => ({}),
): Promise<ExperimentDetails> {
  const { projectId, key } = where;
  const before = await getExperiment(tx, projectId, key, true);
  checkStatus(before, action);
  const { status, audited } = OUTCOMES[action];
  await updateExperimentRow(tx, before.id, { status, ...(await change(before)) });
  const after = await getExperiment(tx, projectId, key);
  await auditExperiment(tx, acting, audited, after, before, after);
  return after;
}

/**
 * A draft's first start checks it is complete and, in a layer, reserves its slot range; a paused experiment
 * resumes with the range it kept.
 */
export const startExperiment = (tx: Database, acting: Acting, projectId: string, key: string) =>
  transition(tx, acting, { projectId, key }, 'start', async (before): Promise<StatusChange> => {
    if (before.status !== 'draft') return {};
    const issues = startIssues({ ...before, page: pageOf(before) });
    if (issues.length > 0) {
      throw new AppError('conflict', `Experiment "${key}" is not ready to start: ${issues[0]!.message}`, issues);
    }
    const range = before.layerId ? await reserveSlots(tx, projectId, before.layerId, before.layerSlots) : null;
    const now = new Date();
    return { slotStart: range?.start ?? null, slotEnd: range?.end ?? null, startedAt: now, phaseStartedAt: now };
  });

export const pauseExperiment = (tx: Database, acting: Acting, projectId: string, key: string) =>
  transition(tx, acting, { projectId, key }, 'pause');

/** Only drafts and stopped experiments are archived; neither should hold slots, and an archived one never does. */
export const archiveExperiment = (tx: Database, acting: Acting, projectId: string, key: string) =>
  transition(tx, acting, { projectId, key }, 'archive', () => ({ slotStart: null, slotEnd: null }));
