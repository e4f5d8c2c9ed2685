import type { ExperimentDecision, StopExperimentBody } from '@tabula/protocol';
import type { Database } from '../../db/client';
import type { Acting } from '../audit/service';
import { decide } from './decision';
import { transition } from './transitions';
import type { ExperimentDetails } from './types';

/** Makes the flag rules serving an experiment serve its decided version's value: the flags feature's `rollOutExperiment`. */
export type RollOutDecision = (
  tx: Database,
  acting: Acting,
  projectId: string,
  decided: { experiment: string; version: string; params: ExperimentDetails['versions'][number]['params'] },
) => Promise<void>;

/**
 * Ends a running or paused experiment: it frees its layer slots and records the decision. With `rollOut`, the flag
 * rules serving it serve the decided version's value from now on, in the same transaction.
 *
 * The caller passes the flags' roll-out: flags read experiment keys through this feature's service, so this feature
 * cannot import theirs. A stop by a refresh's alert passes `automatic`, which the decision keeps.
 */
export async function stopExperiment(
  tx: Database,
  acting: Acting,
  projectId: string,
  key: string,
  body: StopExperimentBody,
  rollOutExperiment: RollOutDecision,
  automatic?: ExperimentDecision['automatic'],
): Promise<ExperimentDetails> {
  const now = new Date();
  const stopped = await transition(tx, acting, { projectId, key }, 'stop', (before) => ({
    slotStart: null,
    slotEnd: null,
    stoppedAt: now,
    decision: { ...decide(body, before.versions, now), ...(automatic && { automatic }) },
  }));
  const decided = stopped.versions.find((version) => version.key === stopped.decision?.version);
  if (body.rollOut && decided) {
    await rollOutExperiment(tx, acting, projectId, { experiment: key, version: decided.key, params: decided.params });
  }
  return stopped;
}
