import type { ExperimentDecision, StopExperimentBody } from '@tabula/protocol';
import { invalidField } from '../../http/app-error';
import type { VersionInput } from './types';

/**
 * What stopping records: ship names the winning version, rollback the control, inconclusive none. Only a decision
 * naming a version can be rolled out to the flags that serve the experiment.
 */
export function decide(
  body: StopExperimentBody,
  versions: readonly Pick<VersionInput, 'key' | 'isControl'>[],
  decidedAt: Date,
): ExperimentDecision {
  const control = versions.find((version) => version.isControl)?.key ?? null;
  let version: string | null;
  switch (body.outcome) {
    case 'ship':
      if (body.version === undefined) throw invalidField('version', 'Please input the version to ship');
      if (!versions.some((candidate) => candidate.key === body.version)) {
        throw invalidField('version', `There is no version "${body.version}"`);
      }
      version = body.version;
      break;
    case 'rollback':
      if (body.version !== undefined && body.version !== control) {
        throw invalidField('version', `A rollback returns to the control version "${control}"`);
      }
      version = control;
      break;
    case 'inconclusive':
      if (body.version !== undefined) throw invalidField('version', 'An inconclusive decision names no version');
      if (body.rollOut) throw invalidField('rollOut', 'An inconclusive decision has no version to roll out');
      version = null;
      break;
  }
  return { outcome: body.outcome, version, note: body.note, decidedAt: decidedAt.toISOString() };
}
