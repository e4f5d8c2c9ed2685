import type { StopExperimentBody } from '@tabula/protocol';
import type { Database } from '../../db/client';
import type { Acting } from '../audit/service';
import { rollOutExperiment } from '../flags/service';
import { decide } from './decision';
import { transition } from './transitions';
import type { ExperimentDetails } from './types';

/**
 * Ends a running or paused experiment: it frees its layer slots and records the decision. With `rollOut`, the flag
 * rules serving it serve the decided version's value from now on, in the same transaction.
 *
 * Kept apart from service.ts: flags read experiment keys through that service, and this writes flags through theirs.
 */
export async function stopExperiment(
  tx: Database,
  acting: Acting,
  projectId: string,
  key: string,
  body: StopExperimentBody,
): Promise<ExperimentDetails> {
  const now = new Date();
  const stopped = await transition(tx, acting, { projectId, key }, 'stop', (before) => ({
    slotStart: null,
    slotEnd: null,
    stoppedAt: now,
    decision: decide(body, before.versions, now),
  }));
  const decided = stopped.versions.find((version) => version.key === stopped.decision?.version);
  if (body.rollOut && decided) {
    await rollOutExperiment(tx, acting, projectId, { experiment: key, version: decided.key, params: decided.params });
  }
  return stopped;
}
